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
    try await pool.read { db in try Self.stored(db, timeline: timeline, id: id)?.stored }
  }

  /// The stored item `id` with its children, and where its row is.
  static func stored(_ db: Database, timeline: Int64, id: String) throws -> ItemWrites.Stored? {
    guard let row = try db.rows(ItemWrites.topRowSQL, [.integer(timeline), .text(id)]).first
    else { return nil }
    let children = try db.rows(
      ItemWrites.childRowsSQL, [.integer(timeline), row[ItemColumns.Selected.seq.rawValue]])
    return ItemWrites.stored(row, children: children)
  }

  public func updateItem(
    timeline: Int64, id: String, ifMatch: String,
    change: @escaping @Sendable (TimelineItem, TimeZone) throws -> TimelineItem
  ) async throws -> StoredItem {
    try await write(timeline, item: id) { db, info in
      guard let current = try Self.stored(db, timeline: timeline, id: id) else {
        throw StoreError.notFound
      }
      guard ItemWrites.matches(ifMatch, tag: current.stored.tag) else { throw StoreError.stale }
      let changed = try change(current.stored.item, info.header.timeZone)
      // The row changes in place (same seq and rowid, the next version); its children are
      // replaced.
      try db.run(ItemWrites.deleteChildrenSQL, [.integer(timeline), .integer(current.seq)])
      let written = try self.write(
        changed, db: db, info: info, seq: current.seq, version: current.version + 1,
        replacing: current.rowid)
      // Every field is a column, so the item as read back is `changed` itself.
      return (
        StoredItem(
          item: changed, tag: ItemWrites.tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .updated, itemID: changed.id)
      )
    }
  }

  public func addItem(timeline: Int64, item: TimelineItem) async throws -> StoredItem {
    try await write(timeline) { db, info in
      let seq = try db.rows(ItemWrites.nextSeqSQL, [.integer(timeline)]).first?.integer(0) ?? 0
      let written = try self.write(item, db: db, info: info, seq: seq, version: 1)
      try db.run(ItemWrites.countAddedSQL, [.integer(timeline)])
      return (
        StoredItem(
          item: written.item, tag: ItemWrites.tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .added, itemID: item.id)
      )
    }
  }

  public func deleteItem(timeline: Int64, id: String) async throws -> Bool {
    do {
      return try await write(timeline, item: id) { db, _ in
        guard
          let seq = try db.rows(ItemWrites.topSeqSQL, [.integer(timeline), .text(id)]).first?
            .integer(0)
        else { throw StoreError.notFound }
        // Two statements: each is one index search (an `OR` of the two would scan).
        try db.run(ItemWrites.deleteChildrenSQL, [.integer(timeline), .integer(seq)])
        try db.run(ItemWrites.deleteRowSQL, [.integer(timeline), .integer(seq)])
        let revision =
          try db.rows(ItemWrites.countDeletedSQL, [.integer(timeline)]).first?.integer(0) ?? 0
        return (true, TimelineChange(revision: revision, operation: .deleted, itemID: id))
      }
    } catch StoreError.notFound {
      return false
    }
  }

  /// Runs a change to `timeline`'s items (to the item `id` when it exists before) in the
  /// next group commit, records what it changed, moves the cached counts of the timeline's
  /// queries along (``CountProbe``), and rings the change signal once it is committed.
  func write<Result: Sendable>(
    _ timeline: Int64, item id: String? = nil,
    _ body: @escaping @Sendable (Database, TimelineInfo) throws -> (Result, TimelineChange)
  ) async throws -> Result {
    let (result, change, moved) = try await writes.write { db in
      guard let info = try Self.info(db, timeline) else { throw StoreError.notFound }
      let probe = self.counts.probe(timeline: timeline, rows: info.count)
      func probed(_ id: String?) throws -> CountProbe.Row? {
        guard let probe, let id else { return nil }
        return probe.read(try db.rows(probe.sql, probe.arguments(id: id), cached: false))
      }
      let before = try probed(id)
      let (result, change) = try body(db, info)
      let after = change.operation == .card ? nil : try probed(change.itemID)
      try db.run(ChangeLog.recordSQL, ChangeLog.recordArguments(change, timeline: timeline))
      if let trim = ChangeLog.trimArguments(change, timeline: timeline) {
        try db.run(ChangeLog.trimSQL, trim)
      }
      return (result, change, (probe: probe, from: info.revision, before: before, after: after))
    }
    if let probe = moved.probe {
      counts.apply(
        probe, from: moved.from, to: change.revision, before: moved.before, after: moved.after)
    }
    changeSignal.post(timeline: timeline, revision: change.revision)
    return result
  }

  public func cards(timeline: Int64, from start: Int, limit: Int) async throws -> CardFeed? {
    try await pool.read { db in
      guard try Self.info(db, timeline) != nil,
        let spacing = try db.rows(CardRows.feedSQL, [.integer(timeline)]).first
      else { throw StoreError.notFound }
      guard let (feed, window) = CardRows.window(spacing: spacing, start: start, limit: limit)
      else { return nil }
      let arguments = CardRows.windowArguments(window, timeline: timeline)
      return CardRows.fill(
        feed, cards: try db.rows(CardRows.cardsSQL, arguments),
        items: try db.rows(CardRows.itemsSQL, arguments))
    }
  }

  public func setCardItemStatus(timeline: Int64, path: CardItemPath, status: ItemStatus?)
    async throws -> Int64
  {
    try await write(timeline) { db, _ in
      guard
        try !db.rows(CardRows.setStatusSQL, CardRows.statusArguments(status, path, timeline))
          .isEmpty,
        let revision = try db.rows(CardRows.markSQL, [.integer(timeline)]).first?.integer(0)
      else { throw StoreError.notFound }
      return (revision, TimelineChange(revision: revision, operation: .card, itemID: "\(path)"))
    }
  }

  public func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]? {
    try await pool.read { db in
      guard let current = try db.rows(ChangeLog.revisionSQL, [.integer(timeline)]).first?.integer(0)
      else { return nil }
      let rows = try db.rows(ChangeLog.afterSQL, [.integer(timeline), .integer(revision)])
      return ChangeLog.changes(rows, after: revision, current: current)
    }
  }

  /// Writes a top-level item at `seq` and its children, or rewrites the row `replacing` in
  /// place; marks the timeline's new revision. A repeated id is
  /// ``StoreError/repeatedID(_:)``.
  func write(
    _ item: TimelineItem, db: Database, info: TimelineInfo, seq: Int64, version: Int64,
    replacing rowid: Int64? = nil
  ) throws -> (item: TimelineItem, stamp: Int64, rowid: Int64) {
    let write = try ItemWrites.Write(
      item, info: info, seq: seq, calendar: calendar(info.header.timeZone))
    if let taken = try db.rows(
      ItemWrites.takenSQL(count: write.ids.count),
      ItemWrites.takenArguments(write.ids, timeline: info.id, except: rowid)
    ).first?.text(0) {
      throw StoreError.repeatedID(taken)
    }
    guard let marked = try db.rows(ItemColumns.markRevisionSQL(.sqlite), write.markArguments).first,
      let stamp = marked.integer(0), let nextSeq = marked.integer(1)
    else { throw StoreError.notFound }
    var written = rowid ?? 0
    if let rowid {
      try db.run(
        ItemWrites.rewriteSQL,
        write.topValues(stamp: stamp) + [.integer(version), .integer(rowid), .integer(info.id)])
    } else {
      written =
        try db.rows(ItemWrites.insertSQL, write.topValues(stamp: stamp)).first?.integer(0) ?? 0
    }
    for children in write.children(stamp: stamp, nextSeq: nextSeq) {
      try db.run(children.sql, children.values)
    }
    return (write.stored, stamp, written)
  }
}

extension Database {
  /// The rows of `sql` with `arguments` bound, as the PostgreSQL store reads them; the
  /// statement is prepared once per connection unless `cached` is false (for the many
  /// different statements of windows).
  func rows(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> [SQLRow] {
    try rows(cached ? cachedStatement(sql: sql) : makeStatement(sql: sql), arguments)
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

  /// Runs `sql` for its effect.
  func run(_ sql: String, _ arguments: [SQLValue] = []) throws {
    try cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments))
  }
}
