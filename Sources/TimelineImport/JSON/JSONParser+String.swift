import TimelineCore

extension JSONParser {
  /// Parses and records a string; `index` is at its opening quote and ends after the
  /// closing one. A string without escapes is only validated; from the first backslash on,
  /// the decoded text goes to the tape's buffer of escaped strings (see ``JSONTape``).
  mutating func parseString() throws(Failure) {
    let quote = index
    // Long runs of plain text (no quote, backslash, control character or non-ASCII byte)
    // are skipped eight bytes at a time.
    var cursor = PlainRun.end(in: bytes, from: index + 1, special: (0x22, 0x5C, 0x22, 0x22, 0x22))
    // The record of the decoded text, begun at the first backslash, and where the source
    // text not yet copied to it starts.
    var record: Int?
    var copied = index + 1
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == 0x22 {
        index = cursor + 1
        var detail = 0
        if let record {
          nodes.appendEscaped(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<cursor]))
          guard nodes.endEscaped(record) < JSONTape.maximumLength else {
            throw Failure(
              offset: quote,
              message: "the JSON text's strings with escapes decode to more than 4 GiB")
          }
          detail = record + 1
        }
        nodes.append(JSONTape.Node(type: .string, offset: quote, extent: index, detail: detail))
        return
      }
      if byte == 0x5C {
        if record == nil { record = nodes.beginEscaped() }
        nodes.appendEscaped(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<cursor]))
        cursor = try unescape(at: cursor, quote: quote)
        copied = cursor
      } else if byte >= 0x20, byte < 0x80 {
        cursor += 1
      } else if byte < 0x20 {
        throw Failure(
          offset: cursor,
          message:
            "control character \(UTF8Check.hex(byte)) in a string; expected it escaped, e.g. \\n")
      } else {
        let length = UTF8Check.sequenceLength(bytes, at: cursor)
        if length == 0 {
          throw Failure(offset: cursor, message: UTF8Check.problem(bytes, at: cursor))
        }
        cursor += length
      }
    }
    throw unterminatedString(at: quote)
  }

  /// Decodes the escape at `cursor` (a backslash), adding its UTF-8 to the record of the
  /// string being parsed; returns the index after the escape.
  private mutating func unescape(at cursor: Int, quote: Int) throws(Failure) -> Int {
    guard cursor + 1 < bytes.count else { throw unterminatedString(at: quote) }
    let replacement: UInt8
    switch bytes[cursor + 1] {
    case 0x22, 0x5C, 0x2F: replacement = bytes[cursor + 1]  // " \ /
    case 0x62: replacement = 0x08  // b
    case 0x66: replacement = 0x0C  // f
    case 0x6E: replacement = 0x0A  // n
    case 0x72: replacement = 0x0D  // r
    case 0x74: replacement = 0x09  // t
    case 0x75:  // u
      let (scalar, next) = try unicodeEscape(at: cursor, quote: quote)
      for unit in scalar.utf8 { nodes.appendEscaped(unit) }
      return next
    default:
      throw Failure(
        offset: cursor,
        message: #"invalid escape; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#)
    }
    nodes.appendEscaped(replacement)
    return cursor + 2
  }

  /// Decodes `\uXXXX` at `cursor`, joining a surrogate pair; lone surrogates are errors.
  private func unicodeEscape(
    at cursor: Int, quote: Int
  ) throws(Failure) -> (Unicode.Scalar, next: Int) {
    let high = try hexQuad(at: cursor, quote: quote)
    if let scalar = Unicode.Scalar(high) { return (scalar, cursor + 6) }
    let text = String(decoding: bytes[cursor..<cursor + 6], as: UTF8.self)
    guard high < 0xDC00 else {
      throw Failure(
        offset: cursor, message: "lone low surrogate \(text); expected a high surrogate before it")
    }
    let next = cursor + 6
    if next + 1 < bytes.count, bytes[next] == 0x5C, bytes[next + 1] == 0x75 {
      let low = try hexQuad(at: next, quote: quote)
      if (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      {
        return (scalar, next + 6)
      }
    }
    throw Failure(
      offset: cursor,
      message: "lone surrogate \(text); expected a low surrogate \\uDC00...\\uDFFF after it")
  }

  /// The value of the four hex digits after the `\u` at `cursor`.
  private func hexQuad(at cursor: Int, quote: Int) throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for position in cursor + 2..<cursor + 6 {
      guard position < bytes.count else { throw unterminatedString(at: quote) }
      guard let digit = Self.hexDigit(bytes[position]) else {
        throw Failure(offset: cursor, message: #"expected four hex digits after "\u""#)
      }
      value = value << 4 | digit
    }
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  private func unterminatedString(at quote: Int) -> Failure {
    Failure(
      offset: quote,
      message: #"unexpected end of input; expected a closing " for the string that starts here"#)
  }
}
