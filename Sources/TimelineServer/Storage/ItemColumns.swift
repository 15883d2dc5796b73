import Foundation
import TimelineCore

/// An item as the `items` table stores it: its own fields as columns, and the facts the
/// queries order, filter and search by (computed once, when the item is written).
struct ItemColumns {
  static let names = [
    "timeline_id", "seq", "item_id", "parent_seq", "kind", "status", "node", "rank", "title",
    "subtitle", "status_label", "substatus_label", "description", "supporting_text", "icon",
    "status_icon", "substatus_icon", "attributes", "priority", "start_instant", "start_day",
    "end_instant", "end_day", "start_ts",
    "end_ts", "last_ts", "all_day", "section_ts", "search", "attr_fold", "stamp",
  ]

  /// `INSERT INTO items(…) VALUES (?, …)`.
  static let insertSQL =
    "INSERT INTO items(\(names.joined(separator: ", "))) VALUES ("
    + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"

  /// `INSERT INTO items(…) VALUES (?, …), (?, …), …` for `rows` rows at once.
  static func insertSQL(rows: Int) -> String {
    let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
    return "INSERT INTO items(\(names.joined(separator: ", "))) VALUES "
      + Array(repeating: row, count: rows).joined(separator: ", ")
  }

  /// `UPDATE items SET … = ?, version = ? WHERE rowid = ?`: a row rewritten in place.
  static let updateSQL =
    "UPDATE items SET " + names.map { "\($0) = ?" }.joined(separator: ", ")
    + ", version = ? WHERE rowid = ?"

  /// Marks a write to a timeline: its next revision, the longest span so far, and the
  /// sequence numbers of a written item's children (after every number used so far).
  /// Arguments: the item's span, its `seq + 1`, its number of children, the timeline.
  static func markRevisionSQL(_ dialect: SQLDialect) -> String {
    """
    UPDATE timelines SET revision = revision + 1, max_span = \(dialect.greatest)(max_span, ?),
      next_seq = \(dialect.greatest)(next_seq, ?) + ? WHERE id = ? RETURNING revision, next_seq
    """
  }

  /// The columns of a row read back into an item (`Selected`'s names in snake case:
  /// `rowid, seq, item_id, kind, …`).
  static let itemSelection = Selected.allCases.map(\.column).joined(separator: ", ")

  /// A page of a timeline's rows in document order, each with its parent's id. Arguments:
  /// the timeline, the sequence number to continue after, the page's size.
  static let documentPageSQL =
    "SELECT "
    + itemSelection.split(separator: ",").map { "i." + $0.trimmingCharacters(in: .whitespaces) }
    .joined(separator: ", ")
      + """
      , p.item_id FROM items i
      LEFT JOIN items p ON p.timeline_id = i.timeline_id AND p.seq = i.parent_seq
      WHERE i.timeline_id = ? AND i.seq > ? ORDER BY i.seq LIMIT ?
      """

  /// The rows of a `documentPageSQL` answer.
  static func documentRows(_ rows: [SQLRow]) -> [DocumentRow] {
    rows.map {
      DocumentRow(
        item: item($0), parentID: $0.text(selectionCount), seq: $0.integer(.seq) ?? 0)
    }
  }

  /// The columns of `itemSelection`, in order: a row's values are read by these names.
  enum Selected: Int, CaseIterable {
    case rowid, seq, itemID, kind, status, title, subtitle, statusLabel, substatusLabel
    case description, supportingText, icon, statusIcon, substatusIcon, attributes, priority
    case startInstant, startDay
    case endInstant, endDay, version, stamp

    /// The column's name: `itemID` is `item_id`.
    var column: String { snakeCase(String(describing: self)) }
  }

  /// How many columns `itemSelection` names: a column after them is at this position.
  static let selectionCount = Selected.allCases.count

  /// The values of `insertSQL` for `item` at `seq` in `timeline`, written in revision
  /// `stamp` of the timeline.
  static func values(
    _ item: TimelineItem, timeline: Int64, seq: Int64, parentSeq: Int64?, stamp: Int64,
    unit: HeaderUnit, calendar: Calendar, sections: inout SectionCache
  ) -> [SQLValue] {
    let span = TimeSpan(item, calendar: calendar)
    let section = sections.start(of: span.start, unit: unit, calendar: calendar)
    let searchable =
      [
        item.title, item.subtitle, item.description, item.supportingText, item.statusLabel,
        item.substatusLabel,
      ].compactMap { $0 } + item.attributes
    return [
      .integer(timeline), .integer(seq), .text(item.id), SQLValue(parentSeq),
      .text(item.kind.rawValue), .text(item.status.rawValue),
      .integer(Int64(Node(kind: item.kind, status: item.status).rawValue)),
      .integer(item.kind == .start ? 0 : item.kind == .end ? 2 : 1),
      .text(item.title), SQLValue(item.subtitle), SQLValue(item.statusLabel),
      SQLValue(item.substatusLabel), SQLValue(item.description), SQLValue(item.supportingText),
      SQLValue(item.icon), SQLValue(item.statusIcon), SQLValue(item.substatusIcon),
      .text(encodeStrings(item.attributes)), SQLValue(item.priority),
      SQLValue(instant(item.start)), SQLValue(day(item.start)),
      SQLValue(item.end.flatMap(instant)), SQLValue(item.end.flatMap(day)),
      .real(span.start), .real(span.end), .real(span.isAllDay ? span.end - 0.001 : span.end),
      SQLValue(span.isAllDay), .real(section),
      // Fields are folded one by one and joined by a line break, which no search word holds.
      .text(searchable.map(fold).joined(separator: "\n")),
      .text("\n" + item.attributes.map(fold).joined(separator: "\n") + "\n"), .integer(stamp),
    ]
  }

