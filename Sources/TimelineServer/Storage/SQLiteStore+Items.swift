import Foundation
import GRDB
import TimelineCore

extension SQLiteStore {
  /// Rows committed per transaction of an import: between two, other writes take their
  /// turn, so an import holds the writer for a fraction of a second at a time.
  static let importBatch = 5_000

  /// Imports in transactions of `importBatch` rows. The timeline stays hidden while it
  /// fills (a row in `bulk_imports`: not listed, every read answers "not found"), then
  /// appears whole; an import that fails is deleted again, and one whose process died is
  /// deleted when the store next opens.
  public func importTimeline(
    _ header: TimelineHeader,
    feed: @escaping @Sendable (_ add: (TimelineItem, String?) throws -> Void) throws -> Void
  ) async throws -> TimelineSummary {
    let calendar = self.calendar(header.timeZone)
    // A random first revision: a timeline id used again after a delete never meets
    // what was cached about the one before, nor its items' tags.
    let revision = Int64.random(in: 1...(1 << 52))
    let timeline = try await pool.write { db in
      try db.execute(
        sql: "INSERT INTO timelines (title, time_zone, header_unit) VALUES (?, ?, ?)",
        arguments: [header.title, header.timeZone.identifier, header.headerUnit.rawValue])
      let timeline = db.lastInsertedRowID
      for statement in CardRows.inserts(header.cards, timeline: timeline) {
        try db.run(statement.sql, statement.values)
      }
      try db.execute(
        sql: "INSERT INTO bulk_imports (timeline_id, pid) VALUES (?, ?)",
        arguments: [timeline, ProcessInfo.processInfo.processIdentifier])
      return timeline
    }
    do {
      // The feed is synchronous: it runs on a thread of its own and commits each batch
      // with a blocking write, never holding a thread of the concurrency pool.
      let filled = try await onOwnThread { [pool] in
        try Self.fill(
          pool, timeline: timeline, header: header, revision: revision, calendar: calendar,
          feed: feed)
      }
      try await pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO items_search(rowid, search)
              SELECT rowid, search FROM items WHERE timeline_id = ?
            """,
          arguments: [timeline])
        try db.execute(
          sql: """
            INSERT INTO section_counts
              SELECT timeline_id, section_ts, kind, status, COUNT(*) FROM items
              WHERE timeline_id = ? AND parent_seq IS NULL GROUP BY 1, 2, 3, 4
            """,
          arguments: [timeline])
        try db.execute(sql: "DELETE FROM bulk_imports WHERE timeline_id = ?", arguments: [timeline])
        try db.execute(
          sql:
            "UPDATE timelines SET item_count = ?, max_span = ?, next_seq = ?, revision = ? WHERE id = ?",
          arguments: [filled.count, filled.maxSpan, filled.seq, revision, timeline])
      }
      try await pool.writeWithoutTransaction(Self.analyze)
      return TimelineSummary(id: timeline, title: header.title, count: filled.count)
    } catch {
      _ = try? await deleteTimeline(timeline)
      throw error
    }
  }

  /// Inserts the rows `feed` gives, `importBatch` per transaction.
  static func fill(
    _ pool: DatabasePool, timeline: Int64, header: TimelineHeader, revision: Int64,
    calendar: Calendar,
    feed: (_ add: (TimelineItem, String?) throws -> Void) throws -> Void
  ) throws -> (count: Int, maxSpan: Double, seq: Int64) {
    var seq: Int64 = 0
    var sections = SectionCache()
    var count = 0
    var maxSpan = 0.0
    var waiting: [(item: TimelineItem, parentID: String?)] = []
    waiting.reserveCapacity(importBatch)
    func commit() throws {
      guard !waiting.isEmpty else { return }
      defer { waiting.removeAll(keepingCapacity: true) }
      try pool.write { db in
        let insert = try db.cachedStatement(sql: ItemColumns.insertSQL)
        // Rows go in by groups of `groupSize` per statement: each statement has a fixed
        // cost (the triggers' programs, journal bookkeeping) far above one row's.
        let groupSize = 64
        let groupInsert = try db.cachedStatement(sql: ItemColumns.insertSQL(rows: groupSize))
        let parentLookup = try db.cachedStatement(
          sql: "SELECT seq FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL")
        var group: [(item: TimelineItem, values: [SQLValue])] = []
        group.reserveCapacity(groupSize)
        /// Inserts the rows of the group; a repeated id is found by inserting them one by
        /// one (the failed statement changed nothing).
        func flush() throws {
          guard !group.isEmpty else { return }
          defer { group.removeAll(keepingCapacity: true) }
          if group.count == groupSize {
            do {
              // Appended in place (`+` would copy the growing list at every row).
              var values: [SQLValue] = []
              values.reserveCapacity(group.count * group[0].values.count)
              for row in group { values += row.values }
              groupInsert.setUncheckedArguments(StatementArguments(values))
              try groupInsert.execute()
              return
            } catch let error as DatabaseError
              where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
            {}
          }
          for (item, values) in group {
            insert.setUncheckedArguments(StatementArguments(values))
            do { try insert.execute() } catch let error as DatabaseError
              where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
            {
              throw StoreError.repeatedID(item.id)
            }
          }
        }
        for (item, parentID) in waiting {
          var parentSeq: Int64?
          if let parentID {
            try flush()
            parentSeq = try Int64.fetchOne(parentLookup, arguments: [timeline, parentID])
            guard parentSeq != nil else { throw StoreError.notFound }
          }
          group.append(
            (
              item,
              ItemColumns.values(
                item, timeline: timeline, seq: seq, parentSeq: parentSeq, stamp: revision,
                unit: header.headerUnit, calendar: calendar, sections: &sections)
            ))
          if group.count == groupSize { try flush() }
          seq += 1
          if parentSeq == nil {
            count += 1
            let span = TimeSpan(item, calendar: calendar)
            maxSpan = max(maxSpan, span.end - span.start)
          }
        }
        try flush()
      }
    }
    try feed { item, parentID in
      waiting.append((item, parentID))
      if waiting.count == importBatch { try commit() }
    }
    try commit()
    return (count, maxSpan, seq)
  }

  public func document(_ id: Int64) async throws -> TimelineDocument? {
    try await pool.read { db in
      guard let info = try Self.info(db, id) else { return nil }
      var assembly = ItemWrites.DocumentAssembly(info)
      let rows = try Row.fetchCursor(
        db.cachedStatement(sql: ItemWrites.documentSQL), arguments: [id])
      while let row = try rows.next() { assembly.add(row) }
      return assembly.document
    }
  }

  public func rows(of timeline: Int64, after seq: Int64, limit: Int) async throws
    -> [DocumentRow]
  {
    let source = SQLiteWindowSource(.pool(pool, revision: nil), timeline: timeline)
    return ItemColumns.documentRows(
      try await source.rows(
        ItemColumns.documentPageSQL, [.integer(timeline), .integer(seq), .integer(Int64(limit))]))
  }

  public func item(timeline: Int64, id: String) async throws -> StoredItem? {
    try await pool.read { db in
      try ItemWrites.Change.stored(db, timeline: timeline, id: id)?.stored
    }
  }

  public func updateItem(
    timeline: Int64, id: String, ifMatch: String,
    change: @escaping @Sendable (TimelineItem, TimeZone) throws -> TimelineItem
  ) async throws -> StoredItem {
    try await ItemWrites.Unchanged.answering {
      try await write(timeline, item: id) { try $0.update(id, ifMatch: ifMatch, change: change) }
    }
  }

  public func addItem(timeline: Int64, item: TimelineItem) async throws -> StoredItem {
    try await write(timeline) { try $0.add(item) }
  }

  public func deleteItem(timeline: Int64, id: String, ifMatch: String) async throws -> Bool {
    do {
      return try await write(timeline, item: id) { try $0.delete(id, ifMatch: ifMatch) }
    } catch StoreError.notFound {
      return false
    }
  }

  public func setCardItemStatus(timeline: Int64, path: CardItemPath, status: ItemStatus?)
    async throws -> Int64
  {
    try await write(timeline) { try $0.setCardItemStatus(path, status: status) }
  }

  /// Runs a change to `timeline`'s items (to the item `id` when it exists before) in the
  /// next group commit (``ItemWrites/recorded(_:info:counts:item:calendar:dialect:_:)``),
  /// moves the cached counts along, and rings the change signal once it is committed.
  func write<Result: Sendable>(
    _ timeline: Int64, item id: String? = nil,
    _ body: @escaping @Sendable (ItemWrites.Change) throws -> (Result, TimelineChange)
  ) async throws -> Result {
    let (result, change, moved) = try await writes.write { db in
      guard let info = try Self.info(db, timeline) else { throw StoreError.notFound }
      return try ItemWrites.recorded(
        db, info: info, counts: self.counts, item: id,
        calendar: self.calendar(info.header.timeZone), dialect: .sqlite, body)
    }
    counts.apply(moved, to: change.revision)
    changeSignal.post(timeline: timeline, revision: change.revision)
    return result
  }

  public func cards(timeline: Int64, from start: Int, limit: Int) async throws -> CardFeed? {
    try await pool.read { db in
      guard try Self.info(db, timeline) != nil else { throw StoreError.notFound }
      return try CardRows.read(db, timeline: timeline, start: start, limit: limit)
    }
  }

  public func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]? {
    try await pool.read { db in try ChangeLog.changes(db, timeline: timeline, after: revision) }
  }
}

extension Database: StatementRunner {
  /// The rows of `sql` with `arguments` bound, as the PostgreSQL store reads them; the
  /// statement is prepared once per connection and kept, unless `keep` is false (for the
  /// many different statements of windows).
  func rows(_ sql: String, _ arguments: [SQLValue], keep: Bool) throws -> [SQLRow] {
    try rows(keep ? cachedStatement(sql: sql) : makeStatement(sql: sql), arguments)
  }

  /// The rows of `statement` with `arguments` bound.
  func rows(_ statement: Statement, _ arguments: [SQLValue]) throws -> [SQLRow] {
    let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
    var rows: [SQLRow] = []
    while let row = try cursor.next() {
      rows.append(SQLRow(values: (0..<row.count).map { SQLValue(row[$0] as DatabaseValue) }))
    }
    return rows
  }
}
