import Foundation
import TimelineCore

/// One row of a window as read: the item, its node and its order keys.
struct KeyedRow {
  var item: TimelineItem
  var seq: Int64
  var node: Node
  var section: Double
  var keys: [SQLValue]
}

/// Runs a window's statements in one consistent state of its timeline (a read transaction,
/// or reads that check the timeline's revision): SQLite and PostgreSQL each have one.
protocol WindowSource: Sendable {
  /// The rows `sql` selects with `arguments` bound to its `?` placeholders.
  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow]
}

/// Reads windows of one query from one state of its timeline (so counts and rows agree).
/// Both stores use it: only their `WindowSource` differs.
struct WindowReader {
  let source: any WindowSource
  let sql: WindowSQL
  let maxSpan: Double
  let counts: SectionCounts

  /// The most rows one window holds.
  static let maximumWindow = 500

  /// Timelines up to this many rows are searched by checking each row's text rather than
  /// through the search index.
  static let directSearchRows = 5_000

  /// The window `request` asks for, from `source`, in the state whose facts `info` holds;
  /// section counts come from `cache` when this query was counted at this revision.
  static func window(
    _ request: WindowRequest, info: TimelineInfo, source: any WindowSource, cache: CountCache,
    dialect: SQLDialect
  ) async throws -> WindowResult {
    let calendar = request.context.calendar
    // The search index holds every timeline's rows: a common word's matches in a large
    // timeline cost a small one's search as much as a large one's. A small timeline's rows
    // are checked directly, which costs at most `directSearchRows` rows.
    let indexed = WindowSQL(
      timeline: request.timeline, query: request.query, calendar: calendar, dialect: dialect,
      searchIndex: info.count > directSearchRows)
    // The same condition checked row by row, without the search index.
    let direct =
      request.query.search.isEmpty
      ? indexed
      : WindowSQL(
        timeline: request.timeline, query: request.query, calendar: calendar, dialect: dialect,
        searchIndex: false)
    let counts = try await cache.counts(
      indexed, revision: info.revision, timeline: request.timeline, probe: direct
    ) {
      try await SectionCounts.read(source, sql: indexed)
    }
    // Words in more than one row in fifty are found sooner by checking the rows in
    // display order than by reading every match from the index.
    let sql = counts.total * 50 < info.count ? indexed : direct
    let reader = WindowReader(source: source, sql: sql, maxSpan: info.maxSpan, counts: counts)
    return try await reader.window(request)
  }

  /// The rows matching the query and `extra`, searched with `index` when given.
  func count(
    extra: String = "", _ arguments: [SQLValue] = [], index: String? = nil
  ) async throws -> Int {
    let rows = try await source.rows(
      "SELECT COUNT(*) FROM items\(index.map(sql.dialect.indexed(by:)) ?? "") WHERE \(sql.condition)\(extra.isEmpty ? "" : " AND " + extra)",
      sql.arguments + arguments)
    return rows.first?.integer(0).map(Int.init) ?? 0
  }

  /// Up to `limit` rows in display order (backwards when `backwards`), after `extra`.
  func rows(
    _ extra: String?, _ arguments: [SQLValue], backwards: Bool, limit: Int,
    order: String? = nil
  ) async throws -> [KeyedRow] {
    let text = """
      SELECT \(ItemColumns.itemSelection), node, section_ts, \(sql.keySelection) FROM items
      WHERE \(sql.condition)\(extra.map { " AND " + $0 } ?? "")
      ORDER BY \(order ?? sql.orderBy(reversed: backwards)) LIMIT ?
      """
    let first = ItemColumns.selectionCount
    return try await source.rows(text, sql.arguments + arguments + [.integer(Int64(limit))]).map {
      row in
      KeyedRow(
        item: ItemColumns.item(row), seq: row.integer(1) ?? 0,
        node: Node(rawValue: UInt8(clamping: row.integer(first) ?? 0)) ?? .open,
        section: row.real(first + 1) ?? 0,
        keys: Array(row.values[(first + 2)...]))
    }
  }

  /// The row the now indicator stands before at `instant` (TL-6): the first current row in
  /// display order, else the earliest future row; `nil` when every row is past.
  func nowRow(at instant: Date, calendar: Calendar) async throws -> KeyedRow? {
    let (today, next) = Self.day(of: instant, calendar: calendar)
    let current = try await rows(
      "start_ts >= ? AND start_ts < ? AND " + Self.notEnded,
      [.real(today - maxSpan - 1), .real(next)] + Self.notEndedArguments(today: today),
      backwards: false, limit: 1)
    if let first = current.first { return first }
    return try await rows(
      "start_ts >= ?", [.real(next)], backwards: false, limit: 1,
      order: "start_ts ASC, " + sql.orderBy(reversed: false)
    ).first
  }

