import Foundation
import Synchronization
import Testing
import TimelineCore

/// `chunkedMap` maps on every core into one buffer: the order of the indices, the error a
/// sequential pass would meet first (IO-4: a document's first problem is the one reported),
/// and nothing left behind when it fails.
@Suite("chunkedMap")
struct ChunkedMapTests {
  /// A value that counts the instances alive.
  final class Tracked: Sendable {
    static let alive = Atomic<Int>(0)
    let value: Int
    init(_ value: Int) {
      self.value = value
      Self.alive.add(1, ordering: .relaxed)
    }
    deinit { Self.alive.subtract(1, ordering: .relaxed) }
  }

  struct Failure: Error, Equatable { var index: Int }

  @Test func io4_resultsKeepTheOrderOfTheIndices() {
    let squares = chunkedMap(count: 10_007, chunkSize: 100) { $0 * $0 }
    #expect(squares == (0..<10_007).map { $0 * $0 })
    #expect(chunkedMap(count: 50, chunkSize: 100) { $0 + 1 } == Array(1...50))
    #expect(chunkedMap(count: 0, chunkSize: 100) { $0 }.isEmpty)
  }

  @Test(.serialized, arguments: [[3_120, 7_250], [7_250, 3_120, 9_999], [0]])
  func io4_theEarliestFailureIsThrownAndEveryResultMadeIsDestroyed(failing: [Int]) {
    #expect(Tracked.alive.load(ordering: .relaxed) == 0)
    #expect(throws: Failure(index: failing.min()!)) {
      _ = try chunkedMap(count: 10_000, chunkSize: 100) { (index) throws(Failure) -> Tracked in
        if failing.contains(index) { throw Failure(index: index) }
        return Tracked(index)
      }
    }
    #expect(Tracked.alive.load(ordering: .relaxed) == 0)
    do {
      let all = try chunkedMap(count: 10_000, chunkSize: 100) {
        (index) throws(Failure) -> Tracked in Tracked(index)
      }
      #expect(Tracked.alive.load(ordering: .relaxed) == 10_000)
      #expect(all.map(\.value) == Array(0..<10_000))
    } catch {
      Issue.record("no index fails: \(error)")
    }
    #expect(Tracked.alive.load(ordering: .relaxed) == 0)
  }

  @Test(arguments: [[4_321, 9_050], [9_050, 4_321], [0], []])
  func io4_forEachChunkVisitsEveryIndexOnceAndThrowsTheEarliestFailure(failing: [Int]) {
    let visits = Mutex([Int](repeating: 0, count: 10_000))
    let chunks = Mutex(Set<Int>())
    let outcome = Result { () throws(Failure) in
      try forEachChunk(count: 10_000, chunkSize: 1_000) { (chunk, indices) throws(Failure) in
        #expect(indices == chunk * 1_000..<(chunk + 1) * 1_000)
        chunks.withLock { _ = $0.insert(chunk) }
        for index in indices {
          visits.withLock { $0[index] += 1 }
          if failing.contains(index) { throw Failure(index: index) }
        }
      }
    }
    #expect(chunks.withLock { $0 } == Set(0..<10))
    if let first = failing.min() {
      #expect(throws: Failure(index: first)) { try outcome.get() }
      // A chunk stops at its failure; every index before the first failure was visited.
      #expect(visits.withLock { $0[..<first].allSatisfy { $0 == 1 } })
    } else {
      #expect(throws: Never.self) { try outcome.get() }
      #expect(visits.withLock { $0.allSatisfy { $0 == 1 } })
    }
  }

  @Test func io4_oneChunkRunsOnTheCallingThreadAndNoneForNothing() {
    let caller = pthread_self()
    let seen = Mutex([Range<Int>]())
    let onCaller = Mutex(true)
    forEachChunk(count: 7, chunkSize: 10) { _, indices in
      onCaller.withLock { $0 = $0 && pthread_equal(pthread_self(), caller) != 0 }
      seen.withLock { $0.append(indices) }
    }
    #expect(seen.withLock { $0 } == [0..<7] && onCaller.withLock { $0 })
    forEachChunk(count: 0, chunkSize: 10) { _, indices in seen.withLock { $0.append(indices) } }
    #expect(seen.withLock { $0 } == [0..<7])
  }
}
