/// Collects a ``JSONTape`` while parsing: a copy of the input for decoded strings and a
/// growable buffer of nodes.
///
/// Raw buffers instead of arrays keep reads and appends free of reference counting (the
/// builder holds nothing reference-counted at all). The builder must end with exactly
/// one call to ``finish()`` or ``discard()``.
struct JSONTapeBuilder {
  /// The nodes; the first `count` are initialized.
  private(set) var buffer: UnsafeMutableBufferPointer<JSONTape.Node>
  /// The number of nodes recorded.
  private(set) var count = 0
  /// A copy of the input, in which the parser decodes strings with escapes in place.
  let text: UnsafeMutableBufferPointer<UInt8>

  /// Copies `input` and reserves room for about `capacity` nodes.
  init(input: UnsafeBufferPointer<UInt8>, capacity: Int) {
    buffer = .allocate(capacity: max(capacity, 16))
    text = .allocate(capacity: input.count)
    HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
    HugePages.advise(UnsafeMutableRawBufferPointer(text))
    _ = text.initialize(from: input)
  }

  /// Node `index`, which must be below `count`.
  subscript(index: Int) -> JSONTape.Node {
    get { buffer[index] }
    set { buffer[index] = newValue }
  }

  /// Records a node, growing the buffer when full.
  mutating func append(_ node: JSONTape.Node) {
    if count == buffer.count {
      let larger = UnsafeMutableBufferPointer<JSONTape.Node>.allocate(capacity: buffer.count * 2)
      HugePages.advise(UnsafeMutableRawBufferPointer(larger))
      _ = larger.initialize(fromContentsOf: buffer)
      buffer.deallocate()
      buffer = larger
    }
    // Nodes are trivial values, so assigning to uninitialized memory is allowed.
    buffer[count] = node
    count += 1
  }

  /// Hands both buffers to a new tape.
  func finish() -> JSONTape {
    JSONTape(
      text: UnsafeBufferPointer(text), nodes: UnsafeBufferPointer(rebasing: buffer[0..<count]))
  }

  /// Frees both buffers after a failed parse.
  func discard() {
    buffer.deallocate()
    text.deallocate()
  }
}