  /// The rows shown before `row` in display order: those of the sections before its
  /// section, then those before it in its own section.
  func position(of row: KeyedRow) async throws -> Int {
    guard !sql.isRanked else {
      // A ranked order (SORT-6): its sections are not units of time, so the rows before
      // are counted.
      let (extra, arguments) = sql.continuing(from: row.keys, backwards: true)
      return try await count(extra: extra, arguments)
    }
    let before = counts.rows(before: row.section, newestFirst: sql.keys[0].descending)
    guard sql.keys[0].expression == "section_ts" else {
      // Chronological order: a row starts in its section (`start_ts >= section_ts`), and
      // saying so bounds the scan of the chronological index to the section.
      let (extra, arguments) = sql.continuing(from: row.keys, backwards: true)
      return try await before
        + count(
          extra: "section_ts = ? AND start_ts >= ? AND " + extra,
          [.real(row.section), .real(row.section)] + arguments)
    }
    // Sections first: within the section the order continues by the other keys, and the
    // sections index is searched for `section_ts = ?`.
    var within = sql
    within.keys.removeFirst()
    let (extra, arguments) = within.continuing(
      from: Array(row.keys.dropFirst()), backwards: true)
    return try await before
      + count(
        extra: "section_ts = ? AND " + extra, [.real(row.section)] + arguments,
        index: "items_sections")
  }

  func window(_ request: WindowRequest) async throws -> WindowResult {
    let total = counts.total
    let view = WindowCursor.view(of: request)
    let limit = max(1, min(request.limit, Self.maximumWindow))
    let calendar = request.context.calendar
    // A ranked order (SORT-6) has no now indicator: it opens at its first row.
    let ranked = sql.isRanked
    let now = ranked ? nil : try await nowRow(at: request.context.now, calendar: calendar)
    let reversed = request.query.sort.reversesSections
    // `before` runs nearest first. The window's offset is `end - shown rows before` when
    // `end` (the place where the rows after begin) is known, else `start`.
    var before: [KeyedRow] = []
    var after: [KeyedRow] = []
    var start = 0
    var end: Int?
    var cursorAbove: Node?
    var cursorBelow: Node?
    switch request.anchor {
    case .after(let text):
      let cursor = try WindowCursor(text, keys: sql.keys, view: view, parameter: "after")
      let (extra, arguments) = sql.continuing(from: cursor.keys, backwards: false)
      after = try await rows(extra, arguments, backwards: false, limit: limit + 1)
      // A cursor from before rows were deleted may stand past the end now.
      start = min(cursor.position, total) + 1
      cursorAbove = cursor.node
    case .before(let text):
      let cursor = try WindowCursor(text, keys: sql.keys, view: view, parameter: "before")
      let (extra, arguments) = sql.continuing(from: cursor.keys, backwards: true)
      before = try await rows(extra, arguments, backwards: true, limit: limit + 1)
      end = min(cursor.position, total)
      cursorBelow = cursor.node
    case .start:
      after = try await rows(nil, [], backwards: false, limit: limit + 1)
    case .now, .date, .item:
      var anchor = now
      if case .date(let instant) = request.anchor, !ranked {
        anchor = try await nowRow(at: instant, calendar: calendar)
      }
      // At the item; at now when the view does not hold it (deleted, or filtered out since
      // its address was copied). A live redraw asking for its row finds no element of that
      // id in the window, and removes the row.
      if case .item(let id) = request.anchor,
        let row = try await rows("item_id = ?", [.text(id)], backwards: false, limit: 1).first
      {
        anchor = row
      }
      if let anchor {
        let (backExtra, backArguments) = sql.continuing(from: anchor.keys, backwards: true)
        let (extra, arguments) = sql.continuing(
          from: anchor.keys, backwards: false, inclusive: true)
        after = try await rows(extra, arguments, backwards: false, limit: limit + 1)
        // A third of the window before the indicator, or more when the rows after run out.
        let wanted = max(limit / 3, limit - min(after.count, limit))
        before = try await rows(backExtra, backArguments, backwards: true, limit: wanted + 1)
        end = try await position(of: anchor)
      } else if reversed || ranked {
        after = try await rows(nil, [], backwards: false, limit: limit + 1)
      } else {
        before = try await rows(nil, [], backwards: true, limit: limit + 1)
        end = total
      }
    }
    let shownBefore = Array(before.prefix(max(limit / 3, limit - min(after.count, limit))))
    let shownAfter = Array(after.prefix(limit - shownBefore.count))
    let rows = shownBefore.reversed() + shownAfter
    let offset = end.map { max(0, $0 - shownBefore.count) } ?? start
    let nodeAbove =
      before.count > shownBefore.count ? before[shownBefore.count].node : cursorAbove
    let nodeBelow = after.count > shownAfter.count ? after[shownAfter.count].node : cursorBelow
    var frame = TimelineWindow(
      offset: offset, total: total, nowBeforeID: now?.item.id,
      nowAfterLast: now == nil && total > 0 && !reversed && !ranked, nodeAbove: nodeAbove,
      nodeBelow: nodeBelow)
    if !request.folding.isEmpty {
      frame.sectionFacts = try await sectionFacts(
        of: rows, grouping: request.query.sort.groupingField, at: request.context.now,
        calendar: calendar)
    }
    return WindowResult(
      items: try await withChildren(rows), frame: frame,
      before: nodeAbove == nil
        ? nil : rows.first.map { WindowCursor(position: offset, row: $0, view: view).text },
      after: nodeBelow == nil
        ? nil
        : rows.last.map {
          WindowCursor(position: offset + rows.count - 1, row: $0, view: view).text
        })
  }

