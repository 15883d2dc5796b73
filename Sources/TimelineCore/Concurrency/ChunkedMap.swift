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
/// advised onto huge pages (see ``HugePages``).
///
/// ```swift
/// let squares = try chunkedMap(count: 10_000) { index in index * index }
/// ```
public func chunkedMap<Element: Sendable, Failure: Error>(
  count: Int, chunkSize: Int = 4_096,
  _ transform: @Sendable (Int) throws(Failure) -> Element
) throws(Failure) -> [Element] {
  precondition(chunkSize > 0, "a chunk holds at least one index")
  guard count > chunkSize else {
    var result: [Element] = []
    result.reserveCapacity(count)
    for index in 0..<count { result.append(try transform(index)) }
    return result
  }
  let chunks = (count + chunkSize - 1) / chunkSize
  // Per chunk: how many of its results were made, and the failure that stopped it.
  var made = [Int](repeating: 0, count: chunks)
  var failures = [Failure?](repeating: nil, count: chunks)
  var failure: Failure?
  let result = [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
    guard let base = buffer.baseAddress else { return }
    // The workers' first writes fault the buffer in: in 2 MiB pages where Linux allows.
    HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
    nonisolated(unsafe) let results = base
    made.withUnsafeMutableBufferPointer { made in
      failures.withUnsafeMutableBufferPointer { failures in
        nonisolated(unsafe) let made = made
        nonisolated(unsafe) let failures = failures
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
          // Each worker writes only its own chunk's results and slots.
          let lower = chunk * chunkSize
          var finished = 0
          defer { made[chunk] = finished }
          for index in lower..<min(lower + chunkSize, count) {
            do throws(Failure) {
              (results + index).initialize(to: try transform(index))
              finished += 1
            } catch {
              failures[chunk] = error
              return
            }
          }
        }
      }
    }
    failure = failures.lazy.compactMap { $0 }.first
    if failure != nil {
      for chunk in 0..<chunks {
        (results + chunk * chunkSize).deinitialize(count: made[chunk])
      }
      initializedCount = 0
    } else {
      initializedCount = count
    }
  }
  if let failure { throw failure }
  return result
}
