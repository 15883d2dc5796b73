/// The "sort by multiple criteria" control (SORT-1 … SORT-5): checkbox options in a list;
/// selected ones carry a drag handle and a direction toggle, and their order in the list is
/// the order the criteria apply in.
///
/// ```swift
/// var sort = MultiSortModel()          // Date (oldest first) selected
/// sort.select(.priority)               // stays in its place
/// sort.move(.priority, to: 0)          // priority first
/// sort.toggleDirection(.priority)      // "High to Low"
/// sort.sortOrder                       // priority:desc, date
/// ```
public struct MultiSortModel: Hashable, Sendable {
  /// One checkbox cell.
  public struct Option: Hashable, Sendable {
    public var field: SortField
    public var isSelected: Bool
    public var direction: SortDirection
    /// Only selected options can be dragged (SORT-2).
    public var hasDragHandle: Bool { isSelected }
  }

  /// The cells, in display order.
  public private(set) var options: [Option]
  /// The last valid order; kept while nothing is selected (SORT-5).
  public private(set) var lastValidOrder: SortOrder

  /// Options for `fields` in that order, with `order`'s criteria selected and moved first.
  public init(fields: [SortField] = SortField.allCases, order: SortOrder = .default) {
    let selected = order.criteria.filter { fields.contains($0.field) }
    let rest = fields.filter { field in !selected.contains { $0.field == field } }
    options =
      selected.map { Option(field: $0.field, isSelected: true, direction: $0.direction) }
      + rest.map { Option(field: $0, isSelected: false, direction: .ascending) }
    lastValidOrder = selected.isEmpty ? .default : SortOrder(selected)
  }

  /// The selected criteria in list order.
  public var sortOrder: SortOrder {
    SortOrder(options.filter(\.isSelected).map { SortCriterion($0.field, $0.direction) })
  }

  /// The order the list is sorted by: the selection, or the last valid one (SORT-5).
  public var effectiveOrder: SortOrder { isValid ? sortOrder : lastValidOrder }

  /// At least one criterion is selected.
  public var isValid: Bool { options.contains(where: \.isSelected) }

  /// The error message that replaces the helper text when nothing is selected (SORT-5).
  public var errorMessage: String? { errorMessage(strings: .english) }

  /// ``errorMessage`` in the language of `strings`.
  public func errorMessage(strings: ControlStrings) -> String? {
    isValid ? nil : strings.sortError
  }

  /// Selects `field` where it stands (SORT-3).
  public mutating func select(_ field: SortField) { setSelected(field, true) }

  /// Deselects `field` where it stands (SORT-3).
  public mutating func deselect(_ field: SortField) { setSelected(field, false) }

  /// Toggles the checkbox of `field`.
  public mutating func toggleSelection(_ field: SortField) {
    guard let index = index(of: field) else { return }
    setSelected(field, !options[index].isSelected)
  }

  /// Flips `field`'s direction; only selected criteria have a toggle (SORT-4).
  public mutating func toggleDirection(_ field: SortField) {
    guard let index = index(of: field), options[index].isSelected else { return }
    options[index].direction = options[index].direction.toggled
    remember()
  }

  /// Moves a selected `field` to `destination` in the list; unselected options have no
  /// handle and do not move (SORT-2).
  public mutating func move(_ field: SortField, to destination: Int) {
    guard let index = index(of: field), options[index].isSelected else { return }
    let option = options.remove(at: index)
    options.insert(option, at: min(max(0, destination), options.count))
    remember()
  }

  /// Moves a selected `field` one place up (keyboard reordering).
  public mutating func moveUp(_ field: SortField) {
    guard let index = index(of: field) else { return }
    move(field, to: index - 1)
  }

  /// Moves a selected `field` one place down (keyboard reordering).
  public mutating func moveDown(_ field: SortField) {
    guard let index = index(of: field) else { return }
    move(field, to: index + 1)
  }

  /// The toggle's label in context (SORT-4): "Oldest first", "A to Z", "Low to High"…
  public static func directionLabel(
    _ field: SortField, _ direction: SortDirection, strings: ControlStrings
  ) -> String {
    let ascending = direction == .ascending
    switch field.valueKind {
    case .date: return ascending ? strings.oldestFirst : strings.newestFirst
    case .text: return ascending ? strings.aToZ : strings.zToA
    case .number: return ascending ? strings.lowToHigh : strings.highToLow
    case .workflow: return ascending ? strings.openFirst : strings.completedFirst
    }
  }

  /// The option's title.
  public static func title(_ field: SortField, strings: ControlStrings) -> String {
    switch field {
    case .date: strings.date
    case .title: strings.title
    case .status: strings.status
    case .priority: strings.priority
    case .kind: strings.type
    }
  }

  private func index(of field: SortField) -> Int? { options.firstIndex { $0.field == field } }

  private mutating func setSelected(_ field: SortField, _ selected: Bool) {
    guard let index = index(of: field) else { return }
    options[index].isSelected = selected
    remember()
  }

  private mutating func remember() {
    if isValid { lastValidOrder = sortOrder }
  }
}
