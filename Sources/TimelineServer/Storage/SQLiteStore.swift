import Foundation
import GRDB
import TimelineCore

/// The embedded store: one SQLite file in WAL mode (readers never wait for the writer),
/// items as columns with the indexes the windowed queries need, and an FTS5 trigram index
/// for search. Every statement binds its values as parameters.
///
/// ```swift
/// let store = try SQLiteStore(path: "timeline.sqlite", locale: Locale(identifier: "en_US"))
/// let timelines = try await store.timelines()
/// ```
public final class SQLiteStore: TimelineStore {
  let pool: DatabasePool
  /// Short reads on the calling thread (a timeline's settings, a small timeline's window).
  let inPlace: InPlaceReader
  /// Week sections start on this locale's first weekday; titles sort in its order.
  let locale: Locale
  /// Per-section counts of recent queries, by timeline revision.
  let counts = CountCache(capacity: 64)
  /// Item writes, committed in groups (one transaction for the writes that wait).
  let writes: WriteBatcher
  public let changeSignal = ChangeSignal()

  /// Opens (creating when needed) the database at `path` and brings its schema up to date.
  public init(path: String, locale: Locale) throws {
    self.locale = locale
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.maximumReaderCount = 8
    let collation = Self.collation(locale)
    configuration.prepareDatabase { db in
      db.add(collation: collation)
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      // Readers read pages through a memory map (no read call per page). The writer does
      // not: an import's memory stays flat.
      if db.configuration.readonly { try db.execute(sql: "PRAGMA mmap_size = 1073741824") }
    }
    pool = try DatabasePool(path: path, configuration: configuration)
    inPlace = InPlaceReader(path: path, configuration: configuration)
    writes = WriteBatcher(pool: pool)
    try Self.migrator.migrate(pool)
    try Self.removeAbandonedImports(pool)
    // A file written before imports kept statistics gets them once.
    if try pool.read({ db in try !db.tableExists("sqlite_stat1") }) {
      try pool.writeWithoutTransaction(Self.analyze)
    }
  }

  /// Gives the query planner statistics of the items' indexes (`ANALYZE`), sampling at
  /// most `analysisLimit` rows of each, so it takes the same short time at any size. With
  /// them a search's per-section count starts from the search index's matches; without
  /// them SQLite walks every row of the timeline in section order and checks each (a common
  /// word at a million rows: 0.30 s against 0.60 s). Run after each import.
  static func analyze(_ db: Database) throws {
    try db.execute(sql: "PRAGMA analysis_limit = \(analysisLimit)")
    try db.execute(sql: "ANALYZE items")
  }

  /// Rows sampled per index by `analyze`.
  static let analysisLimit = 1_000

  /// Deletes the hidden timelines of imports whose process is gone (killed mid-import):
  /// an import in another living process is left to finish.
  static func removeAbandonedImports(_ pool: DatabasePool) throws {
    let importing = try pool.read { db in
      try Row.fetchAll(db, sql: "SELECT timeline_id, pid FROM bulk_imports").map {
        (id: $0["timeline_id"] as Int64, pid: $0["pid"] as Int32?)
      }
    }
    for (id, pid) in importing {
      if let pid, kill(pid, 0) == 0 || errno == EPERM { continue }
      _ = try delete(pool, timeline: id)
    }
  }

  /// Sets the store up for a long-running server: a larger page cache for the one writer,
  /// whose changes land on random pages of large timelines (not for a one-off import,
  /// whose memory stays flat).
  public func prepareForServing() async throws {
    try await pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA cache_size = -32768")
    }
  }

  /// Titles compare as the core's title sort compares them (SORT-6).
  static func collation(_ locale: Locale) -> DatabaseCollation {
    DatabaseCollation("timeline_text") { left, right in
      let result = TimelineText.compare(left, right, locale: locale)
      return result < 0 ? .orderedAscending : result > 0 ? .orderedDescending : .orderedSame
    }
  }

  /// The calendar of a timeline: Gregorian in its zone, weeks as the locale has them.
  func calendar(_ zone: TimeZone) -> Calendar { .timeline(zone, locale: locale) }

  /// Checks the file's integrity (`PRAGMA integrity_check`); `"ok"` when sound.
  public func integrityCheck() throws -> String {
    try pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
  }

  /// Answers when the file can take a write: the write lock can be had (no other process
  /// holds it past the busy wait) and its disk has room for a few transactions.
  public func ping() async throws {
    let folder = URL(fileURLWithPath: pool.path).deletingLastPathComponent().path
    let free = try FileManager.default.attributesOfFileSystem(forPath: folder)[.systemFreeSize]
    if let free = free as? NSNumber, free.int64Value < Self.minimumFreeBytes {
      throw DatabaseError(resultCode: .SQLITE_FULL, message: "\(free) bytes free in \(folder)")
    }
    try await pool.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      try db.execute(sql: "ROLLBACK")
    }
  }

  /// Below this free space on its disk the database is reported not ready.
  static let minimumFreeBytes: Int64 = 8 << 20

  public func timelines() async throws -> [TimelineSummary] {
    try await pool.read { db in
      // Timelines still being imported are not shown.
      try db.rows(
        ItemWrites.summariesSQL
          + " WHERE id NOT IN (SELECT timeline_id FROM bulk_imports) ORDER BY id"
      ).map(ItemWrites.summary)
    }
  }

  public func timeline(_ id: Int64) async throws -> TimelineInfo? {
    try inPlace.read { db in try Self.info(db, id) }
  }

  /// A timeline's settings; `nil` while it is being imported.
  static func info(_ db: Database, _ id: Int64) throws -> TimelineInfo? {
    try db.rows(
      "SELECT \(ItemWrites.infoColumns) FROM timelines WHERE id = ? AND id NOT IN (SELECT timeline_id FROM bulk_imports)",
      [.integer(id)]
    ).first.map { ItemWrites.info($0, id: id) }
  }

  /// Items deleted in one transaction when a timeline goes: between batches other writes
  /// take their turn, so a large timeline's delete holds the writer for a fraction of a
  /// second at a time, not for the whole delete.
  static let deleteBatch = 5_000

  /// Deletes the items in batches, then the timeline. A
  /// delete cut short leaves the timeline with fewer items, consistent, deleted again by
  /// the next call.
  public func deleteTimeline(_ id: Int64) async throws -> Bool {
    try await onOwnThread { [pool] in try Self.delete(pool, timeline: id) }
  }

  /// Deletes a timeline, `deleteBatch` items per transaction. Each batch makes a new
  /// revision, so nothing counted or drawn before it is taken for the timeline after it.
  static func delete(_ pool: DatabasePool, timeline id: Int64) throws -> Bool {
    while try pool.write({ db in
      try db.execute(
        sql: """
          DELETE FROM items WHERE rowid IN (
            SELECT rowid FROM items WHERE timeline_id = ? LIMIT ?)
          """, arguments: [id, Self.deleteBatch])
      let full = db.changesCount == Self.deleteBatch
      try db.execute(
        sql: "UPDATE timelines SET revision = revision + 1 WHERE id = ?", arguments: [id])
      return full
    }) {}
    return try pool.write { db in
      try db.execute(sql: "DELETE FROM items WHERE timeline_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM section_counts WHERE timeline_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM changes WHERE timeline_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM bulk_imports WHERE timeline_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM timelines WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }
}
