/// A strict RFC 8259 JSON parser over UTF-8 bytes that records every value's byte offset.
///
/// It accepts exactly RFC 8259: no comments, no trailing commas, no `NaN`, no leading
/// zeros, only the standard escapes, surrogate escapes only in pairs, and well-formed
/// UTF-8 (a leading byte order mark is skipped). Containers may nest up to 128 levels. A
/// key repeated within one object is an error, because either copy could be the one the
/// author meant. Numbers are kept as text (see ``JSONNumber``). Nothing in the input can
/// make it trap: every failure is a ``DocumentError`` at the offending byte.
///
/// ```swift
/// let value = try JSONParser.parse(Array("[1, true]".utf8), file: "x.json")
/// value.elements?.count  // 2
/// ```
public struct JSONParser {
  /// How deep arrays and objects may nest.
  static let maxDepth = 128

  /// A syntax error at a byte offset, before its line and column are resolved.
  struct Failure: Error {
    var offset: Int
    var message: String
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var depth = 0
  var nodes: JSONTapeBuilder
  /// Takes the elements of one top-level member's array instead of `nodes`.
  let stream: JSONElementStream?
  /// The small tape the streamed elements are parsed onto, reused for each batch.
  var elementNodes: JSONTapeBuilder?
  /// The indices on `elementNodes` of the streamed elements not yet handed over.
  var streamedBatch: [Int] = []

  /// Parses one JSON text; errors name `file` and the line and column of the problem.
  public static func parse(_ bytes: [UInt8], file: String) throws(DocumentError) -> JSONValue {
    // Refused before the input is copied for the tape, whose offsets are 32-bit.
    guard bytes.count <= JSONTape.maximumLength else {
      throw DocumentError(
        file: file, line: 1, column: 1,
        message: "the JSON text is \(bytes.count) bytes; the most that can be read is 4 GiB - 1")
    }
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = copy.initialize(from: bytes)
    return try parse(taking: UnsafeBufferPointer(copy), file: file)
  }

  /// Parses the JSON text in `buffer`, which was allocated with `allocate` and is taken
  /// over: the value's tape keeps it, or it is freed when parsing fails.
  static func parse(
    taking buffer: UnsafeBufferPointer<UInt8>, file: String, stream: JSONElementStream? = nil
  ) throws(DocumentError) -> JSONValue {
    // Typical documents have a value every 8 to 16 bytes (a text too long is refused at once).
    let capacity = min(buffer.count, JSONTape.maximumLength) / 10
    var parser = JSONParser(
      bytes: buffer, nodes: JSONTapeBuilder(input: buffer, capacity: capacity), stream: stream)
    defer { parser.elementNodes?.discard() }
    do throws(Failure) {
      try parser.parseDocument()
    } catch {
      parser.nodes.discard()
      defer { buffer.deallocate() }
      throw DocumentError(
        file: file, location: SourceLocation(offset: error.offset, in: buffer),
        message: error.message)
    }
    return JSONValue(tape: parser.nodes.tape(.all), index: 0)
  }

  /// Parses again the values at byte `offsets` of `text` (parsed before), each `depth`
  /// containers deep: the elements a reader keeps of a streamed array. It does not own `text`.
  static func parseValues(
    at offsets: [Int], of text: UnsafeBufferPointer<UInt8>, depth: Int, file: String
  ) throws(DocumentError) -> (tape: JSONTape, indices: [Int]) {
    var parser = JSONParser(
      bytes: text, nodes: JSONTapeBuilder(input: text, capacity: offsets.count * 64), stream: nil)
    var indices: [Int] = []
    indices.reserveCapacity(offsets.count)
    do throws(Failure) {
      for offset in offsets {
        parser.index = offset
        parser.depth = depth
        indices.append(parser.nodes.count)
        try parser.parseValue()
      }
    } catch {
      parser.nodes.discard()
      throw DocumentError(
        file: file, location: SourceLocation(offset: error.offset, in: text),
        message: error.message)
    }
    return (parser.nodes.tape(.allButText), indices)
  }

  /// Parses the single value that must make up the whole input.
  mutating func parseDocument() throws(Failure) {
    guard bytes.count <= JSONTape.maximumLength else {
      throw Failure(
        offset: 0,
        message: "the JSON text is \(bytes.count) bytes; the most that can be read is 4 GiB - 1")
    }
    if SourceLocation.hasByteOrderMark(bytes) { index = 3 }
    skipWhitespace()
    try parseValue()
    skipWhitespace()
    if index < bytes.count { throw unexpected(expecting: "end of input after the JSON value") }
  }

  /// Parses the value starting at `index` (whitespace already skipped).
  mutating func parseValue() throws(Failure) {
    guard index < bytes.count else { throw unexpected(expecting: "a JSON value") }
    switch bytes[index] {
    case 0x7B: try parseObject()  // {
    case 0x5B: try parseArray()  // [
    case 0x22: try parseString()  // "
    case 0x2D, 0x30...0x39: try parseNumber()  // - 0-9
    case 0x74: try parseLiteral("true", .true)
    case 0x66: try parseLiteral("false", .false)
    case 0x6E: try parseLiteral("null", .null)
    default: throw unexpected(expecting: "a JSON value")
    }
  }

  /// Parses an array; `index` is at its `[`. A `streamed` array's elements go to `stream`.
  mutating func parseArray(streamed: Bool = false) throws(Failure) {
    let node = try openContainer(.array)
    var count = 0
    skipWhitespace()
    if index < bytes.count, bytes[index] == 0x5D { return closeContainer(node, count: 0) }  // ]
    repeat {
      if streamed { try parseStreamedElement() } else { try parseValue() }
      count += 1
    } while try continues(.array)
    if streamed { handOverStreamedBatch() }
    closeContainer(node, count: count)
  }

  /// Whether another element or member follows in the array or object (`type`): `true`
  /// past the `,` and whitespace, `false` at the closing bracket.
  mutating func continues(_ type: JSONTape.NodeType) throws(Failure) -> Bool {
    let close: UInt8 = type == .array ? 0x5D : 0x7D  // ] }
    skipWhitespace()
    if index < bytes.count, bytes[index] == close { return false }
    guard index < bytes.count, bytes[index] == 0x2C else {  // ,
      throw unexpected(
        expecting: type == .array
          ? #""," or "]" after array element"# : #""," or "}" after object member"#)
    }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == close {
      let next = type == .array ? "a JSON value" : "a string key"
      throw unexpected(expecting: next + #" after ","; trailing commas are not allowed"#)
    }
    return true
  }

  /// Records the container that opens at `index`; returns its tape index.
  mutating func openContainer(_ type: JSONTape.NodeType) throws(Failure) -> Int {
    depth += 1
    if depth > Self.maxDepth {
      throw Failure(offset: index, message: "nesting deeper than \(Self.maxDepth) levels")
    }
    nodes.append(JSONTape.Node(type: type, offset: index, extent: 0, detail: 0))
    index += 1
    return nodes.count - 1
  }

  /// Completes the container at tape index `node`; `index` is at its closing bracket.
  mutating func closeContainer(_ node: Int, count: Int) {
    index += 1
    depth -= 1
    let buffer = nodes.buffer
    buffer[node] = JSONTape.Node(
      type: buffer[node].type, offset: buffer[node].offset, extent: nodes.count, detail: count)
  }
}
