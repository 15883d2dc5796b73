import Foundation
import GRDB
import TimelineCore

extension SQLiteStore {
  /// The most rows one window holds.
  public static let maximumWindow = WindowReader.maximumWindow

  public func window(_ request: WindowRequest) async throws -> WindowResult {
    // Each statement of a window is its own read, and each checks that the timeline is still
    // at the revision the window began with (every write to its items makes a new one), so
    // counts and rows always agree; a window that meets a write starts again. Under a
    // stream of writes that never lets a window finish, the last try reads without the check.
    let attempts = 8
    for attempt in 1...attempts {
      guard let info = try await timeline(request.timeline) else { throw StoreError.notFound }
      let source = SQLiteWindowSource(
        pool: pool, timeline: info.id, revision: attempt < attempts ? info.revision : nil)
      do {
        return try await WindowReader.window(
          request, info: info, source: source, cache: counts, dialect: .sqlite)
      } catch is RevisionChanged {
        continue
      }
    }
    throw StoreError.notFound
  }
}

extension SQLiteStore {
  public func offers(timeline: Int64) async throws -> DialogOffers {
    try await DialogOffers.read(
      timeline: timeline, source: SQLiteWindowSource(pool: pool, timeline: timeline, revision: nil))
  }
}

/// The timeline changed while a window was being read.
struct RevisionChanged: Error {}

/// A window's statements on SQLite: each a read of the pool (readers never wait for the
/// writer in WAL mode), checked against the revision the window began with.
struct SQLiteWindowSource: WindowSource {
  let pool: DatabasePool
  let timeline: Int64
  let revision: Int64?

  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
    try await pool.read { db in
      if let revision {
        let current = try Int64.fetchOne(
          db.cachedStatement(sql: "SELECT revision FROM timelines WHERE id = ?"),
          arguments: [timeline])
        guard current == revision else { throw RevisionChanged() }
      }
      var rows: [SQLRow] = []
      let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
      while let row = try cursor.next() {
        rows.append(SQLRow(values: (0..<row.count).map { SQLValue(row[$0] as DatabaseValue) }))
      }
      return rows
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
