import Foundation
import GRDB
import TimelineCore

extension SQLiteStore {
  /// The most rows one window holds.
  public static let maximumWindow = WindowReader.maximumWindow

  public func window(_ request: WindowRequest) async throws -> WindowResult {
    let (read, small) = try await inPlaceIfSmall(request.timeline) { info, source in
      try await WindowReader.window(
        request, info: info, source: source, cache: self.counts, dialect: .sqlite)
    }
    guard let info = read else { throw StoreError.notFound }
    if let small { return small }
    // A large timeline's statements are each a read of the pool, and each checks that the
    // timeline is still at the revision the window began with (every write to its items
    // makes a new one), so counts and rows always agree. A window that meets a write is read
    // again from a snapshot of the database (one read transaction for all its statements,
    // on a connection of its own): consistent whatever is written meanwhile, so under a
    // stream of writes a window costs at most twice its reads.
    do {
      return try await WindowReader.window(
        request, info: info,
        source: SQLiteWindowSource(.pool(pool, revision: info.revision), timeline: info.id),
        cache: counts, dialect: .sqlite)
    } catch is RevisionChanged {
      let snapshot = try pool.makeSnapshot()
      guard let info = try await snapshot.read({ db in try Self.info(db, request.timeline) })
      else { throw StoreError.notFound }
      return try await WindowReader.window(
        request, info: info,
        source: SQLiteWindowSource(.pool(snapshot, revision: nil), timeline: info.id),
        cache: counts, dialect: .sqlite)
    }
  }
}

extension SQLiteStore {
  public func offers(timeline: Int64) async throws -> DialogOffers {
    let (_, small) = try await inPlaceIfSmall(timeline) { _, source in
      try await DialogOffers.read(timeline: timeline, source: source)
    }
    if let small { return small }
    return try await DialogOffers.read(
      timeline: timeline,
      source: SQLiteWindowSource(.pool(pool, revision: nil), timeline: timeline))
  }

  /// Reads a small timeline (at most `WindowReader.directSearchRows` rows) in place: on the
  /// calling thread, in one read transaction, since its statements cost less than the trips
  /// to a reader's queue would. Answers the timeline's settings (`nil`: there is none) and
  /// what `read` made of them; `nil` for a large one, which the pool reads.
  private func inPlaceIfSmall<T>(
    _ timeline: Int64, _ read: (TimelineInfo, SQLiteWindowSource) async throws -> T
  ) async throws -> (info: TimelineInfo?, small: T?) {
    try await inPlace.snapshot { snapshot in
      guard let info = try snapshot.read({ db in try Self.info(db, timeline) }) else {
        return (nil, nil)
      }
      guard info.count <= WindowReader.directSearchRows else { return (info, nil) }
      return (
        info, try await read(info, SQLiteWindowSource(.inPlace(snapshot), timeline: timeline))
      )
    }
  }
}

/// The timeline changed while a window was being read.
struct RevisionChanged: Error {}

/// A window's statements on SQLite: each a read of the pool (readers never wait for the
/// writer in WAL mode), checked against the revision the window began with when one is
/// given; or reads of a snapshot, which never change, on the calling thread for an
/// in-place one.
struct SQLiteWindowSource: WindowSource {
  enum Reader: Sendable {
    case pool(any DatabaseReader, revision: Int64?)
    case inPlace(InPlaceReader.Snapshot)
  }

  let reader: Reader
  let timeline: Int64

  init(_ reader: Reader, timeline: Int64) {
    self.reader = reader
    self.timeline = timeline
  }

  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
    switch reader {
    case .inPlace(let snapshot):
      return try snapshot.rows(sql, arguments)
    case .pool(let pool, let revision):
      return try await pool.read { [timeline] db in
        if let revision {
          let current = try Int64.fetchOne(
            db.cachedStatement(sql: ChangeLog.revisionSQL),
            arguments: [timeline])
          guard current == revision else { throw RevisionChanged() }
        }
        return try db.rows(sql, arguments, keep: false)
      }
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
