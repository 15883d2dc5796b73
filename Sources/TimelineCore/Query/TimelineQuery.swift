/// What the user asked to see: a local search, filters and a sort (TL-10, SORT-6).
///
/// The presentation applies it: rows that do not match are left out (without copying the
/// items), tense, nodes and the now indicator are computed on the rows that remain, and
/// sections keep their chronological order while the criteria order the rows within each.
///
/// ```swift
/// let query = TimelineQuery(
///   search: "downtime", filters: [try FilterToken(parsing: "status=open")],
///   sort: try SortOrder(parsing: "priority:desc,date"))
/// let presentation = TimelinePresentation(document: document, context: context, query: query)
/// ```
public struct TimelineQuery: Sendable, Hashable {
  /// Words that must all occur (case- and diacritic-insensitive) in the title, subtitle,
  /// description, supporting text, status labels or attributes.
  public var search: String
  /// Filter values; values of one key are alternatives, different keys all apply.
  public var filters: [FilterToken]
  public var sort: SortOrder

  public init(search: String = "", filters: [FilterToken] = [], sort: SortOrder = .default) {
    self.search = search
    self.filters = filters
    self.sort = sort
  }

  /// Whether every item passes (no search words and no filters).
  public var selectsEverything: Bool {
    filters.isEmpty && search.split(whereSeparator: \.isWhitespace).isEmpty
  }
}
