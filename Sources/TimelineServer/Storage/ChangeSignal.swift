import Foundation

/// Tells the readers of a timeline that it changed: each reader has a stream of the
/// revisions announced for its timeline (the newest only, when a reader falls behind: it
/// reads what changed from the store).
public final class ChangeSignal: Sendable {
  private struct State {
    var next = 0
    var readers: [Int: (timeline: Int64, continuation: AsyncStream<Int64>.Continuation)] = [:]
  }
  private let state = Locked(State())

  public init() {}

  /// A stream of the revisions of `timeline` announced from now on; it ends when the task
  /// reading it ends.
  public func revisions(of timeline: Int64) -> AsyncStream<Int64> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Int64.self, bufferingPolicy: .bufferingNewest(1))
    let key = state.withLock { state in
      state.next += 1
      state.readers[state.next] = (timeline, continuation)
      return state.next
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.readers.removeValue(forKey: key) }
    }
    return stream
  }

  /// Announces that `timeline` is at `revision`.
  public func post(timeline: Int64, revision: Int64) {
    let continuations = state.withLock { state in
      state.readers.values.filter { $0.timeline == timeline }.map(\.continuation)
    }
    for continuation in continuations { continuation.yield(revision) }
  }

  /// How many readers are waiting (for tests and the log).
  public var readerCount: Int { state.withLock { $0.readers.count } }
}
