import Foundation
import NIOCore
import PostgresNIO
import TimelineCore

extension PostgresStore {
  /// The channel every instance listens on: `TIMELINE REVISION` per change.
  static let channel = "timeline_changes"

  /// The calendar of a timeline: Gregorian in its zone, weeks as the locale has them.
  func calendar(_ zone: TimeZone) -> Calendar { .timeline(zone, locale: locale) }

  public func timelines() async throws -> [TimelineSummary] {
    try await withConnection { connection in
      try await connection.rows(ItemWrites.summariesSQL + " ORDER BY id").map(ItemWrites.summary)
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
    try await connection.rows(infoSQL(lock: lock), [.integer(id)]).first.map {
      ItemWrites.info($0, id: id)
    }
  }

  /// How long an item write waits for its timeline's row (PostgreSQL's `lock_timeout`):
  /// three quarters of the time a request waits for the database.
  var lockTimeout: String {
    let (seconds, attoseconds) = timeout.components
    return "\((seconds * 1_000 + attoseconds / 1_000_000_000_000_000) * 3 / 4)ms"
  }

  /// A timeline's settings (`ItemWrites.infoColumns`). Argument: the timeline.
  static func infoSQL(lock: Bool) -> String {
    "SELECT \(ItemWrites.infoColumns) FROM timelines WHERE id = ?" + (lock ? " FOR UPDATE" : "")
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
      var assembly = ItemWrites.DocumentAssembly(info)
      let rows = try await connection.query(
        PostgresQuery(
          unsafeSQL: ItemWrites.documentSQL.numberingPlaceholders, binds: .init([.integer(id)])),
        logger: PostgresConnection.quiet)
      for try await row in rows { assembly.add(SQLRow(row)) }
      return assembly.document
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
      try await PostgresStatements.run(on: connection) { db in
        try ItemWrites.Change.stored(db, timeline: timeline, id: id)?.stored
      }
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

  /// Runs a change to `timeline`'s items (to the item `id` when it exists before) in a
  /// transaction that holds the timeline's row
  /// (``ItemWrites/recorded(_:info:counts:item:calendar:dialect:_:)``), tells every instance
  /// (`NOTIFY`, sent on commit), and moves the cached counts along.
  func write<Result: Sendable>(
    _ timeline: Int64, item id: String? = nil,
    _ body: @escaping @Sendable (ItemWrites.Change) throws -> (Result, TimelineChange)
  ) async throws -> Result {
    let (counts, dialect, locale, lockTimeout) = (counts, dialect, locale, lockTimeout)
    let (result, change, moved) = try await transaction { connection in
      try await PostgresStatements.run(on: connection) { db in
        // The timeline's row may be held by a write that does not end (a session outside
        // the app, an instance that froze): waiting for it stops before the caller's
        // deadline, and the connection goes back to the pool (503 busy) instead of waiting
        // on after the answer.
        try db.run("SELECT set_config('lock_timeout', ?, true)", [.text(lockTimeout)])
        guard
          let info = try db.rows(Self.infoSQL(lock: true), [.integer(timeline)]).first.map({
            ItemWrites.info($0, id: timeline)
          })
        else { throw StoreError.notFound }
        let recorded = try ItemWrites.recorded(
          db, info: info, counts: counts, item: id,
          calendar: .timeline(info.header.timeZone, locale: locale), dialect: dialect, body)
        try db.run(
          "SELECT pg_notify(?, ?)",
          [.text(Self.channel), .text("\(timeline) \(recorded.1.revision)")])
        return recorded
      }
    }
    counts.apply(moved, to: change.revision)
    changeSignal.post(timeline: timeline, revision: change.revision)
    return result
  }

  public func cards(timeline: Int64, from start: Int, limit: Int) async throws -> CardFeed? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      try await PostgresStatements.run(on: connection) { db in
        try CardRows.read(db, timeline: timeline, start: start, limit: limit)
      }
    }
  }

  public func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      try await PostgresStatements.run(on: connection) { db in
        try ChangeLog.changes(db, timeline: timeline, after: revision)
      }
    }
  }
}

/// A PostgreSQL connection as a ``StatementRunner``: each statement waits for its answer, so
/// the logic both stores share runs on it as it runs in SQLite's write closure. Waiting is
/// allowed only off the event loops: ``run(on:_:)`` gives the work a thread of its own.
struct PostgresStatements: StatementRunner {
  let connection: PostgresConnection
  /// Set when the task that waits for the work is cancelled (its deadline passed and the
  /// caller was answered 503): the next statement throws instead of running, so the
  /// transaction is rolled back, never committed after that answer.
  let cancelled: Locked<Bool>

  func rows(_ sql: String, _ arguments: [SQLValue], keep: Bool) throws -> [SQLRow] {
    if cancelled.withLock({ $0 }) { throw CancellationError() }
    return try connection.query(
      PostgresQuery(unsafeSQL: sql.numberingPlaceholders, binds: .init(arguments)),
      logger: PostgresConnection.quiet
    ).wait().rows.map(SQLRow.init)
  }

  /// Runs `work` on `connection`, on a thread of its own.
  static func run<Result: Sendable>(
    on connection: PostgresConnection,
    _ work: @escaping @Sendable (PostgresStatements) throws -> Result
  ) async throws -> Result {
    let cancelled = Locked(false)
    return try await withTaskCancellationHandler {
      try await onOwnThread {
        try work(PostgresStatements(connection: connection, cancelled: cancelled))
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
  }
}

/// A window's statements on one PostgreSQL connection, inside its read-only transaction.
struct PostgresWindowSource: WindowSource {
  let connection: PostgresConnection

  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
    try await connection.rows(sql, arguments)
  }
}
