import Foundation
import TimelineCore

/// The SQL of a windowed query: which rows match (filters and search as the core's
/// `QueryMatcher` decides), the display order as a list of keys (sections, the sort's
/// criteria, then chronological order, as the core's `RowOrder` sorts), and keyset
/// conditions that continue that order from a row. Values are always bound parameters.
struct WindowSQL {
  /// One key of the display order: an SQL expression and its direction.
  struct Key {
    var expression: String
    var descending: Bool
    /// Whether the expression's values are text (else numbers): a cursor's value for it
    /// must be of the same kind (PostgreSQL refuses to compare a number with text).
    var isText = false
  }

  var keys: [Key]
  /// Whether the order is ranked by a criterion other than the date (SORT-6): its sections
  /// are not units of time, and it has no now indicator.
  let isRanked: Bool
  /// `WHERE` text (without the keyword) and its arguments.
  var condition: String
  var arguments: [SQLValue]
  /// Whether the condition is more than "the timeline's top-level rows".
  var filters: Bool
  /// When the query filters by kind and status only: the condition on `section_counts`
  /// that counts its rows per section.
  var tableCounts: (condition: String, arguments: [SQLValue])?
  let dialect: SQLDialect

  /// The query's SQL; `searchIndex` looks search words up in SQLite's trigram index first
  /// (for rare words; common ones are found sooner by checking rows in display order).
  /// PostgreSQL's planner chooses for itself whether its trigram index helps.
  init(
    timeline: Int64, query: TimelineQuery, calendar: Calendar, dialect: SQLDialect,
    searchIndex: Bool = true
  ) {
    self.dialect = dialect
    keys = Self.orderKeys(query.sort, dialect: dialect)
    isRanked = query.sort.groupingField != nil
    var parts = ["timeline_id = ?", "parent_seq IS NULL"]
    var arguments: [SQLValue] = [.integer(timeline)]
    func group(_ key: FilterKey) -> [FilterToken] { query.filters.filter { $0.key == key } }
    let statuses = group(.status)
    if !statuses.isEmpty {
      parts.append(
        "kind = 'event' AND status IN (" + statuses.map { _ in "?" }.joined(separator: ", ")
          + ")")
      arguments += statuses.map { .text($0.value) }
    }
    let kinds = group(.kind)
    if !kinds.isEmpty {
      parts.append("kind IN (" + kinds.map { _ in "?" }.joined(separator: ", ") + ")")
      arguments += kinds.map { .text($0.value) }
    }
    if query.search.isEmpty,
      query.filters.allSatisfy({ $0.key == .status || $0.key == .kind })
    {
      tableCounts = (parts.dropFirst(2).reduce("timeline_id = ?") { $0 + " AND " + $1 }, arguments)
    }
    let priorities = group(.priority).compactMap(\.priorityRange)
    if !group(.priority).isEmpty {
      parts.append(
        "("
          + (priorities.isEmpty
            ? "0" : priorities.map { _ in "priority BETWEEN ? AND ?" }.joined(separator: " OR "))
          + ")")
      for range in priorities {
        arguments += [SQLValue(range.lowerBound), SQLValue(range.upperBound)]
      }
    }
    let froms = group(.from).compactMap { $0.boundary(in: calendar) }
    if !group(.from).isEmpty {
      parts.append(
        "(" + (froms.isEmpty ? "0" : froms.map { _ in "last_ts >= ?" }.joined(separator: " OR "))
          + ")")
      arguments += froms.map { .real($0.timeIntervalSinceReferenceDate) }
    }
    let tos = group(.to).compactMap { $0.boundary(in: calendar) }
    if !group(.to).isEmpty {
      parts.append(
        "(" + (tos.isEmpty ? "0" : tos.map { _ in "start_ts <= ?" }.joined(separator: " OR "))
          + ")")
      arguments += tos.map { .real($0.timeIntervalSinceReferenceDate) }
    }
    let attributes = group(.attribute)
    if !attributes.isEmpty {
      parts.append(
        "(" + attributes.map { _ in dialect.contains("attr_fold") }.joined(separator: " OR ")
          + ")")
      arguments += attributes.map { .text("\n" + TimelineText.fold($0.value) + "\n") }
    }
    let words = TimelineText.searchWords(query.search)
    // Words of three or more characters are looked up in the trigram index; every word is
    // then checked exactly on the folded text.
    let indexed = words.filter { $0.count >= 3 }
    switch dialect {
    case .sqlite:
      if searchIndex, !indexed.isEmpty {
        parts.append("rowid IN (SELECT rowid FROM items_search WHERE items_search MATCH ?)")
        arguments.append(
          .text(
            indexed.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
              .joined(separator: " AND ")))
      }
      for word in words {
        parts.append(dialect.contains("search"))
        arguments.append(.text(word))
      }
    case .postgres:
      // `LIKE '%word%'` is what the trigram index (pg_trgm) answers.
      for word in words {
        parts.append("search LIKE ?")
        arguments.append(.text("%" + Self.likeEscaped(word) + "%"))
      }
    }
    filters = parts.count > 2
    condition = parts.joined(separator: " AND ")
    self.arguments = arguments
  }

