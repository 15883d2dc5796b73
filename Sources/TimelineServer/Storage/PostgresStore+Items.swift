import Foundation
import NIOCore
import PostgresNIO
import TimelineCore

extension PostgresStore {
  /// The channel every instance listens on: `TIMELINE REVISION` per change.
  static let channel = "timeline_changes"

  /// The calendar of a timeline: Gregorian in its zone, weeks as the locale has them.
  func calendar(_ zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    calendar.locale = locale
    return calendar
  }

  public func timelines() async throws -> [TimelineSummary] {
    try await withConnection { connection in
      try await connection.rows("SELECT id, title, item_count FROM timelines ORDER BY id").map {
        TimelineSummary(
          id: $0.integer(0) ?? 0, title: $0.text(1) ?? "", count: Int($0.integer(2) ?? 0))
      }
    }
  }

  public func timeline(_ id: Int64) async throws -> TimelineInfo? {
    try await withConnection { try await Self.info($0, id) }
  }

  /// A timeline's settings; `lock` holds its row until the transaction ends (writes to one
  /// timeline take turns, so revisions and `If-Match` stay exact).
  static func info(_ connection: PostgresConnection, _ id: Int64, lock: Bool = false)
    async throws -> TimelineInfo?
  {
    guard
      let row = try await connection.rows(
        """
        SELECT title, time_zone, header_unit, cards, item_count, revision, max_span, next_seq
        FROM timelines WHERE id = ?\(lock ? " FOR UPDATE" : "")
        """, [.integer(id)]
      ).first
    else { return nil }
    let header = TimelineHeader(
      title: row.text(0) ?? "", timeZone: row.text(1).flatMap(TimeZone.init(identifier:)) ?? .gmt,
      headerUnit: row.text(2).flatMap(HeaderUnit.init(rawValue:)) ?? .day, cardsJSON: row.text(3))
    return TimelineInfo(
      id: id, header: header, count: Int(row.integer(4) ?? 0), revision: row.integer(5) ?? 0,
      maxSpan: row.real(6) ?? 0)
  }

  public func deleteTimeline(_ id: Int64) async throws -> Bool {
    try await transaction { connection in
      try await connection.run("DELETE FROM section_counts WHERE timeline_id = ?", [.integer(id)])
      // Its rows go with their table, at once (a delete row by row would take minutes).
      try await connection.run("DROP TABLE IF EXISTS \(Self.partition(id))")
      return try await !connection.rows(
        "DELETE FROM timelines WHERE id = ? RETURNING id", [.integer(id)]
      ).isEmpty
    }
  }

