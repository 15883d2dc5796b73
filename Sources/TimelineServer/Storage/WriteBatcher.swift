import Foundation
import GRDB

/// Group commit for the single SQLite writer: writes that arrive while a transaction is
/// being written wait for the next one and go in together, each in its own savepoint, so a
/// write that fails (a stale `If-Match`, a repeated id) leaves the others alone. Every write
/// is answered only after the transaction holding it has committed, so an acknowledged write
/// is on disk (in the WAL) like one written alone; the writes of one transaction run one
/// after the other in arrival order and each sees those before it.
final class WriteBatcher: Sendable {
  /// One write waiting for a transaction: `run` does it (inside its savepoint) and keeps its
  /// outcome; `finish` answers it once the transaction is over.
  private struct Job: @unchecked Sendable {
    let run: (Database) -> Void
    let finish: (_ commitError: (any Error)?) -> Void
  }

  private struct State {
    var waiting: [Job] = []
    var writing = false
  }

  private let pool: DatabasePool
  private let state = Locked(State())
  /// The most writes in one transaction.
  let limit: Int

  init(pool: DatabasePool, limit: Int = 64) {
    self.pool = pool
    self.limit = limit
  }

  /// Runs `work` in the next transaction and returns its value once that has committed.
  func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
    let outcome = Outcome<T>()
    return try await withCheckedThrowingContinuation { continuation in
      let job = Job(
        run: { db in
          do {
            try db.inSavepoint {
              outcome.result = .success(try work(db))
              return .commit
            }
          } catch {
            outcome.result = .failure(error)
          }
        },
        finish: { commitError in
          if let commitError {
            continuation.resume(throwing: commitError)
          } else {
            continuation.resume(with: outcome.result ?? .failure(CancellationError()))
          }
        })
      let start = state.withLock { state in
        state.waiting.append(job)
        defer { state.writing = true }
        return !state.writing
      }
      if start { pool.asyncWriteWithoutTransaction { db in self.drain(db) } }
    }
  }

  /// Writes one transaction of the writes that wait, on the writer's queue (a write waits
  /// for the writer, and for a turn of the threads that answer requests only once it is
  /// answered), then queues the next behind any other use of the writer.
  private func drain(_ db: Database) {
    let jobs = state.withLock { state in
      let taken = Array(state.waiting.prefix(limit))
      state.waiting.removeFirst(taken.count)
      if taken.isEmpty { state.writing = false }
      return taken
    }
    if jobs.isEmpty { return }
    do {
      try db.inTransaction {
        for job in jobs { job.run(db) }
        return .commit
      }
      for job in jobs { job.finish(nil) }
    } catch {
      for job in jobs { job.finish(error) }
    }
    pool.asyncWriteWithoutTransaction { db in self.drain(db) }
  }
}

/// The outcome of one write, set on the writer's queue and read after its transaction.
private final class Outcome<T>: @unchecked Sendable {
  var result: Result<T, any Error>?
}
