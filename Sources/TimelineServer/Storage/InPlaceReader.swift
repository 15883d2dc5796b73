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
  private let idle = Locked<[DatabaseQueue]>([])

  /// Connections kept open between reads (as many as read at once, on two cores a few).
  static let keptConnections = 8
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

  /// Runs `body` in a read transaction on the calling thread.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    let connection = try take()
    defer { give(connection) }
    return try connection.read(body)
  }

  /// Runs `body` with a connection of its own inside one read transaction: everything read
  /// through the snapshot is one state of the file, whatever is written meanwhile.
  func snapshot<T>(_ body: (Snapshot) async throws -> T) async throws -> T {
    let connection = try take()
    defer {
      _ = try? connection.inDatabase { db in try db.rollback() }
      give(connection)
    }
    try connection.inDatabase { db in try db.beginTransaction(.deferred) }
    return try await body(Snapshot(connection: connection))
  }

  /// A connection inside the read transaction `snapshot` began.
  struct Snapshot: Sendable {
    fileprivate let connection: DatabaseQueue

    /// Runs `body` on the calling thread, in the snapshot's transaction.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
      try connection.inDatabase(body)
    }
  }

  private func take() throws -> DatabaseQueue {
    try idle.withLock { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
  }

  /// Keeps `connection` for the next read, unless it is still inside a transaction (a
  /// rollback that failed): it would go on reading that state, so it is closed instead.
  private func give(_ connection: DatabaseQueue) {
    guard (try? connection.inDatabase { db in !db.isInsideTransaction }) == true else { return }
    idle.withLock { if $0.count < Self.keptConnections { $0.append(connection) } }
  }
}
