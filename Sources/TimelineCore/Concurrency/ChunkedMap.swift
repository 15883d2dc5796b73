import Dispatch

/// Maps `0..<count` in chunks on every core and joins the results in order.
///
/// Each chunk's indices are transformed by `transform` on some worker thread; the
/// results keep the order of the indices. When a chunk fails, the failure of the
/// *earliest* failing chunk is thrown, so an error is the one a sequential pass would have
/// met first (within its chunk, `transform` itself stops at the first). Small inputs
/// (one chunk) run on the calling thread.
///
/// ```swift
/// let squares = try chunkedMap(count: 10_000) { range in range.map { $0 * $0 } }
/// ```
public func chunkedMap<Element: Sendable, Failure: Error>(
  count: Int, chunkSize: Int = 4_096,
  _ transform: @Sendable (Range<Int>) throws(Failure) -> [Element]
) throws(Failure) -> [Element] {
  precondition(chunkSize > 0, "a chunk holds at least one index")
  guard count > chunkSize else { return try transform(0..<count) }
  let chunks = (count + chunkSize - 1) / chunkSize
  var outcomes = [Result<[Element], Failure>?](repeating: nil, count: chunks)
  outcomes.withUnsafeMutableBufferPointer { slots in
    nonisolated(unsafe) let slots = slots
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = chunk * chunkSize
      let range = lower..<min(lower + chunkSize, count)
      // Each worker writes only its own slot.
      slots[chunk] = Result { () throws(Failure) in try transform(range) }
    }
  }
  var joined: [Element] = []
  joined.reserveCapacity(count)
  for outcome in outcomes {
    switch outcome {
    case .success(let part): joined.append(contentsOf: part)
    case .failure(let error): throw error
    case nil: preconditionFailure("every chunk was mapped")
    }
  }
  return joined
}
