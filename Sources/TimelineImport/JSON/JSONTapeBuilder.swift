import TimelineCore

/// Collects a ``JSONTape`` while parsing: the input, a growable buffer of nodes and one of
/// decoded strings with escapes.
///
/// Raw buffers instead of arrays keep reads and appends free of reference counting. The
/// builder must end with exactly one call to ``finish()`` or ``discard()``.
struct JSONTapeBuilder {
  /// The nodes; the first `count` are initialized.
  private(set) var buffer: UnsafeMutableBufferPointer<JSONTape.Node>
  /// The number of nodes recorded.
  private(set) var count = 0
  /// The input, which the tape takes over.
  let text: UnsafeBufferPointer<UInt8>
  /// The records of decoded strings (see ``JSONTape/escapes``); the first `escapesCount`
  /// bytes are written.
  private var escapes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0)
  private var escapesCount = 0
  /// Buffers outgrown while ``snapshot()``s may still read them; freed with the tape's
  /// last buffers by ``finish()`` or ``discard()``.
  private var outgrown: [UnsafeMutableRawPointer] = []
  /// Whether outgrown buffers are kept (once a snapshot has been taken).
  private var keepsOutgrown = false

  /// Takes over `input` and reserves room for about `capacity` nodes, faulted in ahead on
  /// another core when `prefault` (for a tape that will fill them).
  init(input: UnsafeBufferPointer<UInt8>, capacity: Int, prefault: Bool = true) {
    buffer = .allocate(capacity: max(capacity, 16))
    text = input
    HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
    if prefault { HugePages.prefault(UnsafeMutableRawBufferPointer(buffer)) }
  }

  /// Node `index`, which must be below `count`.
  subscript(index: Int) -> JSONTape.Node {
    get { buffer[index] }
    set { buffer[index] = newValue }
  }

  /// Records a node, growing the buffer when full.
  @inline(__always)
  mutating func append(_ node: JSONTape.Node) {
    if count == buffer.count { grow() }
    // Nodes are trivial values, so assigning to uninitialized memory is allowed.
    buffer[count] = node
    count += 1
  }

  /// Doubles the buffer of nodes.
  private mutating func grow() {
    let larger = UnsafeMutableBufferPointer<JSONTape.Node>.allocate(capacity: buffer.count * 2)
    HugePages.advise(UnsafeMutableRawBufferPointer(larger))
    _ = larger.initialize(fromContentsOf: buffer)
    retire(UnsafeMutableRawPointer(buffer.baseAddress))
    buffer = larger
  }

  /// Starts the record of a decoded string; returns its offset, for ``endEscaped(_:)``.
  mutating func beginEscaped() -> Int {
    let record = escapesCount
    for _ in 0..<JSONTape.escapeLengthSize { appendEscaped(0) }
    return record
  }

  /// Adds a byte of decoded text to the record begun last.
  mutating func appendEscaped(_ byte: UInt8) {
    reserveEscaped(1)
    escapes[escapesCount] = byte
    escapesCount += 1
  }

  /// Adds a run of decoded text (source text without escapes) to the record begun last.
  mutating func appendEscaped(contentsOf run: UnsafeBufferPointer<UInt8>) {
    reserveEscaped(run.count)
    _ = UnsafeMutableBufferPointer(rebasing: escapes[escapesCount...]).initialize(from: run)
    escapesCount += run.count
  }

  /// Grows the buffer of decoded strings to take `count` more bytes.
  private mutating func reserveEscaped(_ count: Int) {
    guard escapesCount + count > escapes.count else { return }
    let larger = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: max(escapes.count * 2, escapesCount + count, 4_096))
    _ = larger.initialize(fromContentsOf: escapes)
    retire(UnsafeMutableRawPointer(escapes.baseAddress))
    escapes = larger
  }

  /// Completes the record at `record` with its length; returns the record's end, which
  /// the caller keeps below 4 GiB so that the node can name it.
  mutating func endEscaped(_ record: Int) -> Int {
    let length = escapesCount - record - JSONTape.escapeLengthSize
    for byte in 0..<JSONTape.escapeLengthSize {
      escapes[record + byte] = UInt8(truncatingIfNeeded: length >> (8 * byte))
    }
    return escapesCount
  }

  /// The decoded UTF-8 of the string node at `index`.
  func utf8(ofString index: Int) -> UnsafeBufferPointer<UInt8> {
    JSONTape.utf8(
      ofString: buffer[index], text: text,
      escapes: UnsafeBufferPointer(rebasing: escapes[0..<escapesCount]))
  }

  /// Frees an outgrown buffer, or keeps it until the end while snapshots may read it.
  private mutating func retire(_ outgrownBuffer: UnsafeMutableRawPointer?) {
    guard let outgrownBuffer else { return }
    if keepsOutgrown { outgrown.append(outgrownBuffer) } else { outgrownBuffer.deallocate() }
  }

  /// A tape of the nodes and decoded strings recorded so far, which does not own them:
  /// nodes already complete can be read from it while parsing goes on, until ``finish()``
  /// or ``discard()``.
  mutating func snapshot() -> JSONTape {
    keepsOutgrown = true
    return JSONTape(
      text: text, nodes: UnsafeBufferPointer(rebasing: buffer[0..<count]),
      escapes: UnsafeBufferPointer(rebasing: escapes[0..<escapesCount]), ownership: .none)
  }

  /// Starts over, empty, keeping the buffers; no snapshot may be read any more.
  mutating func reset() {
    for outgrownBuffer in outgrown { outgrownBuffer.deallocate() }
    outgrown.removeAll()
    count = 0
    escapesCount = 0
  }

  /// Hands the buffers to a new tape (the text too, unless `ownsText` is `false`); no
  /// snapshot may be read any more.
  func finish(ownsText: Bool = true) -> JSONTape {
    for outgrownBuffer in outgrown { outgrownBuffer.deallocate() }
    return JSONTape(
      text: text, nodes: UnsafeBufferPointer(rebasing: buffer[0..<count]),
      escapes: UnsafeBufferPointer(rebasing: escapes[0..<escapesCount]),
      ownership: ownsText ? .all : .allButText)
  }

  /// Frees the nodes and decoded strings after a failed parse; the input stays with the
  /// caller, which needs it to place the error. No snapshot may be read any more.
  func discard() {
    for outgrownBuffer in outgrown { outgrownBuffer.deallocate() }
    buffer.deallocate()
    escapes.deallocate()
  }
}