  /// Reads an item (without children) from a row whose first columns are `itemSelection`
  /// (by position, named by `Selected`: a lookup by name costs more than the rest of the
  /// row).
  static func item(_ row: some SQLColumns) -> TimelineItem {
    TimelineItem(
      id: row.text(.itemID) ?? "",
      kind: row.text(.kind).flatMap(ItemKind.init(rawValue:)) ?? .event,
      title: row.text(.title) ?? "", subtitle: row.text(.subtitle),
      start: date(day: row.integer(.startDay), instant: row.real(.startInstant))
        ?? .instant(Date(timeIntervalSinceReferenceDate: 0)),
      end: date(day: row.integer(.endDay), instant: row.real(.endInstant)),
      status: row.text(.status).flatMap(ItemStatus.init(rawValue:)) ?? .open,
      statusLabel: row.text(.statusLabel), substatusLabel: row.text(.substatusLabel),
      description: row.text(.description), supportingText: row.text(.supportingText),
      attributes: decodeStrings(row.text(.attributes)),
      priority: row.integer(.priority).map(Int.init), icon: row.text(.icon),
      statusIcon: row.text(.statusIcon), substatusIcon: row.text(.substatusIcon))
  }

  /// A date from its two columns: a whole day (days since 1970-01-01) or an instant
  /// (seconds since 2001-01-01); nil when both are null.
  static func date(day: Int64?, instant: Double?) -> TimelineDate? {
    if let day { return .day(CalendarDay(daysSinceEpoch: Int(day))) }
    return instant.map { .instant(Date(timeIntervalSinceReferenceDate: $0)) }
  }

  static func instant(_ date: TimelineDate) -> Double? {
    if case .instant(let value) = date { return value.timeIntervalSinceReferenceDate }
    return nil
  }

  static func day(_ date: TimelineDate) -> Int? {
    if case .day(let value) = date { return value.daysSinceEpoch }
    return nil
  }

  /// A list of strings as a JSON array.
  static func encodeStrings(_ strings: [String]) -> String {
    "[" + strings.map(JSONString.quoted).joined(separator: ",") + "]"
  }

  static func decodeStrings(_ text: String?) -> [String] {
    guard let text, text != "[]" else { return [] }
    return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]) ?? []
  }
}

/// An item's interval as the core orders and tenses it: seconds since the reference date;
/// an all-day item runs from the start of its first day to the start of the day after its
/// last, in the timeline's zone.
struct TimeSpan {
  var start: Double
  var end: Double
  var isAllDay: Bool

  init(_ item: TimelineItem, calendar: Calendar) {
    switch item.start {
    case .instant(let date):
      start = date.timeIntervalSinceReferenceDate
      isAllDay = false
      if case .instant(let last)? = item.end {
        end = max(start, last.timeIntervalSinceReferenceDate)
      } else {
        end = start
      }
    case .day(let first):
      start = first.startDate(in: calendar).timeIntervalSinceReferenceDate
      isAllDay = true
      var last = first
      if case .day(let day)? = item.end, day > first { last = day }
      end = last.adding(days: 1).startDate(in: calendar).timeIntervalSinceReferenceDate
    }
  }
}

/// The section last looked up: items mostly arrive in order, so most rows fall in the
/// section before them and need no calendar computation.
struct SectionCache {
  var interval: Range<Double>?

  mutating func start(of instant: Double, unit: HeaderUnit, calendar: Calendar) -> Double {
    if let interval, interval.contains(instant) { return interval.lowerBound }
    guard
      let found = calendar.dateInterval(
        of: unit.calendarComponent, for: Date(timeIntervalSinceReferenceDate: instant))
    else { return instant }
    let range =
      found.start.timeIntervalSinceReferenceDate..<found.end.timeIntervalSinceReferenceDate
    interval = range
    return range.lowerBound
  }
}

/// Folds text as search does; ASCII text (most of it) is only lowercased, which is what
/// folding does to it.
func fold(_ text: String) -> String {
  // All ASCII when there are as many scalars as bytes; the standard library's lowercasing
  // (optimized even in a debug build) then does what folding does.
  if text.utf8.count == text.unicodeScalars.count { return text.lowercased() }
  return TimelineText.fold(text)
}
