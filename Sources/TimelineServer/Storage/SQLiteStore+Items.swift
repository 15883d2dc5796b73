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
        sql: "INSERT INTO timelines (title, time_zone, header_unit, cards) VALUES (?, ?, ?, ?)",
        arguments: [
          header.title, header.timeZone.identifier, header.headerUnit.rawValue, header.cardsJSON,
        ])
      let timeline = db.lastInsertedRowID
      try db.execute(
        sql: "INSERT INTO bulk_imports (timeline_id, pid) VALUES (?, ?)",
        arguments: [timeline, ProcessInfo.processInfo.processIdentifier])
      return timeline
    }
    do {
      // The feed is synchronous: it runs on a thread of its own and commits each batch
      // with a blocking write, never holding a thread of the concurrency pool.
      let filled = try await Self.onOwnThread { [pool] in
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

  /// Runs `work` on a new thread and returns its result.
  static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
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
      var document = TimelineDocument(
        title: info.header.title, timeZone: info.header.timeZone,
        headerUnit: info.header.headerUnit)
      var positions: [Int64: Int] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql:
          "SELECT \(ItemColumns.itemSelection), parent_seq FROM items WHERE timeline_id = ? ORDER BY seq",
        arguments: [id])
      while let row = try rows.next() {
        let item = ItemColumns.item(row)
        if let parent = row["parent_seq"] as Int64?, let index = positions[parent] {
          document.items[index].children.append(item)
        } else {
          positions[row["seq"]] = document.items.count
          document.items.append(item)
        }
      }
      return document
    }
  }

  public func rows(of timeline: Int64, after seq: Int64, limit: Int) async throws
    -> [DocumentRow]
  {
    let source = SQLiteWindowSource(reader: pool, timeline: timeline, revision: nil)
    return ItemColumns.documentRows(
      try await source.rows(
        ItemColumns.documentPageSQL, [.integer(timeline), .integer(seq), .integer(Int64(limit))]))
  }

  public func item(timeline: Int64, id: String) async throws -> StoredItem? {
    try await pool.read { db in try Self.storedItem(db, timeline: timeline, id: id) }
  }

  /// The top-level item `id` with its children, and its tag.
  static func storedItem(_ db: Database, timeline: Int64, id: String) throws -> StoredItem? {
    try storedRow(db, timeline: timeline, id: id)?.stored
  }

  /// The stored item `id` and where its row is: its rowid, sequence number and version.
  static func storedRow(_ db: Database, timeline: Int64, id: String) throws
    -> (stored: StoredItem, rowid: Int64, seq: Int64, version: Int64)?
  {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(
          sql:
            "SELECT \(ItemColumns.itemSelection) FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL"
        ),
        arguments: [timeline, id])
    else { return nil }
    var item = ItemColumns.item(row)
    item.children = try Row.fetchAll(
      db.cachedStatement(
        sql:
          "SELECT \(ItemColumns.itemSelection) FROM items WHERE timeline_id = ? AND parent_seq = ? ORDER BY seq"
      ),
      arguments: [timeline, row[1] as Int64]
    ).map(ItemColumns.item)
    let rowid: Int64 = row[0]
    return (
      StoredItem(item: item, tag: tag(stamp: row[19], rowid: rowid)), rowid, row[1], row[18]
    )
  }

  /// An item's `ETag`: the revision that wrote its row, and the row.
  static func tag(stamp: Int64, rowid: Int64) -> String { "\"\(stamp).\(rowid)\"" }

  public func updateItem(
    timeline: Int64, id: String, ifMatch: String,
    change: @escaping @Sendable (TimelineItem, TimeZone) throws -> TimelineItem
  ) async throws -> StoredItem {
    try await write(timeline) { db in
      guard let info = try Self.info(db, timeline),
        let current = try Self.storedRow(db, timeline: timeline, id: id)
      else { throw StoreError.notFound }
      guard Self.matches(ifMatch, tag: current.stored.tag) else { throw StoreError.stale }
      let changed = try change(current.stored.item, info.header.timeZone)
      // The row changes in place (same seq and rowid, the next version; the search index
      // is touched only when the searched text changed); its children are replaced.
      if !current.stored.item.children.isEmpty {
        try db.cachedStatement(sql: "DELETE FROM items WHERE timeline_id = ? AND parent_seq = ?")
          .execute(arguments: [timeline, current.seq])
      }
      let stamp = try self.insert(
        changed, db: db, info: info, seq: current.seq, version: current.version + 1,
        replacing: current.rowid)
      // Every field is a column, so the item as read back is `changed` itself.
      return (
        StoredItem(item: changed, tag: Self.tag(stamp: stamp, rowid: current.rowid)),
        TimelineChange(revision: stamp, operation: .updated, itemID: changed.id)
      )
    }
  }

  public func addItem(timeline: Int64, item: TimelineItem) async throws -> StoredItem {
    try await write(timeline) { db in
      guard let info = try Self.info(db, timeline) else { throw StoreError.notFound }
      let seq =
        try Int64.fetchOne(
          db.cachedStatement(sql: "SELECT next_seq FROM timelines WHERE id = ?"),
          arguments: [timeline]) ?? 0
      let stamp = try self.insert(item, db: db, info: info, seq: seq, version: 1)
      try db.cachedStatement(sql: "UPDATE timelines SET item_count = item_count + 1 WHERE id = ?")
        .execute(arguments: [timeline])
      guard let stored = try Self.storedItem(db, timeline: timeline, id: item.id) else {
        throw StoreError.notFound
      }
      return (stored, TimelineChange(revision: stamp, operation: .added, itemID: item.id))
    }
  }

  public func deleteItem(timeline: Int64, id: String) async throws -> Bool {
    do {
      return try await write(timeline) { db in
        guard
          let seq = try Int64.fetchOne(
            db.cachedStatement(
              sql:
                "SELECT seq FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL"
            ),
            arguments: [timeline, id])
        else { throw StoreError.notFound }
        try self.deleteRows(db, timeline: timeline, seq: seq)
        let revision =
          try Int64.fetchOne(
            db.cachedStatement(
              sql:
                "UPDATE timelines SET item_count = item_count - 1, revision = revision + 1 WHERE id = ? RETURNING revision"
            ), arguments: [timeline]) ?? 0
        return (true, TimelineChange(revision: revision, operation: .deleted, itemID: id))
      }
    } catch StoreError.notFound {
      return false
    }
  }

  /// Runs a change to `timeline`'s items in the next group commit, records what it changed,
  /// and rings the change signal once it is committed.
  func write<Result: Sendable>(
    _ timeline: Int64,
    _ body: @escaping @Sendable (Database) throws -> (Result, TimelineChange)
  ) async throws -> Result {
    let (result, change) = try await writes.write { db in
      let (result, change) = try body(db)
      try db.cachedStatement(
        sql: "INSERT INTO changes (timeline_id, revision, item_id, op) VALUES (?, ?, ?, ?)"
      ).execute(arguments: [timeline, change.revision, change.itemID, change.operation.rawValue])
      if change.revision % 1_000 == 0 {
        try db.cachedStatement(
          sql: "DELETE FROM changes WHERE timeline_id = ? AND revision <= ?"
        ).execute(arguments: [timeline, change.revision - PostgresStore.keptChanges])
      }
      return (result, change)
    }
    changeSignal.post(timeline: timeline, revision: change.revision)
    return result
  }

  public func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]? {
    try await pool.read { db in
      guard
        let current = try Int64.fetchOne(
          db.cachedStatement(sql: "SELECT revision FROM timelines WHERE id = ?"),
          arguments: [timeline])
      else { return nil }
      var rows: [SQLRow] = []
      let cursor = try Row.fetchCursor(
        db.cachedStatement(
          sql:
            "SELECT revision, op, item_id FROM changes WHERE timeline_id = ? AND revision > ? ORDER BY revision"
        ), arguments: [timeline, revision])
      while let row = try cursor.next() {
        rows.append(SQLRow(values: [.integer(row[0]), .text(row[1]), .text(row[2])]))
      }
      return ChangeLog.changes(rows, after: revision, current: current)
    }
  }

  /// Whether an `If-Match` value (`*` or a list of tags) names `tag`. Weak tags never
  /// match (RFC 9110 §13.1.1 compares strongly).
  static func matches(_ ifMatch: String, tag: String) -> Bool {
    let value = ifMatch.trimmingCharacters(in: .whitespaces)
    if value == "*" { return true }
    var tags: [Substring] = []
    var rest = value[...]
    while let open = rest.firstIndex(where: { $0 == "\"" || $0 == "W" }) {
      let weak = rest[open] == "W"
      guard let quote = rest[open...].firstIndex(of: "\""),
        let close = rest[rest.index(after: quote)...].firstIndex(of: "\"")
      else { break }
      if !weak { tags.append(rest[quote...close]) }
      rest = rest[rest.index(after: close)...]
    }
    return tags.contains { $0 == tag }
  }

  /// Deletes the top-level row at `seq` and its children.
  func deleteRows(_ db: Database, timeline: Int64, seq: Int64) throws {
    // Two statements: each is one index search (an `OR` of the two would scan).
    try db.cachedStatement(sql: "DELETE FROM items WHERE timeline_id = ? AND parent_seq = ?")
      .execute(arguments: [timeline, seq])
    try db.cachedStatement(sql: "DELETE FROM items WHERE timeline_id = ? AND seq = ?").execute(
      arguments: [timeline, seq])
  }

  /// Inserts a top-level item at `seq` and its children (which take the next free sequence
  /// numbers, so document order keeps them behind their parent); a repeated id is an error.
  /// With `replacing`, the top-level row with that rowid is updated instead.
  func insert(
    _ item: TimelineItem, db: Database, info: TimelineInfo, seq: Int64, version: Int64,
    replacing rowid: Int64? = nil
  ) throws -> Int64 {
    let calendar = self.calendar(info.header.timeZone)
    let insert = try db.cachedStatement(sql: ItemColumns.insertSQL)
    let span = TimeSpan(item, calendar: calendar)
    // One statement marks the change (a new revision), keeps the longest span, and takes
    // the sequence numbers of the children (after every number used so far).
    guard
      let marked = try Row.fetchOne(
        db.cachedStatement(sql: ItemColumns.markRevisionSQL(.sqlite)),
        arguments: [span.end - span.start, seq + 1, item.children.count, info.id])
    else { throw StoreError.notFound }
    let stamp: Int64 = marked[0]
    var next: Int64 = marked[1] - Int64(item.children.count)
    var top = item
    top.children = []
    var sections = SectionCache()
    var ids: Set<String> = [item.id]
    func execute(_ item: TimelineItem, seq: Int64, parentSeq: Int64?, rowid: Int64? = nil) throws {
      do {
        let values = ItemColumns.values(
          item, timeline: info.id, seq: seq, parentSeq: parentSeq, stamp: stamp,
          unit: info.header.headerUnit, calendar: calendar, sections: &sections)
        if let rowid {
          try db.cachedStatement(sql: ItemColumns.updateSQL).execute(
            arguments: StatementArguments(values + [.integer(version), .integer(rowid)]))
        } else {
          try insert.execute(arguments: StatementArguments(values))
        }
      } catch let error as DatabaseError
        where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
      {
        throw StoreError.repeatedID(item.id)
      }
    }
    try execute(top, seq: seq, parentSeq: nil, rowid: rowid)
    if rowid == nil {
      try db.cachedStatement(sql: "UPDATE items SET version = ? WHERE rowid = ?").execute(
        arguments: [version, db.lastInsertedRowID])
    }
    for child in item.children {
      guard ids.insert(child.id).inserted else { throw StoreError.repeatedID(child.id) }
      var leaf = child
      leaf.children = []
      try execute(leaf, seq: next, parentSeq: seq)
      next += 1
    }
    return stamp
  }
}
