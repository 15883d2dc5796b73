/// Lets one caller at a time in per key; the others wait in the process, in order, holding
/// nothing. The PostgreSQL store gives each timeline's writes their turn here before they
/// take a connection: they take turns on the timeline's row in the database anyway, and a
/// row held elsewhere (a session outside the app, a frozen instance) then keeps one
/// connection waiting, not the whole pool.
///
/// ```swift
/// let turns = Turns()
/// try await turns.run(timeline) { try await write() }
/// ```
final class Turns: Sendable {
  private struct Waiter {
    var id: UInt64
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var busy: Set<Int64> = []
    var waiting: [Int64: [Waiter]] = [:]
    /// Callers not yet queued or let in, and those of them whose task was cancelled.
    var arriving: Set<UInt64> = []
    var cancelled: Set<UInt64> = []
    var next: UInt64 = 0
  }

  private let state = Locked(State())

  /// `body`'s result, run when `key`'s earlier callers are done. A caller whose task is
  /// cancelled while it waits (its deadline passed) leaves the queue with
  /// `CancellationError`.
  func run<Result: Sendable>(
    _ key: Int64, _ body: () async throws -> Result
  ) async throws -> Result {
    try await enter(key)
    defer { leave(key) }
    return try await body()
  }

  private func enter(_ key: Int64) async throws {
    let id = state.withLock { state in
      state.next += 1
      state.arriving.insert(state.next)
      return state.next
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Now { case go, wait, cancelled }
        let now = state.withLock { state -> Now in
          state.arriving.remove(id)
          if state.cancelled.remove(id) != nil { return .cancelled }
          guard state.busy.contains(key) else {
            state.busy.insert(key)
            return .go
          }
          state.waiting[key, default: []].append(Waiter(id: id, continuation: continuation))
          return .wait
        }
        switch now {
        case .go: continuation.resume()
        case .wait: break
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiting[key]?.firstIndex(where: { $0.id == id }) else {
          // Not queued yet: the queueing step sees this. (Let in already: nothing to do.)
          if state.arriving.contains(id) { state.cancelled.insert(id) }
          return nil
        }
        return state.waiting[key]?.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  private func leave(_ key: Int64) {
    let next = state.withLock { state -> Waiter? in
      guard var queue = state.waiting[key], !queue.isEmpty else {
        state.busy.remove(key)
        state.waiting[key] = nil
        return nil
      }
      let first = queue.removeFirst()
      state.waiting[key] = queue.isEmpty ? nil : queue
      return first
    }
    // The turn passes straight to the next caller (the key stays busy).
    next?.continuation.resume()
  }
}
