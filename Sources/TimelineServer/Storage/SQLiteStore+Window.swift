import Foundation
import GRDB
import TimelineCore

extension SQLiteStore {
  /// The most rows one window holds.
  public static let maximumWindow = 500

  public func window(_ request: WindowRequest) async throws -> WindowResult {
    try await pool.read { db in
      guard let info = try Self.info(db, request.timeline) else { throw StoreError.notFound }
      let calendar = request.context.calendar
      let indexed = WindowSQL(
        timeline: request.timeline, query: request.query, calendar: calendar)
      let counts = try self.counts.counts(CountCache.key(indexed, revision: info.revision)) {
        try SectionCounts.read(db, sql: indexed)
      }
      // Words in more than one row in fifty are found sooner by checking the rows in
      // display order than by reading every match from the index.
      let sql =
        request.query.search.isEmpty || counts.total * 50 < info.count
        ? indexed
        : WindowSQL(
          timeline: request.timeline, query: request.query, calendar: calendar,
          searchIndex: false)
      let reader = WindowReader(
        db: db, sql: sql, maxSpan: try Self.maxSpan(db, info.id), counts: counts)
      return try reader.window(request)
    }
  }

  static func maxSpan(_ db: Database, _ timeline: Int64) throws -> Double {
    try Double.fetchOne(
      db.cachedStatement(sql: "SELECT max_span FROM timelines WHERE id = ?"), arguments: [timeline])
      ?? 0
  }
}

/// One row of a window as read: the item, its node and its order keys.
struct KeyedRow {
  var item: TimelineItem
  var seq: Int64
  var node: Node
  var section: Double
  var keys: [DatabaseValue]
}

/// Reads windows of one query inside one read transaction (so counts and rows agree).
struct WindowReader {
  let db: Database
  let sql: WindowSQL
  let maxSpan: Double
  let counts: SectionCounts

  /// The rows matching the query and `extra`, searched with `index` when given.
  func count(
    extra: String = "", _ arguments: [any DatabaseValueConvertible] = [], index: String? = nil
  ) throws -> Int {
    try Int.fetchOne(
      db,
      sql:
        "SELECT COUNT(*) FROM items\(index.map { " INDEXED BY " + $0 } ?? "") WHERE \(sql.condition)\(extra.isEmpty ? "" : " AND " + extra)",
      arguments: StatementArguments(sql.arguments + arguments)) ?? 0
  }

  /// Up to `limit` rows in display order (backwards when `backwards`), after `extra`.
  func rows(
    _ extra: String?, _ arguments: [any DatabaseValueConvertible], backwards: Bool, limit: Int,
    order: String? = nil
  ) throws -> [KeyedRow] {
    let text = """
      SELECT \(ItemColumns.itemSelection), node, section_ts, \(sql.keySelection) FROM items
      WHERE \(sql.condition)\(extra.map { " AND " + $0 } ?? "")
      ORDER BY \(order ?? sql.orderBy(reversed: backwards)) LIMIT \(limit)
      """
    return try Row.fetchAll(
      db, sql: text, arguments: StatementArguments(sql.arguments + arguments)
    ).map { row in
      KeyedRow(
        item: ItemColumns.item(row), seq: row["seq"],
        node: Node(rawValue: UInt8(row["node"] as Int)) ?? .open, section: row["section_ts"],
        keys: sql.keys.indices.map { row["k\($0)"] as DatabaseValue })
    }
  }

  /// The row the now indicator stands before at `instant` (TL-6): the first current row in
  /// display order, else the earliest future row; `nil` when every row is past.
  func nowRow(at instant: Date, calendar: Calendar) throws -> KeyedRow? {
    let todayStart = calendar.startOfDay(for: instant)
    let tomorrow = calendar.date(byAdding: .day, value: 1, to: todayStart) ?? todayStart + 86_400
    let today = todayStart.timeIntervalSinceReferenceDate
    let next = tomorrow.timeIntervalSinceReferenceDate
    let current = try rows(
      "start_ts >= ? AND start_ts < ? AND ((all_day = 1 AND end_ts > ?) OR (all_day = 0 AND end_ts >= ?))",
      [today - maxSpan - 1, next, today, today], backwards: false, limit: 1)
    if let first = current.first { return first }
    return try rows(
      "start_ts >= ?", [next], backwards: false, limit: 1,
      order: "start_ts ASC, " + sql.orderBy(reversed: false)
    ).first
  }

  /// The rows shown before `row` in display order: those of the sections before its
  /// section, then those before it in its own section.
  func position(of row: KeyedRow) throws -> Int {
    let before = counts.rows(before: row.section, newestFirst: sql.keys[0].descending)
    guard sql.keys[0].expression == "section_ts" else {
      // Chronological order: a row starts in its section (`start_ts >= section_ts`), and
      // saying so bounds the scan of the chronological index to the section.
      let (extra, arguments) = sql.continuing(from: row.keys, backwards: true)
      return try before
        + count(
          extra: "section_ts = ? AND start_ts >= ? AND " + extra,
          [row.section, row.section] + arguments)
    }
    // Sections first: within the section the order continues by the other keys, and the
    // sections index is searched for `section_ts = ?`.
    var within = sql
    within.keys.removeFirst()
    let (extra, arguments) = within.continuing(
      from: Array(row.keys.dropFirst()), backwards: true)
    return try before
      + count(
        extra: "section_ts = ? AND " + extra, [row.section] + arguments, index: "items_sections")
  }

