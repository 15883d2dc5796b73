import Foundation
import NIOCore

/// Rendered answers kept per timeline revision: a timeline page, a window, a cards page or
/// a rows answer is a function of the timeline's stored revision, the address (the view:
/// search, filters, sort, place, a fixed `now`) and the day `now` falls on, since tense, the
/// now indicator and sections change only with the day (TL-4, TL-6: day granularity).
/// An answer made once is sent again until one of those changes; any write to a timeline
/// gives it a new revision, so nothing stale is ever sent, also when several processes
/// share one database (the revision is read from it on every request).
///
/// Bounded by bytes; the least recently used answers go first.
final class RenderCache: Sendable {
  /// One rendered answer, with a validator for conditional requests.
  struct Entry: Sendable {
    var body: ByteBuffer
    var tag: String
  }

  private struct State {
    var entries: [String: (entry: Entry, used: UInt64)] = [:]
    var bytes = 0
    var clock: UInt64 = 0
    /// Answers being drawn, with the requests waiting for them: a burst of requests for
    /// an address not kept draws it once.
    var drawing: [String: [CheckedContinuation<Entry?, Never>]] = [:]
  }

  let capacity: Int
  private let state = Locked(State())

  /// A cache holding at most `capacity` bytes of bodies; 0 keeps nothing.
  init(capacity: Int) { self.capacity = capacity }

  /// The key of an answer: where it was asked for, the timeline's revision, and the day of
  /// `now` (the start of the local day in the timeline's zone).
  static func key(path: String, query: String?, revision: Int64, day: Date) -> String {
    "\(revision) \(day.timeIntervalSinceReferenceDate) \(path)?\(query ?? "")"
  }

  /// The answer for `key`, drawing it with `render` when it is not kept and nobody else is
  /// drawing it (else waiting for theirs).
  func answer(_ key: String, render: () async throws -> String) async throws -> Entry {
    guard capacity > 0 else {
      return Entry(body: ByteBuffer(string: try await render()), tag: Self.tag(key))
    }
    while true {
      switch claim(key) {
      case .kept(let entry): return entry
      case .draw:
        let entry: Entry
        do {
          entry = Entry(body: ByteBuffer(string: try await render()), tag: Self.tag(key))
        } catch {
          finish(key, nil)
          throw error
        }
        finish(key, entry)
        return entry
      case .wait:
        let drawn = await withCheckedContinuation { continuation in
          wait(key, continuation)
        }
        // When the other drawing failed, draw it here (and meet its error, if any).
        if let drawn { return drawn }
      }
    }
  }

  private enum Claim {
    case kept(Entry)
    case draw
    case wait
  }

  private func claim(_ key: String) -> Claim {
    state.withLock { state in
      if let kept = Self.use(key, in: &state) { return .kept(kept) }
      if state.drawing[key] != nil { return .wait }
      state.drawing[key] = []
      return .draw
    }
  }

  private func wait(_ key: String, _ continuation: CheckedContinuation<Entry?, Never>) {
    let now: Entry?? = state.withLock { state in
      if let kept = state.entries[key] { return .some(kept.entry) }
      guard state.drawing[key] != nil else { return .some(nil) }
      state.drawing[key]!.append(continuation)
      return .none
    }
    if let now { continuation.resume(returning: now) }
  }

  private func finish(_ key: String, _ entry: Entry?) {
    let waiting = state.withLock { state in
      if let entry { insert(key, entry, into: &state) }
      return state.drawing.removeValue(forKey: key) ?? []
    }
    for continuation in waiting { continuation.resume(returning: entry) }
  }

  func lookup(_ key: String) -> Entry? {
    guard capacity > 0 else { return nil }
    return state.withLock { Self.use(key, in: &$0) }
  }

  /// The entry kept for `key`, marked as the most recently used.
  private static func use(_ key: String, in state: inout State) -> Entry? {
    guard let kept = state.entries[key] else { return nil }
    state.clock &+= 1
    state.entries[key] = (kept.entry, state.clock)
    return kept.entry
  }

  private func insert(_ key: String, _ entry: Entry, into state: inout State) {
    let size = entry.body.readableBytes + key.utf8.count
    guard size <= capacity / 4 else { return }
    state.clock &+= 1
    if let old = state.entries.updateValue((entry, state.clock), forKey: key) {
      state.bytes -= old.entry.body.readableBytes + key.utf8.count
    }
    state.bytes += size
    guard state.bytes > capacity else { return }
    // Down to three quarters, oldest first: one sort per many insertions.
    let order = state.entries.sorted { $0.value.used < $1.value.used }
    for (oldKey, old) in order where state.bytes > capacity * 3 / 4 {
      state.entries[oldKey] = nil
      state.bytes -= old.entry.body.readableBytes + oldKey.utf8.count
    }
  }

  /// The number of answers kept, and their bytes.
  var count: Int { state.withLock { $0.entries.count } }
  var bytes: Int { state.withLock { $0.bytes } }

  /// A weak validator for `key`, the same in every process.
  static func tag(_ key: String) -> String {
    "W/\"" + stableHash(key) + "\""
  }
}

/// `text`'s 64-bit FNV-1a hash in base 36: the same in every process (unlike `Hasher`), so
/// instances sharing a database agree on tags and cursors.
func stableHash(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }
  return String(hash, radix: 36)
}
