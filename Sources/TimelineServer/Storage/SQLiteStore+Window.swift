import Foundation
import GRDB
import TimelineCore

extension SQLiteStore {
  /// The most rows one window holds.
  public static let maximumWindow = WindowReader.maximumWindow

  public func window(_ request: WindowRequest) async throws -> WindowResult {
    // Each statement of a window is its own read, and each checks that the timeline is still
    // at the revision the window began with (every write to its items makes a new one), so
    // counts and rows always agree. A window that meets a write is read again from a
    // snapshot of the database (one read transaction for all its statements, on a
    // connection of its own): consistent whatever is written meanwhile, so under a stream
    // of writes a window costs at most twice its reads.
    guard let info = try await timeline(request.timeline) else { throw StoreError.notFound }
    do {
      return try await WindowReader.window(
        request, info: info,
        source: SQLiteWindowSource(reader: pool, timeline: info.id, revision: info.revision),
        cache: counts, dialect: .sqlite)
    } catch is RevisionChanged {
      let snapshot = try pool.makeSnapshot()
      guard let info = try await snapshot.read({ db in try Self.info(db, request.timeline) })
      else { throw StoreError.notFound }
      return try await WindowReader.window(
        request, info: info,
        source: SQLiteWindowSource(reader: snapshot, timeline: info.id, revision: nil),
        cache: counts, dialect: .sqlite)
    }
  }
}

extension SQLiteStore {
  public func offers(timeline: Int64) async throws -> DialogOffers {
    try await DialogOffers.read(
      timeline: timeline,
      source: SQLiteWindowSource(reader: pool, timeline: timeline, revision: nil))
  }
}

/// The timeline changed while a window was being read.
struct RevisionChanged: Error {}

/// A window's statements on SQLite: each a read of the pool (readers never wait for the
/// writer in WAL mode), checked against the revision the window began with when one is
/// given; or reads of a snapshot, which never change.
struct SQLiteWindowSource: WindowSource {
  let reader: any DatabaseReader
  let timeline: Int64
  let revision: Int64?

  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
    try await reader.read { db in
      if let revision {
        let current = try Int64.fetchOne(
          db.cachedStatement(sql: ChangeLog.revisionSQL),
          arguments: [timeline])
        guard current == revision else { throw RevisionChanged() }
      }
      return try db.rows(sql, arguments, cached: false)
    }
  }
}

extension SQLValue: DatabaseValueConvertible {
  var databaseValue: DatabaseValue {
    switch self {
    case .null: .null
    case .integer(let value): value.databaseValue
    case .real(let value): value.databaseValue
    case .text(let value): value.databaseValue
    }
  }

  static func fromDatabaseValue(_ value: DatabaseValue) -> SQLValue? { SQLValue(value) }

  init(_ value: DatabaseValue) {
    switch value.storage {
    case .int64(let number): self = .integer(number)
    case .double(let number): self = .real(number)
    case .string(let text): self = .text(text)
    case .blob(let data): self = .text(String(decoding: data, as: UTF8.self))
    case .null: self = .null
    }
  }
}

extension Row: SQLColumns {
  func integer(_ index: Int) -> Int64? { self[index] }
  func real(_ index: Int) -> Double? { self[index] }
  func text(_ index: Int) -> String? { self[index] }
}
