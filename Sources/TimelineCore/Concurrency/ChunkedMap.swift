import Dispatch

/// Maps `0..<count` in chunks on every core, each result written straight into its place in
/// the array returned.
///
/// Each index is transformed by `transform` on some worker thread, a chunk of indices after
/// another on each. When an index fails, its chunk stops there, and the failure of the
/// *earliest* failing chunk is thrown: the error is the one a sequential pass would have
/// met first. Results already made are then destroyed. Small inputs (one chunk) run on the
/// calling thread.
///
/// Results are never copied or joined: a large array of large values costs one buffer,
/// advised onto huge pages.
///
/// ```swift
/// let squares = try chunkedMap(count: 10_000) { index in index * index }
/// ```
public func chunkedMap<Element: Sendable, Failure: Error>(
  count: Int, chunkSize: Int = 4_096,
  _ transform: @Sendable (Int) throws(Failure) -> Element
) throws(Failure) -> [Element] {
  let chunks = chunkCount(count, chunkSize)
  // Per chunk: how many of its results were made.
  var made = [Int](repeating: 0, count: chunks)
  var failure: Failure?
  let result = [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
    guard let base = buffer.baseAddress else { return }
    // The workers' first writes fault the buffer in: in 2 MiB pages where Linux allows.
    HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
    nonisolated(unsafe) let results = base
    made.withUnsafeMutableBufferPointer { made in
      nonisolated(unsafe) let made = made
      do throws(Failure) {
        // Each worker writes only its own chunk's results and slot.
        try forEachChunk(count: count, chunkSize: chunkSize) { (chunk, indices) throws(Failure) in
          var finished = 0
          defer { made[chunk] = finished }
          for index in indices {
            (results + index).initialize(to: try transform(index))
            finished += 1
          }
        }
        initializedCount = count
      } catch {
        failure = error
        for chunk in 0..<chunks {
          (results + chunk * chunkSize).deinitialize(count: made[chunk])
        }
        initializedCount = 0
      }
    }
  }
  if let failure { throw failure }
  return result
}

/// Calls `body` with each chunk of `0..<count` (its number and its indices), the chunks on
/// every core, and throws the failure of the *earliest* failing chunk: the error a
/// sequential pass would have met first. A single chunk runs on the calling thread.
///
/// For work that makes no results, such as checking the parts of a document that are not
/// kept; ``chunkedMap(count:chunkSize:_:)`` is this with each index's result kept.
public func forEachChunk<Failure: Error>(
  count: Int, chunkSize: Int = 4_096,
  _ body: @Sendable (_ chunk: Int, _ indices: Range<Int>) throws(Failure) -> Void
) throws(Failure) {
  let chunks = chunkCount(count, chunkSize)
  guard chunks > 1 else {
    if count > 0 { try body(0, 0..<count) }
    return
  }
  var failures = [Failure?](repeating: nil, count: chunks)
  failures.withUnsafeMutableBufferPointer { failures in
    nonisolated(unsafe) let failures = failures
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = chunk * chunkSize
      do throws(Failure) {
        try body(chunk, lower..<min(lower + chunkSize, count))
      } catch {
        failures[chunk] = error
      }
    }
  }
  if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
}

/// The number of chunks of `chunkSize` that `0..<count` makes.
private func chunkCount(_ count: Int, _ chunkSize: Int) -> Int {
  precondition(chunkSize > 0, "a chunk holds at least one index")
  return (count + chunkSize - 1) / chunkSize
}
