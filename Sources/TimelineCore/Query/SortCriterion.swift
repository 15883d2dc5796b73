/// What rows can be sorted by (SORT-1). A closed set: the presentation knows how to
/// compare each.
public enum SortField: String, Sendable, Hashable, CaseIterable, Codable {
  case date, title, status, priority, kind

  /// The kind of values compared, which decides the direction labels (SORT-4).
  public var valueKind: ValueKind {
    switch self {
    case .date: .date
    case .title, .kind: .text
    case .priority: .number
    case .status: .workflow
    }
  }

  /// Value kinds with their own direction labels.
  public enum ValueKind: Sendable, Hashable { case date, text, number, workflow }
}

/// Ascending or descending.
public enum SortDirection: String, Sendable, Hashable, CaseIterable, Codable {
  case ascending, descending

  public var toggled: SortDirection { self == .ascending ? .descending : .ascending }
}

/// One criterion of a multi-criteria sort: a field and a direction.
public struct SortCriterion: Sendable, Hashable {
  public var field: SortField
  public var direction: SortDirection

  public init(_ field: SortField, _ direction: SortDirection = .ascending) {
    self.field = field
    self.direction = direction
  }
}

/// The criteria applied in order (SORT-6). The default is chronological, oldest first.
///
/// ```swift
/// let order = try SortOrder(parsing: "priority:desc,date")
/// ```
public struct SortOrder: Sendable, Hashable {
  public var criteria: [SortCriterion]

  public init(_ criteria: [SortCriterion]) { self.criteria = criteria }

  /// Oldest first: the timeline's natural order, never shown as a chip (FFB-2).
  public static let `default` = SortOrder([SortCriterion(.date)])

  /// Whether this is the default order.
  public var isDefault: Bool { self == .default }

  /// Whether sections run newest first: the date criterion is descending (SORT-6).
  /// Only date sections are reversed; in a ranked order (``groupingField``) the criteria
  /// decide everything.
  public var reversesSections: Bool {
    groupingField == nil && criteria.first { $0.field == .date }?.direction == .descending
  }

  /// The field that groups rows into sections when another criterion than the date comes
  /// first (SORT-6): the whole timeline is then ranked by the criteria, and sections hold
  /// the rows of one value of this field. `nil` when the date comes first (sections are
  /// units of time, as in the default order).
  public var groupingField: SortField? {
    guard let first = criteria.first, first.field != .date else { return nil }
    return first.field
  }

  /// The criteria that order the rows of a section, in order. With the date first its
  /// sections are units of time, so the other criteria decide within them and the date, in
  /// its direction, orders only their ties (`date,priority:desc`: each day's rows from the
  /// highest priority down). In a ranked order, the criteria as they are.
  public var withinSections: [SortCriterion] {
    guard groupingField == nil, let first = criteria.first else { return criteria }
    return Array(criteria.dropFirst()) + [first]
  }

  /// Parses `name[:asc|:desc]` criteria separated by commas, e.g. `priority:desc,date`.
  public init(parsing text: String) throws(QueryError) {
    var criteria: [SortCriterion] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pieces = part.split(separator: ":", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let name = pieces.first, let field = SortField(rawValue: name) else {
        throw QueryError(
          value: String(part), accepted: SortField.allCases.map(\.rawValue), what: "sort criterion")
      }
      var direction = SortDirection.ascending
      if pieces.count == 2 {
        switch pieces[1] {
        case "asc", "ascending": direction = .ascending
        case "desc", "descending": direction = .descending
        default:
          throw QueryError(value: pieces[1], accepted: ["asc", "desc"], what: "sort direction")
        }
      }
      guard !criteria.contains(where: { $0.field == field }) else {
        throw QueryError(
          value: name, accepted: SortField.allCases.map(\.rawValue), what: "repeated sort criterion"
        )
      }
      criteria.append(SortCriterion(field, direction))
    }
    self.criteria = criteria
  }
}