  /// Rows that have not ended before the day starting at `today` (TL-4 by day: an all-day
  /// row's end is the start of the day after its last), with ``notEndedArguments(today:)``.
  static let notEnded = "((all_day = 1 AND end_ts > ?) OR (all_day = 0 AND end_ts >= ?))"

  static func notEndedArguments(today: Double) -> [SQLValue] { [.real(today), .real(today)] }

  /// The start of `instant`'s day and of the next, as the store keeps instants: the day
  /// by which the app decides tense (TL-4) and where the now indicator stands (TL-6).
  static func day(of instant: Date, calendar: Calendar) -> (start: Double, next: Double) {
    let start = calendar.startOfDay(for: instant)
    let next = calendar.date(byAdding: .day, value: 1, to: start) ?? start + 86_400
    return (start.timeIntervalSinceReferenceDate, next.timeIntervalSinceReferenceDate)
  }

  /// What each section of `rows` holds in the whole view: its rows by node, and whether all
  /// are past at `instant` (TL-4 by day, as the app decides tense: a row is past when it
  /// ended before today). Sections are units of time, or in a ranked order (`grouping`) the
  /// rows of one status, priority or type, with the markers apart. A ranking by title is
  /// left to the window's own rows: its initials fold letters as the core does, which SQL
  /// cannot repeat.
  func sectionFacts(
    of rows: [KeyedRow], grouping: SortField?, at instant: Date, calendar: Calendar
  ) async throws -> [String: SectionFacts] {
    guard !rows.isEmpty else { return [:] }
    let markers = { (row: SQLRow) -> String? in
      row.integer(0) == 1 ? nil : "markers-" + (row.integer(0) == 0 ? "start" : "end")
    }
    switch grouping {
    case nil:
      let sections = Set(rows.map(\.section)).sorted()
      return try await facts(
        groups: "section_ts",
        within: "section_ts IN (\(sections.map { _ in "?" }.joined(separator: ",")))",
        sections.map(SQLValue.real), at: instant, calendar: calendar
      ) { row in
        row.real(0).map {
          CalendarDay(Date(timeIntervalSinceReferenceDate: $0), in: calendar).description
        }
      }
    case .status:
      return try await facts(groups: "rank, node", at: instant, calendar: calendar) { row in
        markers(row)
          ?? Node(rawValue: UInt8(clamping: row.integer(1) ?? 0)).map { "status-" + $0.name }
      }
    case .priority:
      return try await facts(groups: "rank, priority", at: instant, calendar: calendar) { row in
        markers(row) ?? "priority-" + (row.integer(1).map(String.init) ?? "none")
      }
    case .kind:
      return try await facts(groups: "rank, kind", at: instant, calendar: calendar) { row in
        markers(row) ?? row.text(1).map { "kind-" + $0 }
      }
    case .title, .date:
      return [:]
    }
  }

  /// The rows of the view counted by `groups` (its columns first in each row) and node,
  /// `within` narrowing them; `key` names the section of a group (nil: none).
  private func facts(
    groups: String, within: String? = nil, _ arguments: [SQLValue] = [], at instant: Date,
    calendar: Calendar, key: (SQLRow) -> String?
  ) async throws -> [String: SectionFacts] {
    let (today, tomorrow) = Self.day(of: instant, calendar: calendar)
    let width = groups.split(separator: ",").count
    let rows = try await source.rows(
      """
      SELECT \(groups), node, COUNT(*),
        SUM(CASE WHEN start_ts >= ? OR \(Self.notEnded) THEN 1 ELSE 0 END)
      FROM items WHERE \(sql.condition)\(within.map { " AND " + $0 } ?? "")
      GROUP BY \(groups), node
      """,
      [.real(tomorrow)] + Self.notEndedArguments(today: today) + sql.arguments + arguments)
    var counts: [String: (nodes: [Node: Int], notPast: Int)] = [:]
    for row in rows {
      guard let section = key(row),
        let node = Node(rawValue: UInt8(clamping: row.integer(width) ?? 0))
      else { continue }
      counts[section, default: ([:], 0)].nodes[node, default: 0] += Int(
        row.integer(width + 1) ?? 0)
      counts[section, default: ([:], 0)].notPast += Int(row.integer(width + 2) ?? 0)
    }
    return counts.mapValues {
      SectionFacts(summary: SectionSummary(counting: $0.nodes), isPast: $0.notPast == 0)
    }
  }

