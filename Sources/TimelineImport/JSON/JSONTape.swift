/// A parsed JSON text: the input, never changed (it also places errors), and every value
/// depth-first on a flat "tape", each container followed by its elements (for objects: each
/// key, then its value); the decoded text of strings with escapes has a buffer of its own.
/// Raw buffers rather than arrays make reading a node cost no reference counting; the tape
/// is never mutated after creation, so sharing it between threads is safe.
final class JSONTape: @unchecked Sendable {
  enum NodeType: UInt8, Sendable {
    case null, `true`, `false`, number, string, array, object
  }

  /// One value: 16 bytes, half of what `Int` fields take, as offsets are 32-bit (a text is at
  /// most ``maximumLength`` bytes): a large document's tape is what reading touches most.
  struct Node: Sendable {
    let type: NodeType
    private let storedOffset: UInt32
    private let storedExtent: UInt32
    private let storedDetail: UInt32

    init(type: NodeType, offset: Int, extent: Int, detail: Int) {
      self.type = type
      storedOffset = UInt32(truncatingIfNeeded: offset)
      storedExtent = UInt32(truncatingIfNeeded: extent)
      storedDetail = UInt32(truncatingIfNeeded: detail)
    }

    /// The byte offset of the value's first byte.
    var offset: Int { Int(storedOffset) }
    /// Scalars: the byte offset just past the token. Containers: the tape index just past
    /// the container's last descendant.
    var extent: Int { Int(storedExtent) }
    /// Containers: the number of elements or members. Strings with escapes: 1 + the offset
    /// in ``JSONTape/escapes`` of the record of their decoded text. Otherwise 0.
    var detail: Int { Int(storedDetail) }
  }

  /// The longest JSON text a tape holds (4 GiB − 1): its offsets fit in 32 bits.
  static let maximumLength = Int(UInt32.max)

  let text: UnsafeBufferPointer<UInt8>
  /// Every value, depth-first; the root is node 0.
  let nodes: UnsafeBufferPointer<Node>
  /// The decoded text of every string with escapes, each a record of its byte length
  /// (4 bytes, little-endian) and its UTF-8.
  let escapes: UnsafeBufferPointer<UInt8>

  /// Which of its buffers a tape frees when it goes.
  enum Ownership {
    case all
    /// A tape of some values of a text that another tape owns.
    case allButText
    /// A view of a builder's buffers (see ``JSONTapeBuilder/tape(_:)``).
    case none
  }

  private let ownership: Ownership

  /// Takes over the buffers that `ownership` names (allocated with `allocate`); the
  /// others must outlive the tape.
  init(
    text: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>,
    escapes: UnsafeBufferPointer<UInt8>, ownership: Ownership = .all
  ) {
    self.text = text
    self.nodes = nodes
    self.escapes = escapes
    self.ownership = ownership
  }

  deinit {
    guard ownership != .none else { return }
    if ownership == .all { text.deallocate() }
    nodes.deallocate()
    escapes.deallocate()
  }

  /// The index just past node `index` and its descendants in `nodes`.
  @inline(__always)
  static func next(after index: Int, in nodes: UnsafeBufferPointer<Node>) -> Int {
    let node = nodes[index]
    return node.type == .array || node.type == .object ? node.extent : index + 1
  }

  /// The decoded UTF-8 of the string `node` of a tape with these buffers.
  static func utf8(
    ofString node: Node, text: UnsafeBufferPointer<UInt8>, escapes: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8> {
    guard node.detail > 0 else {
      return UnsafeBufferPointer(rebasing: text[node.offset + 1..<node.extent - 1])
    }
    let record = node.detail - 1
    let length = UnsafeRawBufferPointer(escapes).loadUnaligned(
      fromByteOffset: record, as: UInt32.self)
    let start = record + escapeLengthSize
    return UnsafeBufferPointer(rebasing: escapes[start..<start + Int(UInt32(littleEndian: length))])
  }

  static let escapeLengthSize = 4
}
