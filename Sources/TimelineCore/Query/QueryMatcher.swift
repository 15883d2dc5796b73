import Foundation

/// A query prepared for matching many items: words folded once, filter values resolved once.
struct QueryMatcher {
  let words: [SearchWord]
  let statuses: Set<ItemStatus>?
  let kinds: Set<ItemKind>?
  let attributes: [SearchWord]?
  let froms: [Double]?
  let tos: [Double]?
  let priorities: [ClosedRange<Int>]?

  /// `nil` when the query selects everything, so callers can skip matching altogether.
  init?(_ query: TimelineQuery, calendar: Calendar) {
    guard !query.selectsEverything else { return nil }
    words = query.search.split(whereSeparator: \.isWhitespace).map { SearchWord(String($0)) }
    func values(_ key: FilterKey) -> [FilterToken]? {
      let matching = query.filters.filter { $0.key == key }
      return matching.isEmpty ? nil : matching
    }
    statuses = values(.status).map { Set($0.compactMap { ItemStatus(rawValue: $0.value) }) }
    kinds = values(.kind).map { Set($0.compactMap { ItemKind(rawValue: $0.value) }) }
    attributes = values(.attribute).map { $0.map { SearchWord($0.value) } }
    froms = values(.from).map {
      $0.compactMap { $0.boundary(in: calendar)?.timeIntervalSinceReferenceDate }
    }
    tos = values(.to).map {
      $0.compactMap { $0.boundary(in: calendar)?.timeIntervalSinceReferenceDate }
    }
    priorities = values(.priority).map { $0.compactMap(\.priorityRange) }
  }

  /// Whether `item`, spanning `entry`'s interval, passes every filter and the search.
  func matches(_ item: TimelineItem, _ entry: RowEntry) -> Bool {
    if let statuses, item.kind.isMarker || !statuses.contains(item.status) { return false }
    if let kinds, !kinds.contains(item.kind) { return false }
    if let priorities {
      guard let priority = item.priority, priorities.contains(where: { $0.contains(priority) })
      else { return false }
    }
    let last = entry.isAllDay ? entry.end - 0.001 : entry.end
    if let froms, !froms.contains(where: { last >= $0 }) { return false }
    if let tos, !tos.contains(where: { entry.start <= $0 }) { return false }
    if let attributes {
      guard attributes.contains(where: { wanted in item.attributes.contains { wanted.equals($0) } })
      else { return false }
    }
    for word in words where !Self.contains(item, word) { return false }
    return true
  }

  /// Whether any searchable field of `item` contains `word` (TL-10).
  static func contains(_ item: TimelineItem, _ word: SearchWord) -> Bool {
    if word.isFound(in: item.title) { return true }
    for field in [
      item.subtitle, item.description, item.supportingText, item.statusLabel, item.substatusLabel,
    ] {
      if let field, word.isFound(in: field) { return true }
    }
    return item.attributes.contains { word.isFound(in: $0) }
  }
}

/// Filter tokens tried one by one against rows, by the query's rules: what a page's filter
/// chips show or hide without asking the core again (FFB-4, TL-9). Each row says which
/// tokens it passes; within a key any active token lets a row pass, across keys all must.
public struct FilterTokenMatcher {
  public let tokens: [FilterToken]
  private let matchers: [QueryMatcher?]

  public init(_ tokens: [FilterToken], calendar: Calendar) {
    self.tokens = tokens
    matchers = tokens.map { QueryMatcher(TimelineQuery(filters: [$0]), calendar: calendar) }
  }

  /// The tokens the row at `index` of `presentation` passes, each on its own.
  public func passed(row index: Int, of presentation: TimelinePresentation) -> [FilterToken] {
    let entry = presentation.entries[index]
    let item = presentation.items[Int(entry.item)]
    return zip(tokens, matchers).compactMap { token, matcher in
      matcher.map { $0.matches(item, entry) } ?? true ? token : nil
    }
  }
}

extension TimelinePresentation {
  /// The searchable fields of the row at `index` (title, subtitle, description, supporting
  /// text, statuses, attributes), folded as search folds them (TL-10) and joined by line
  /// breaks: a page's search field finds a word where the core's search would, by looking
  /// for the word folded the same way (lowercase, without diacritics).
  public func foldedSearchText(row index: Int) -> String {
    let item = items[Int(entries[index].item)]
    var fields = [item.title]
    for field in [
      item.subtitle, item.description, item.supportingText, item.statusLabel, item.substatusLabel,
    ] {
      if let field { fields.append(field) }
    }
    fields.append(contentsOf: item.attributes)
    return SearchWord.fold(fields.joined(separator: "\n"))
  }

  /// The first and last calendar day the row at `index` covers, in the timeline's calendar:
  /// `from=DAY` keeps the row when `last >= DAY` and `to=DAY` when `first <= DAY`, which is
  /// the query's rule for days (a page compares these days instead of instants).
  public func dayRange(row index: Int) -> (first: CalendarDay, last: CalendarDay) {
    let entry = entries[index]
    let last = entry.isAllDay ? entry.end - 0.001 : max(entry.end, entry.start)
    let calendar = context.calendar
    return (
      CalendarDay(Date(timeIntervalSinceReferenceDate: entry.start), in: calendar),
      CalendarDay(Date(timeIntervalSinceReferenceDate: last), in: calendar)
    )
  }
}

extension TimelinePresentation {
  /// The rows that `query`'s filters and search leave out (its sort plays no part): a page
  /// that holds every row hides these, and can show them again when a filter is lifted.
  public func rows(notMatching query: TimelineQuery) -> Set<Int> {
    guard let matcher = QueryMatcher(query, calendar: context.calendar) else { return [] }
    var left: Set<Int> = []
    for (index, entry) in entries.enumerated()
    where !matcher.matches(items[Int(entry.item)], entry) {
      left.insert(index)
    }
    return left
  }

  /// Whether the rows in `window` (all by default) hold the now indicator.
  public func holdsNowIndicator(in window: Range<Int>? = nil) -> Bool {
    let rows = window ?? 0..<count
    switch nowIndicator {
    case .beforeRow(let row): return rows.contains(row)
    case .afterLastRow: return rows.contains(count - 1)
    case .hidden: return false
    }
  }
}