  func window(_ request: WindowRequest) throws -> WindowResult {
    let total = counts.total
    let limit = max(1, min(request.limit, SQLiteStore.maximumWindow))
    let calendar = request.context.calendar
    let now = try nowRow(at: request.context.now, calendar: calendar)
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
      let cursor = try WindowCursor(text, keyCount: sql.keys.count)
      let (extra, arguments) = sql.continuing(from: cursor.keys, backwards: false)
      after = try rows(extra, arguments, backwards: false, limit: limit + 1)
      start = cursor.position + 1
      cursorAbove = cursor.node
    case .before(let text):
      let cursor = try WindowCursor(text, keyCount: sql.keys.count)
      let (extra, arguments) = sql.continuing(from: cursor.keys, backwards: true)
      before = try rows(extra, arguments, backwards: true, limit: limit + 1)
      end = cursor.position
      cursorBelow = cursor.node
    case .now, .date:
      var anchor = now
      if case .date(let instant) = request.anchor {
        anchor = try nowRow(at: instant, calendar: calendar)
      }
      if let anchor {
        let (backExtra, backArguments) = sql.continuing(from: anchor.keys, backwards: true)
        let (extra, arguments) = sql.continuing(
          from: anchor.keys, backwards: false, inclusive: true)
        after = try rows(extra, arguments, backwards: false, limit: limit + 1)
        // A third of the window before the indicator, or more when the rows after run out.
        let wanted = max(limit / 3, limit - min(after.count, limit))
        before = try rows(backExtra, backArguments, backwards: true, limit: wanted + 1)
        end = try position(of: anchor)
      } else if reversed {
        after = try rows(nil, [], backwards: false, limit: limit + 1)
      } else {
        before = try rows(nil, [], backwards: true, limit: limit + 1)
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
    let frame = TimelineWindow(
      offset: offset, total: total, nowBeforeID: now?.item.id,
      nowAfterLast: now == nil && total > 0 && !reversed, nodeAbove: nodeAbove,
      nodeBelow: nodeBelow)
    return WindowResult(
      items: try withChildren(rows), frame: frame,
      before: nodeAbove == nil
        ? nil : rows.first.map { WindowCursor(position: offset, row: $0).text },
      after: nodeBelow == nil
        ? nil : rows.last.map { WindowCursor(position: offset + rows.count - 1, row: $0).text })
  }

  /// The rows' items with their children (one query for the window).
  func withChildren(_ rows: [KeyedRow]) throws -> [TimelineItem] {
    var items = rows.map(\.item)
    guard !rows.isEmpty else { return items }
    var index: [Int64: Int] = [:]
    for (position, row) in rows.enumerated() { index[row.seq] = position }
    let seqs = rows.map(\.seq)
    let children = try Row.fetchAll(
      db,
      sql: """
        SELECT \(ItemColumns.itemSelection), parent_seq FROM items
        WHERE timeline_id = ? AND parent_seq IN (\(seqs.map { _ in "?" }.joined(separator: ",")))
        ORDER BY parent_seq, seq
        """,
      arguments: StatementArguments([sql.arguments[0]] + seqs))
    for row in children {
      if let position = index[row["parent_seq"] as Int64] {
        items[position].children.append(ItemColumns.item(row))
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
  var keys: [DatabaseValue]

  init(position: Int, row: KeyedRow) {
    self.position = position
    node = row.node
    keys = row.keys
  }

  init(_ text: String, keyCount: Int) throws {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64),
      let parts = try? JSONSerialization.jsonObject(with: data) as? [String],
      parts.count == keyCount + 2, let position = Int(parts[0]), position >= 0,
      let nodeValue = UInt8(parts[1]), let node = Node(rawValue: nodeValue)
    else { throw StoreError.badCursor }
    var keys: [DatabaseValue] = []
    for part in parts.dropFirst(2) {
      let value = part.dropFirst(2)
      switch part.prefix(2) {
      case "i:":
        guard let number = Int64(value) else { throw StoreError.badCursor }
        keys.append(number.databaseValue)
      case "d:":
        guard let bits = UInt64(value, radix: 16) else { throw StoreError.badCursor }
        keys.append(Double(bitPattern: bits).databaseValue)
      case "s:": keys.append(String(value).databaseValue)
      default: throw StoreError.badCursor
      }
    }
    self.position = position
    self.node = node
    self.keys = keys
  }

  var text: String {
    var parts = [String(position), String(node.rawValue)]
    for key in keys {
      switch key.storage {
      case .int64(let value): parts.append("i:\(value)")
      case .double(let value): parts.append("d:" + String(value.bitPattern, radix: 16))
      case .string(let value): parts.append("s:" + value)
      default: parts.append("i:0")
      }
    }
    let data = (try? JSONSerialization.data(withJSONObject: parts)) ?? Data()
    return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
