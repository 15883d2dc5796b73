/// The storage of a parsed JSON text: a copy of the input and every value in document
/// order.
///
/// Values are recorded depth-first on a flat "tape", each container followed by its
/// elements (for objects: each key, then its value). Strings are decoded only when asked
/// for, so parsing allocates little more than the tape itself. A string with escapes has
/// its decoded text written over its source in the copy (decoding never lengthens text),
/// which is why the copy is not the input: locations are resolved on the original.
///
/// The tape owns raw buffers rather than arrays so that reading a node costs no
/// reference counting, which matters for large documents in debug builds. It is never
/// mutated after creation, which makes sharing it between threads safe.
final class JSONTape: @unchecked Sendable {
  /// What a node records.
  enum NodeType: UInt8, Sendable {
    case null, `true`, `false`, number, string, array, object
  }

  /// One value on the tape: 16 bytes (offsets are 32-bit, so a JSON text is at most
  /// ``maximumLength`` bytes), half of what `Int` fields take: a large document's tape is
  /// the biggest thing its reading touches.
  struct Node: Sendable {
    var type: NodeType
    private var storedOffset: UInt32
    private var storedExtent: UInt32
    private var storedDetail: UInt32

    init(type: NodeType, offset: Int, extent: Int, detail: Int) {
      self.type = type
      storedOffset = UInt32(truncatingIfNeeded: offset)
      storedExtent = UInt32(truncatingIfNeeded: extent)
      storedDetail = UInt32(truncatingIfNeeded: detail)
    }

    /// The byte offset of the value's first byte.
    var offset: Int {
      get { Int(storedOffset) }
      set { storedOffset = UInt32(truncatingIfNeeded: newValue) }
    }
    /// Scalars: the byte offset just past the token. Containers: the tape index just past
    /// the container's last descendant.
    var extent: Int {
      get { Int(storedExtent) }
      set { storedExtent = UInt32(truncatingIfNeeded: newValue) }
    }
    /// Containers: the number of elements or members. Strings with escapes: 1 + the byte
    /// length of the decoded text, which starts after the opening quote. Otherwise 0.
    var detail: Int {
      get { Int(storedDetail) }
      set { storedDetail = UInt32(truncatingIfNeeded: newValue) }
    }
  }

  /// The longest JSON text a tape holds (4 GiB − 1): its offsets fit in 32 bits.
  static let maximumLength = Int(UInt32.max)

  /// A copy of the input in which strings with escapes are decoded in place.
  let text: UnsafeBufferPointer<UInt8>
  /// Every value, depth-first; the root is node 0.
  let nodes: UnsafeBufferPointer<Node>

  /// The tape whose buffers this one reads, kept alive by it; `nil` for the tape that owns
  /// them.
  private let owner: JSONTape?

  /// Takes ownership of both buffers, which must have been allocated with `allocate`.
  init(text: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>) {
    self.text = text
    self.nodes = nodes
    owner = nil
  }

  /// A second handle on `tape`'s buffers, with a reference count of its own.
  init(viewing tape: JSONTape) {
    text = tape.text
    nodes = tape.nodes
    owner = tape.owner ?? tape
  }

  deinit {
    guard owner == nil else { return }
    text.deallocate()
    nodes.deallocate()
  }

  /// The tape index just past node `index` and its descendants.
  func next(after index: Int) -> Int {
    let node = nodes[index]
    return node.type == .array || node.type == .object ? node.extent : index + 1
  }

  /// The decoded UTF-8 of the string at node `index`.
  func utf8(ofString index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    let end = node.detail > 0 ? node.offset + node.detail : node.extent - 1
    return UnsafeBufferPointer(rebasing: text[node.offset + 1..<end])
  }

  /// The text of the string at node `index` (escapes resolved).
  func string(at index: Int) -> String {
    String(decoding: utf8(ofString: index), as: UTF8.self)
  }

  /// The source text of the scalar (number or literal) at node `index`.
  func utf8(ofScalar index: Int) -> UnsafeBufferPointer<UInt8> {
    let node = nodes[index]
    return UnsafeBufferPointer(rebasing: text[node.offset..<node.extent])
  }
}
