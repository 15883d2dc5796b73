import Foundation

/// A run of rows that share one parent time unit, named by a sticky header (TL-3), or, in
/// a ranked order (SORT-6), one value of the sort's first criterion.
public struct TimelineSection: Sendable, Hashable {
  /// The rows of the section, as indices into the presentation.
  public var rows: Range<Int>
  /// The unit's interval (e.g. the whole day) in the timeline's time zone; in a ranked
  /// order, the instant of the section's first row.
  public var interval: DateInterval
  /// The value the section's rows share in a ranked order; `nil` for a unit of time.
  public var group: SectionGroup?

  public init(rows: Range<Int>, interval: DateInterval, group: SectionGroup? = nil) {
    self.rows = rows
    self.interval = interval
    self.group = group
  }
}

/// What the rows of a section share when the timeline is ranked by another criterion than
/// the date (SORT-6): one value of the first criterion. Start markers stay first and end
/// markers last, each in a section of their own.
public enum SectionGroup: Sendable, Hashable {
  /// Rows in one status (their node).
  case status(Node)
  /// Rows of one priority; `nil`: rows without one (always last).
  case priority(Int?)
  /// Rows of one kind.
  case kind(ItemKind)
  /// Rows whose title starts with this letter, folded as the title sort folds it ("É" and
  /// "e" are "E"); characters that are not letters stand for themselves.
  case initial(String)
  /// The start markers at the top, or the end markers at the bottom.
  case markers(ItemKind)

  /// The group of an item in a ranked order by `field`.
  static func of(_ item: TimelineItem, node: Node, rank: UInt8, field: SortField, locale: Locale)
    -> SectionGroup
  {
    if rank != 1 { return .markers(rank == 0 ? .start : .end) }
    switch field {
    case .status: return .status(node)
    case .priority: return .priority(item.priority)
    case .kind: return .kind(item.kind)
    case .title: return .initial(initial(of: item.title, locale: locale))
    case .date: return .status(node)  // Not a grouping field: dates make units of time.
    }
  }

  /// The folded, upper-case first character of `title` ("" for an empty title).
  static func initial(of title: String, locale: Locale) -> String {
    guard let first = title.first else { return "" }
    return SearchWord.fold(String(first)).uppercased(with: locale)
  }
}
