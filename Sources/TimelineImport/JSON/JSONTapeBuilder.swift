/// Collects a ``JSONTape`` while parsing, in growable buffers. It must end with exactly one
/// call to ``discard()`` or to ``tape(_:)`` for a tape that owns its buffers.
struct JSONTapeBuilder {
  /// The nodes; the first `count` are initialized.
  private(set) var buffer: UnsafeMutableBufferPointer<JSONTape.Node>
  private(set) var count = 0
  let text: UnsafeBufferPointer<UInt8>
  /// Decoded strings (see ``JSONTape/escapes``); the first `escapesCount` bytes are written.
  private var escapes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0)
  private var escapesCount = 0

  /// Takes over `input` and reserves room for about `capacity` nodes.
  init(input: UnsafeBufferPointer<UInt8>, capacity: Int) {
    buffer = .allocate(capacity: max(capacity, 16))
    text = input
  }

  mutating func append(_ node: JSONTape.Node) {
    if count == buffer.count {
      let larger = UnsafeMutableBufferPointer<JSONTape.Node>.allocate(capacity: buffer.count * 2)
      _ = larger.initialize(fromContentsOf: buffer)
      buffer.deallocate()
      buffer = larger
    }
    // Nodes are trivial values, so assigning to uninitialized memory is allowed.
    buffer[count] = node
    count += 1
  }

  /// Starts the record of a decoded string; returns its offset, for ``endEscaped(_:)``.
  mutating func beginEscaped() -> Int {
    let record = escapesCount
    for _ in 0..<JSONTape.escapeLengthSize { appendEscaped(0) }
    return record
  }

  mutating func appendEscaped(_ byte: UInt8) {
    reserveEscaped(1)
    escapes[escapesCount] = byte
    escapesCount += 1
  }

  /// Adds a run of source text without escapes to the record begun last.
  mutating func appendEscaped(contentsOf run: UnsafeBufferPointer<UInt8>) {
    reserveEscaped(run.count)
    _ = UnsafeMutableBufferPointer(rebasing: escapes[escapesCount...]).initialize(from: run)
    escapesCount += run.count
  }

  private mutating func reserveEscaped(_ count: Int) {
    guard escapesCount + count > escapes.count else { return }
    let larger = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: max(escapes.count * 2, escapesCount + count, 4_096))
    _ = larger.initialize(fromContentsOf: escapes)
    escapes.deallocate()
    escapes = larger
  }

  /// Completes the record at `record` with its length; returns the record's end, which
  /// the caller keeps below 4 GiB so that the node can name it.
  mutating func endEscaped(_ record: Int) -> Int {
    let length = UInt32(truncatingIfNeeded: escapesCount - record - JSONTape.escapeLengthSize)
    UnsafeMutableRawBufferPointer(escapes).storeBytes(
      of: length.littleEndian, toByteOffset: record, as: UInt32.self)
    return escapesCount
  }

  func utf8(ofString index: Int) -> UnsafeBufferPointer<UInt8> {
    JSONTape.utf8(
      ofString: buffer[index], text: text,
      escapes: UnsafeBufferPointer(rebasing: escapes[0..<escapesCount]))
  }

  /// The earlier of the `count` keys of the object at tape index `object` equal to the key
  /// at `key`. Inlined: a call would copy the builder for every key.
  @inline(__always)
  func earlierKey(sameAs key: Int, in object: Int, count: Int) -> Int? {
    let wanted = utf8(ofString: key)
    var earlier = object + 1
    for _ in 0..<count {
      if utf8(ofString: earlier).sameBytes(as: wanted) { return earlier }
      earlier = JSONTape.next(after: earlier + 1, in: UnsafeBufferPointer(buffer))
    }
    return nil
  }

  /// A tape of what was recorded so far, which takes over the buffers that `ownership`
  /// names. One that owns none is a view, to read before the builder changes.
  func tape(_ ownership: JSONTape.Ownership) -> JSONTape {
    JSONTape(
      text: text, nodes: UnsafeBufferPointer(rebasing: buffer[0..<count]),
      escapes: UnsafeBufferPointer(rebasing: escapes[0..<escapesCount]), ownership: ownership)
  }

  /// Starts over, empty, keeping the buffers (for the next batch of a streamed array); no
  /// view of them may be read any more.
  mutating func reset() {
    count = 0
    escapesCount = 0
  }

  /// Frees the nodes and decoded strings, not the input: the caller of a failed parse
  /// needs it to place the error.
  func discard() {
    buffer.deallocate()
    escapes.deallocate()
  }
}