  /// The display order's keys (SORT-6): chronological by default. With the date first,
  /// sections (newest first when the date is), markers at their ends (`rank`), the other
  /// criteria in order, the date, then chronological order. With another criterion first, the whole timeline ranked: start markers first and
  /// end markers last (`rank`), the criteria, then chronological order. Rows without a
  /// priority come last in either direction.
  static func orderKeys(_ sort: TimelineCore.SortOrder, dialect: SQLDialect) -> [Key] {
    var chronological = [
      Key(expression: "start_ts", descending: false), Key(expression: "rank", descending: false),
      Key(expression: "seq", descending: false),
    ]
    guard !sort.isDefault else { return chronological }
    var keys: [Key]
    if let field = sort.groupingField {
      // An index gives the order of one criterion with chronological ties
      // (``rankedIndexes(dialect:)``). For any other, `+rank` keeps SQLite from reading
      // every row through such an index for the order of its first keys only (up to three
      // times slower than reading the rows and sorting them).
      let indexed =
        dialect.ranksWithIndex(field)
        && sort.criteria.dropFirst().allSatisfy { $0 == SortCriterion(.date) }
      keys = [Key(expression: indexed ? "rank" : "+rank", descending: false)]
      chronological.remove(at: 1)
    } else {
      keys = [
        Key(expression: "section_ts", descending: sort.reversesSections),
        Key(expression: "rank", descending: sort.reversesSections),
      ]
    }
    for criterion in sort.withinSections {
      let descending = criterion.direction == .descending
      switch criterion.field {
      case .date: keys.append(Key(expression: "start_ts", descending: descending))
      case .status: keys.append(Key(expression: "node", descending: descending))
      case .kind: keys.append(Key(expression: "kind", descending: descending, isText: true))
      case .title:
        keys.append(Key(expression: dialect.titleOrder, descending: descending, isText: true))
      case .priority:
        keys.append(
          Key(expression: "(CASE WHEN priority IS NULL THEN 1 ELSE 0 END)", descending: false))
        keys.append(Key(expression: "coalesce(priority, 0)", descending: descending))
      }
    }
    // A key already compared decides nothing again (`priority:desc,date` ends with the
    // chronological keys' `start_ts`), and left in, it keeps an index from giving the order.
    return (keys + chronological).reduce(into: []) { unique, key in
      if !unique.contains(where: { $0.expression == key.expression }) { unique.append(key) }
    }
  }

  /// The indexes of the ranked orders (SORT-6) of `fields` (by default every field that
  /// ``SQLDialect/ranksWithIndex(_:)`` in `dialect`): one per criterion and direction, on
  /// the keys ``orderKeys(_:dialect:)`` gives a sort by that criterion alone (or followed
  /// by the date), so that a window of such a ranking reads its rows in order from the index
  /// instead of sorting every row it matches. Each direction needs its own index: ties stay
  /// chronological both ways. Other orders are sorted (their rank key is `+rank`).
  static func rankedIndexes(dialect: SQLDialect, fields: [SortField]? = nil)
    -> [(name: String, definition: String)]
  {
    (fields ?? SortField.allCases.filter(dialect.ranksWithIndex)).flatMap { field in
      SortDirection.allCases.map { direction in
        let keys = orderKeys(SortOrder([SortCriterion(field, direction)]), dialect: dialect)
        let columns = keys.map { $0.expression + ($0.descending ? " DESC" : "") }
        return (
          "ranked_\(field.rawValue)_\(direction == .ascending ? "asc" : "desc")",
          "(timeline_id, " + columns.joined(separator: ", ") + ") WHERE parent_seq IS NULL"
        )
      }
    }
  }

  /// The key expressions, selected as `k0`, `k1`, … (a cursor's values).
  var keySelection: String {
    keys.enumerated().map { "\($0.element.expression) AS k\($0.offset)" }.joined(
      separator: ", ")
  }

  /// `ORDER BY` text, forwards or backwards.
  func orderBy(reversed: Bool) -> String {
    keys.map { key in
      let descending = key.descending != reversed
      return key.expression + (descending ? " DESC" : " ASC")
    }.joined(separator: ", ")
  }

  /// Rows strictly after (or, with `inclusive`, at or after) the row with key `values` in
  /// display order; before it when `backwards`.
  func continuing(from values: [SQLValue], backwards: Bool, inclusive: Bool = false)
    -> (String, [SQLValue])
  {
    var alternatives: [String] = []
    var arguments: [SQLValue] = []
    for index in keys.indices {
      var terms: [String] = []
      for earlier in 0..<index {
        terms.append("\(keys[earlier].expression) = ?")
        arguments.append(values[earlier])
      }
      let greater = keys[index].descending == backwards
      terms.append("\(keys[index].expression) \(greater ? ">" : "<") ?")
      arguments.append(values[index])
      alternatives.append("(" + terms.joined(separator: " AND ") + ")")
    }
    if inclusive {
      alternatives.append(
        "(" + keys.map { "\($0.expression) = ?" }.joined(separator: " AND ") + ")")
      arguments += values
    }
    // The first key bounds the scan, so an index on it is used.
    let first = keys[0]
    let bound = "\(first.expression) \(first.descending == backwards ? ">=" : "<=") ?"
    return (
      bound + " AND (" + alternatives.joined(separator: " OR ") + ")",
      [values[0]] + arguments
    )
  }

  /// `text` with `LIKE`'s wildcards and its escape character escaped.
  static func likeEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
