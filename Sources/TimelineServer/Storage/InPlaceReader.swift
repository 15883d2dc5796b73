import Foundation
import GRDB

/// Read-only connections to the store's file for reads short enough to run on the calling
/// thread: a timeline's settings, a small timeline's window. The pool's asynchronous reads
/// send every statement to a reader's queue and back, which costs a small timeline's
/// request more than its statements do.
///
/// A caller never waits for a connection: it takes an idle one or opens another. So these
/// reads never wait on the pool's readers, which asynchronous reads hold across their
/// suspensions (a task that reads the pool synchronously can deadlock the server).
final class InPlaceReader: Sendable {
  private let path: String
  private let configuration: Configuration
  private let idle = Locked<[Connection]>([])

  /// Connections kept open between reads (as many as read at once, on two cores a few).
  static let keptConnections = 8
  /// Window statements one connection keeps prepared (its queries' shapes: how many
  /// filters of each key, search words, the sort, where the window starts).
  static let keptStatements = 256
  /// The longest a read waits for a lock, in seconds.
  static let busyTimeout: TimeInterval = 1

  init(path: String, configuration: Configuration) {
    self.path = path
    var configuration = configuration
    configuration.readonly = true
    // A lock another process holds (its recovery of the file, say) is waited for on the
    // request's thread: a second at most, then the request is answered 503 (busy).
    configuration.busyMode = .timeout(Self.busyTimeout)
    // `snapshot` holds its read transaction from one access of the connection to the next.
    configuration.allowsUnsafeTransactions = true
    self.configuration = configuration
  }

  /// Runs `body` on the calling thread, outside a transaction: each statement reads one
  /// committed state of the file on its own (one that must agree with another belongs in
  /// `snapshot`). A transaction around one statement would cost four more.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    let connection = try take()
    defer { give(connection) }
    return try connection.queue.inDatabase(body)
  }

  /// Runs `body` with a connection of its own inside one read transaction: everything read
  /// through the snapshot is one state of the file, whatever is written meanwhile.
  func snapshot<T>(_ body: (Snapshot) async throws -> T) async throws -> T {
    let connection = try take()
    defer {
      _ = try? connection.queue.inDatabase { db in try db.rollback() }
      give(connection)
    }
    try connection.queue.inDatabase { db in try db.beginTransaction(.deferred) }
    return try await body(Snapshot(connection: connection))
  }

  /// A connection inside the read transaction `snapshot` began.
  struct Snapshot: Sendable {
    let connection: Connection

    /// Runs `body` on the calling thread, in the snapshot's transaction.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
      try connection.queue.inDatabase(body)
    }

    /// The rows of `sql`, a statement the connection keeps prepared for the next window
    /// of the same shape.
    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow] {
      try connection.queue.inDatabase { db in
        try db.rows(connection.statement(sql, in: db), arguments)
      }
    }
  }

  /// A connection and the window statements it has prepared. Preparing one (SQLite parses
  /// and plans it, GRDB's authorizer notes every column it reads) costs more than running
  /// it on a small timeline. Only the caller that took the connection touches it.
  final class Connection: @unchecked Sendable {
    let queue: DatabaseQueue
    /// Statements by their SQL, with when each was last used.
    private var prepared: [String: (statement: Statement, used: Int)] = [:]
    private var uses = 0

    init(_ queue: DatabaseQueue) { self.queue = queue }

    /// How many statements it keeps prepared, and whether `sql` is one.
    var preparedCount: Int { prepared.count }
    func isPrepared(_ sql: String) -> Bool { prepared[sql] != nil }

    /// `sql` prepared on `db` (this connection's). Past `keptStatements` the one used
    /// longest ago is let go: a stream of new shapes costs their preparing, not memory.
    func statement(_ sql: String, in db: Database) throws -> Statement {
      uses += 1
      if let kept = prepared[sql] {
        prepared[sql]?.used = uses
        return kept.statement
      }
      if prepared.count >= InPlaceReader.keptStatements,
        let oldest = prepared.min(by: { $0.value.used < $1.value.used })?.key
      {
        prepared[oldest] = nil
      }
      let statement = try db.makeStatement(sql: sql)
      prepared[sql] = (statement, uses)
      return statement
    }
  }

  private func take() throws -> Connection {
    try idle.withLock { $0.popLast() }
      ?? Connection(DatabaseQueue(path: path, configuration: configuration))
  }

  /// Keeps `connection` for the next read, unless it is still inside a transaction (a
  /// rollback that failed): it would go on reading that state, so it is closed instead.
  private func give(_ connection: Connection) {
    guard connection.queue.inDatabase({ db in !db.isInsideTransaction }) else {
      return
    }
    idle.withLock { if $0.count < Self.keptConnections { $0.append(connection) } }
  }
}