  /// The power of two at or above `count` (at least 1).
  static func placesFor(_ count: Int) -> Int {
    count <= 1 ? 1 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
  }

  /// The rows' items with their children (one query for the window).
  func withChildren(_ rows: [KeyedRow]) async throws -> [TimelineItem] {
    var items = rows.map(\.item)
    guard !rows.isEmpty else { return items }
    var index: [Int64: Int] = [:]
    for (position, row) in rows.enumerated() { index[row.seq] = position }
    // As many places as the next power of two (the last one repeated), so windows of
    // different sizes share a few statements that stay prepared.
    var seqs = rows.map(\.seq)
    seqs += repeatElement(seqs[seqs.count - 1], count: Self.placesFor(seqs.count) - seqs.count)
    let children = try await source.rows(
      """
      SELECT \(ItemColumns.itemSelection), parent_seq FROM items
      WHERE timeline_id = ? AND parent_seq IN (\(seqs.map { _ in "?" }.joined(separator: ",")))
      ORDER BY parent_seq, seq
      """,
      [sql.arguments[0]] + seqs.map(SQLValue.integer))
    for row in children {
      if let parent = row.integer(ItemColumns.selectionCount), let position = index[parent] {
        items[position].appendChild(ItemColumns.item(row))
      }
    }
    return items
  }
}

/// A place in a window's order, handed to clients as an opaque string: the row's position,
/// its node (for the line at the window's edge) and its order keys.
struct WindowCursor {
  var position: Int
  var node: Node
  var keys: [SQLValue]
  /// The view the cursor was handed out for (``view(of:)``): its position and keys mean
  /// nothing in another.
  var view: String

  init(position: Int, row: KeyedRow, view: String) {
    self.position = position
    node = row.node
    keys = row.keys
    self.view = view
  }

  /// What names a view of a timeline in its cursors: its timeline, search, filters and sort.
  static func view(of request: WindowRequest) -> String {
    stableHash(
      "\(request.timeline)" + request.query.parameters.map { "\n\($0.0)=\($0.1)" }.joined())
  }

  /// The largest position a cursor may carry: far beyond any timeline, and far from the
  /// ends of `Int`, so that arithmetic on it cannot overflow.
  static let maximumPosition = 1 << 48

  /// Reads a cursor sent as the parameter `parameter` for `view`; anything this server would
  /// not have handed out for that view (also a position or a key out of range) is
  /// `StoreError.badCursor`.
  init(_ text: String, keys expected: [WindowSQL.Key], view: String, parameter: String) throws {
    let keyCount = expected.count
    let bad = StoreError.badCursor(parameter)
    guard text.utf8.count <= 64 * 1024 else { throw bad }
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64),
      let parts = try? JSONSerialization.jsonObject(with: data) as? [String],
      parts.count == keyCount + 3, let position = Int(parts[0]),
      (0...Self.maximumPosition).contains(position),
      let nodeValue = UInt8(parts[1]), let node = Node(rawValue: nodeValue), parts[2] == view
    else { throw bad }
    var keys: [SQLValue] = []
    for part in parts.dropFirst(3) {
      let value = part.dropFirst(2)
      switch part.prefix(2) {
      case "i:":
        guard let number = Int64(value) else { throw bad }
        keys.append(.integer(number))
      case "d:":
        guard let bits = UInt64(value, radix: 16), Double(bitPattern: bits).isFinite else {
          throw bad
        }
        keys.append(.real(Double(bitPattern: bits)))
      case "s:": keys.append(.text(String(value)))
      default: throw bad
      }
    }
    // Each value of the kind its key orders by.
    for (value, key) in zip(keys, expected) {
      guard case .text = value else {
        if key.isText { throw bad }
        continue
      }
      if !key.isText { throw bad }
    }
    self.position = position
    self.node = node
    self.keys = keys
    self.view = view
  }

  var text: String {
    var parts = [String(position), String(node.rawValue), view]
    for key in keys {
      switch key {
      case .integer(let value): parts.append("i:\(value)")
      case .real(let value): parts.append("d:" + String(value.bitPattern, radix: 16))
      case .text(let value): parts.append("s:" + value)
      case .null: parts.append("i:0")
      }
    }
    let data = (try? JSONSerialization.data(withJSONObject: parts)) ?? Data()
    return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