  public func window(_ request: WindowRequest) async throws -> WindowResult {
    // One snapshot for every statement of the window, so counts and rows agree.
    let counts = counts
    let dialect = dialect
    return try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
      connection in
      guard let info = try await Self.info(connection, request.timeline) else {
        throw StoreError.notFound
      }
      return try await WindowReader.window(
        request, info: info, source: PostgresWindowSource(connection: connection), cache: counts,
        dialect: dialect)
    }
  }

  public func offers(timeline: Int64) async throws -> DialogOffers {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      try await DialogOffers.read(
        timeline: timeline, source: PostgresWindowSource(connection: connection))
    }
  }

  public func document(_ id: Int64) async throws -> TimelineDocument? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      guard let info = try await Self.info(connection, id) else { return nil }
      var document = TimelineDocument(
        title: info.header.title, timeZone: info.header.timeZone,
        headerUnit: info.header.headerUnit)
      var positions: [Int64: Int] = [:]
      let rows = try await connection.query(
        PostgresQuery(
          unsafeSQL:
            "SELECT \(ItemColumns.itemSelection), parent_seq FROM items WHERE timeline_id = $1 ORDER BY seq",
          binds: .init([.integer(id)])), logger: PostgresConnection.quiet)
      for try await postgresRow in rows {
        let row = SQLRow(postgresRow)
        let item = ItemColumns.item(row)
        if let parent = row.integer(ItemColumns.selectionCount), let index = positions[parent] {
          document.items[index].children.append(item)
        } else {
          positions[row.integer(1) ?? 0] = document.items.count
          document.items.append(item)
        }
      }
      return document
    }
  }

  public func rows(of timeline: Int64, after seq: Int64, limit: Int) async throws
    -> [DocumentRow]
  {
    try await withConnection { connection in
      ItemColumns.documentRows(
        try await connection.rows(
          ItemColumns.documentPageSQL,
          [.integer(timeline), .integer(seq), .integer(Int64(limit))]))
    }
  }

  public func item(timeline: Int64, id: String) async throws -> StoredItem? {
    try await withConnection { connection in
      try await Self.storedRow(connection, timeline: timeline, id: id)?.stored
    }
  }

  /// The stored item `id` and where its row is: its rowid, sequence number and version.
  static func storedRow(_ connection: PostgresConnection, timeline: Int64, id: String)
    async throws -> (stored: StoredItem, rowid: Int64, seq: Int64, version: Int64)?
  {
    guard
      let row = try await connection.rows(
        "SELECT \(ItemColumns.itemSelection) FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL",
        [.integer(timeline), .text(id)]
      ).first
    else { return nil }
    var item = ItemColumns.item(row)
    let rowid = row.integer(0) ?? 0
    let seq = row.integer(1) ?? 0
    item.children = try await connection.rows(
      "SELECT \(ItemColumns.itemSelection) FROM items WHERE timeline_id = ? AND parent_seq = ? ORDER BY seq",
      [.integer(timeline), .integer(seq)]
    ).map(ItemColumns.item)
    return (
      StoredItem(item: item, tag: SQLiteStore.tag(stamp: row.integer(19) ?? 0, rowid: rowid)),
      rowid, seq, row.integer(18) ?? 1
    )
  }

  public func updateItem(
    timeline: Int64, id: String, ifMatch: String,
    change: @escaping @Sendable (TimelineItem, TimeZone) throws -> TimelineItem
  ) async throws -> StoredItem {
    try await write(timeline) { connection, info in
      guard let current = try await Self.storedRow(connection, timeline: timeline, id: id) else {
        throw StoreError.notFound
      }
      guard SQLiteStore.matches(ifMatch, tag: current.stored.tag) else { throw StoreError.stale }
      let changed = try change(current.stored.item, info.header.timeZone)
      if !current.stored.item.children.isEmpty {
        try await connection.run(
          "DELETE FROM items WHERE timeline_id = ? AND parent_seq = ?",
          [.integer(timeline), .integer(current.seq)])
      }
      let written = try await self.insert(
        changed, connection: connection, info: info, seq: current.seq,
        version: current.version + 1, replacing: current.rowid)
      return (
        StoredItem(item: changed, tag: SQLiteStore.tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .updated, itemID: changed.id)
      )
    }
  }

  public func addItem(timeline: Int64, item: TimelineItem) async throws -> StoredItem {
    try await write(timeline) { connection, info in
      let seq =
        try await connection.rows(
          "SELECT next_seq FROM timelines WHERE id = ?", [.integer(timeline)]
        ).first?.integer(0) ?? 0
      let written = try await self.insert(
        item, connection: connection, info: info, seq: seq, version: 1)
      try await connection.run(
        "UPDATE timelines SET item_count = item_count + 1 WHERE id = ?", [.integer(timeline)])
      var stored = item
      stored.children = item.children.map {
        var child = $0
        child.children = []
        return child
      }
      return (
        StoredItem(item: stored, tag: SQLiteStore.tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .added, itemID: item.id)
      )
    }
  }

  public func deleteItem(timeline: Int64, id: String) async throws -> Bool {
    do {
      return try await write(timeline) { connection, _ in
        guard
          let seq = try await connection.rows(
            "SELECT seq FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL",
            [.integer(timeline), .text(id)]
          ).first?.integer(0)
        else { throw StoreError.notFound }
        try await connection.run(
          "DELETE FROM items WHERE timeline_id = ? AND (seq = ? OR parent_seq = ?)",
          [.integer(timeline), .integer(seq), .integer(seq)])
        let revision =
          try await connection.rows(
            """
            UPDATE timelines SET item_count = item_count - 1, revision = revision + 1
            WHERE id = ? RETURNING revision
            """, [.integer(timeline)]
          ).first?.integer(0) ?? 0
        return (true, TimelineChange(revision: revision, operation: .deleted, itemID: id))
      }
    } catch StoreError.notFound {
      return false
    }
  }

  /// Runs a change to `timeline`'s items in a transaction that holds the timeline's row,
  /// records what it changed, and tells every instance (`NOTIFY`, sent on commit).
  func write<Result: Sendable>(
    _ timeline: Int64,
    _ body:
      @escaping @Sendable (PostgresConnection, TimelineInfo) async throws -> (
        Result, TimelineChange
      )
  ) async throws -> Result {
    let (result, change) = try await transaction { connection in
      guard let info = try await Self.info(connection, timeline, lock: true) else {
        throw StoreError.notFound
      }
      let (result, change) = try await body(connection, info)
      try await Self.record(change, timeline: timeline, connection: connection)
      return (result, change)
    }
    changeSignal.post(timeline: timeline, revision: change.revision)
    return result
  }

  /// How many changes per timeline are kept for reconnecting readers.
  static let keptChanges: Int64 = 10_000

  static func record(
    _ change: TimelineChange, timeline: Int64, connection: PostgresConnection
  ) async throws {
    try await connection.run(
      "INSERT INTO changes (timeline_id, revision, item_id, op) VALUES (?, ?, ?, ?)",
      [
        .integer(timeline), .integer(change.revision), .text(change.itemID),
        .text(change.operation.rawValue),
      ])
    if change.revision % 1_000 == 0 {
      try await connection.run(
        "DELETE FROM changes WHERE timeline_id = ? AND revision <= ?",
        [.integer(timeline), .integer(change.revision - keptChanges)])
    }
    try await connection.run(
      "SELECT pg_notify(?, ?)", [.text(channel), .text("\(timeline) \(change.revision)")])
  }

  public func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      guard
        let current = try await connection.rows(
          "SELECT revision FROM timelines WHERE id = ?", [.integer(timeline)]
        ).first?.integer(0)
      else { return nil }
      let rows = try await connection.rows(
        "SELECT revision, op, item_id FROM changes WHERE timeline_id = ? AND revision > ? ORDER BY revision",
        [.integer(timeline), .integer(revision)])
      return ChangeLog.changes(rows, after: revision, current: current)
    }
  }

  /// Inserts a top-level item at `seq` and its children (the next free sequence numbers,
  /// behind their parent), or rewrites the row `replacing` in place; marks the timeline's
  /// new revision. A repeated id is ``StoreError/repeatedID(_:)``.
  func insert(
    _ item: TimelineItem, connection: PostgresConnection, info: TimelineInfo, seq: Int64,
    version: Int64, replacing rowid: Int64? = nil
  ) async throws -> (stamp: Int64, rowid: Int64) {
    let calendar = calendar(info.header.timeZone)
    let span = TimeSpan(item, calendar: calendar)
    var ids = [item.id]
    for child in item.children {
      guard !ids.contains(child.id) else { throw StoreError.repeatedID(child.id) }
      ids.append(child.id)
    }
    // The ids taken by other rows (the timeline's row is held, so none can appear meanwhile).
    var bindings: [SQLValue] = [.integer(info.id), .integer(rowid ?? -1)]
    bindings += ids.map(SQLValue.text)
    if let taken = try await connection.rows(
      "SELECT item_id FROM items WHERE timeline_id = ? AND rowid <> ? AND item_id IN ("
        + ids.map { _ in "?" }.joined(separator: ", ") + ") LIMIT 1", bindings
    ).first?.text(0) {
      throw StoreError.repeatedID(taken)
    }
    guard
      let marked = try await connection.rows(
        ItemColumns.markRevisionSQL(dialect),
        [
          .real(span.end - span.start), .integer(seq + 1), .integer(Int64(item.children.count)),
          .integer(info.id),
        ]
      ).first, let stamp = marked.integer(0), let nextSeq = marked.integer(1)
    else { throw StoreError.notFound }
    var next = nextSeq - Int64(item.children.count)
    var top = item
    top.children = []
    var sections = SectionCache()
    let values = ItemColumns.values(
      top, timeline: info.id, seq: seq, parentSeq: nil, stamp: stamp,
      unit: info.header.headerUnit, calendar: calendar, sections: &sections)
    let written: Int64
    if let rowid {
      try await connection.run(
        ItemColumns.updateSQL + " AND timeline_id = ?",
        values + [.integer(version), .integer(rowid), .integer(info.id)])
      written = rowid
    } else {
      written =
        try await connection.rows(
          ItemColumns.insertSQL + " RETURNING rowid", values
        ).first?.integer(0) ?? 0
    }
    if !item.children.isEmpty {
      var rows: [SQLValue] = []
      for child in item.children {
        var leaf = child
        leaf.children = []
        rows += ItemColumns.values(
          leaf, timeline: info.id, seq: next, parentSeq: seq, stamp: stamp,
          unit: info.header.headerUnit, calendar: calendar, sections: &sections)
        next += 1
      }
      try await connection.run(ItemColumns.insertSQL(rows: item.children.count), rows)
    }
    return (stamp, written)
  }
}

/// A window's statements on one PostgreSQL connection, inside its read-only transaction.
struct PostgresWindowSource: WindowSource {
  let connection: PostgresConnection

  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
    try await connection.rows(sql, arguments)
  }
}

/// Reading the log of changes, as both stores keep it.
enum ChangeLog {
  /// The changes after `revision` from the log's `rows` (revision, operation, item id),
  /// or `nil` when the log no longer reaches back to `revision` (the timeline is at
  /// `current`).
  static func changes(_ rows: [SQLRow], after revision: Int64, current: Int64)
    -> [TimelineChange]?
  {
    guard revision < current else { return revision == current ? [] : nil }
    let changes = rows.compactMap { row -> TimelineChange? in
      guard let number = row.integer(0),
        let operation = row.text(1).flatMap(TimelineChange.Operation.init(rawValue:)),
        let id = row.text(2)
      else { return nil }
      return TimelineChange(revision: number, operation: operation, itemID: id)
    }
    // Complete only when the first kept change follows `revision` and none is missing.
    guard changes.first?.revision == revision + 1, changes.last?.revision == current,
      changes.count == Int(current - revision)
    else { return nil }
    return changes
  }
}
