extension SortFilterDialog {
  /// The Sort & Filter dialog of a timeline: status, type, and (when the timeline has any)
  /// attribute as checkbox groups in form order, then the multi-criteria sort, with
  /// `filters` and `sort` applied and its groups named in the language of `strings`.
  /// A date range (`from`, `to`) and a priority range have no options to tick; a page
  /// offers each as two fields (see ``dateRange(in:)`` and ``priorityRange(in:offered:)``).
  /// Only several priority filters applied at once (typed into an address), which one range
  /// cannot hold, stay a group of their own, ticked.
  ///
  /// - Parameters:
  ///   - filters: the filters applied now, ticked in their groups.
  ///   - sort: the sort applied now.
  ///   - strings: the words that name the groups.
  ///   - attributes: the attribute values to offer, in order (see ``options(for:limit:)``).
  ///
  /// An applied filter the timeline does not offer (an attribute no item has) stays in its
  /// group, ticked, so that applying the dialog keeps it.
  public static func standard(
    filters: [FilterToken], sort: SortOrder, strings: ControlStrings,
    attributes: [String] = []
  ) -> SortFilterDialog {
    func field(_ key: FilterKey, _ values: [String]) -> Field {
      var options = values.compactMap { try? FilterToken(key, $0) }
      for token in filters where token.key == key && !options.contains(token) {
        options.append(token)
      }
      return Field(
        key: key, title: title(of: key, strings: strings) ?? key.rawValue, options: options,
        selected: filters.filter { options.contains($0) })
    }
    var fields = [
      field(.status, ItemStatus.allCases.map(\.rawValue)),
      field(.kind, ItemKind.allCases.map(\.rawValue)),
    ]
    let applied = Set(filters.map(\.key))
    if !attributes.isEmpty || applied.contains(.attribute) {
      fields.append(field(.attribute, attributes))
    }
    if filters.count(where: { $0.key == .priority }) > 1 {
      fields.append(field(.priority, []))
    }
    return SortFilterDialog(fields: fields, sort: MultiSortModel(order: sort))
  }

  /// The selection view of the chips of `key` (FFB-8): the form's values of that key, then
  /// any of the bar's filters of that key the form does not offer, with the bar's active
  /// ones chosen, titled in the language of `strings`; `nil` for a day (`from`, `to`: the
  /// dialog's date range) or when neither offers a value.
  public func selection(
    for key: FilterKey, bar: FilterFeedbackBar, strings: ControlStrings
  ) -> Field? {
    guard let title = Self.title(of: key, strings: strings) else { return nil }
    let form = fields.first { $0.key == key }
    var options = form?.options ?? []
    for token in bar.fastFilters.map(\.token) + bar.activeFilters
    where token.key == key && !options.contains(token) {
      options.append(token)
    }
    guard !options.isEmpty else { return nil }
    return Field(
      key: key, title: title, options: options,
      selected: bar.activeFilters.filter { $0.key == key })
  }

  /// The title of the group of `key`'s values; `nil` for days (the date range).
  static func title(of key: FilterKey, strings: ControlStrings) -> String? {
    switch key {
    case .status: strings.status
    case .kind: strings.type
    case .attribute: strings.attribute
    case .priority: strings.priority
    case .from, .to: nil
    }
  }

  /// The values a timeline's items offer for the dialog's attribute and priority groups:
  /// attributes as ``offered(attributes:limit:)`` lists them, priorities ascending.
  public static func options(
    for items: [TimelineItem], limit: Int = 50
  ) -> (attributes: [String], priorities: [Int]) {
    var attributes = Set<String>()
    var priorities = Set<Int>()
    for item in items {
      for child in [item] + item.children {
        if let priority = child.priority { priorities.insert(priority) }
        attributes.formUnion(child.attributes)
      }
    }
    return (offered(attributes: attributes, limit: limit), priorities.sorted())
  }

  /// The attributes the dialog offers from a timeline's distinct `attributes`: in code point
  /// order (the order a database index keeps them in, so a stored timeline offers the same),
  /// at most `limit` so that a dialog stays usable.
  public static func offered(attributes: Set<String>, limit: Int = 50) -> [String] {
    Array(
      attributes.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        .prefix(limit))
  }

  /// The dialog's priority range: from the lowest to the highest priority the timeline
  /// offers (the fields' bounds), with the ends of the one priority filter among `filters`
  /// (`2..5`, `4..`, `3`); no ends while none or several are applied (several stay a group,
  /// see ``standard(filters:sort:strings:attributes:)``). `nil` when the timeline
  /// has no priorities and none is applied.
  public static func priorityRange(
    in filters: [FilterToken], offered priorities: [Int]
  ) -> PriorityRange? {
    let applied = filters.filter { $0.key == .priority }
    guard !priorities.isEmpty || !applied.isEmpty else { return nil }
    var range = PriorityRange(lowest: priorities.min(), highest: priorities.max())
    if applied.count == 1, let ends = applied[0].priorityEnds {
      (range.from, range.to) = ends
    }
    return range
  }

  /// The priority range of the dialog (``priorityRange(in:offered:)``).
  public struct PriorityRange: Hashable, Sendable {
    /// The lowest and highest priority the timeline's items have.
    public var lowest: Int?
    public var highest: Int?
    /// The applied range's ends; `nil` for an open end.
    public var from: Int?
    public var to: Int?

    public init(lowest: Int? = nil, highest: Int? = nil, from: Int? = nil, to: Int? = nil) {
      self.lowest = lowest
      self.highest = highest
      self.from = from
      self.to = to
    }

    /// The filter the two ends stand for (``FilterToken/priority(from:to:)``).
    public var token: FilterToken? { FilterToken.priority(from: from, to: to) }
  }

  /// The applied date range: the days of the `from` and `to` filters among `filters`.
  public static func dateRange(
    in filters: [FilterToken]
  ) -> (from: CalendarDay?, to: CalendarDay?) {
    func day(_ key: FilterKey) -> CalendarDay? {
      filters.first { $0.key == key }.flatMap { CalendarDay(parsing: $0.value) }
    }
    return (day(.from), day(.to))
  }
}
