extension JSONParser {
  @inline(__always)
  mutating func skipWhitespace() {
    var cursor = index
    while cursor < bytes.count {
      let byte = bytes[cursor]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
      cursor += 1
    }
    index = cursor
  }

  /// Parses and records a number; `index` is at its sign or first digit.
  mutating func parseNumber() throws(Failure) {
    let start = index
    if bytes[index] == 0x2D { index += 1 }  // -
    let integerPart = index
    // Only after "-" can the first digit be missing.
    try skipDigits(expecting: #"a digit after "-""#)
    if bytes[integerPart] == 0x30, index > integerPart + 1 {
      throw Failure(offset: start, message: "expected a number without leading zeros")
    }
    if index < bytes.count, bytes[index] == 0x2E {  // .
      index += 1
      try skipDigits(expecting: #"a digit after ".""#)
    }
    if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {  // e E
      index += 1
      if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
      try skipDigits(expecting: "a digit in the exponent")
    }
    nodes.append(JSONTape.Node(type: .number, offset: start, extent: index, detail: 0))
  }

  /// Matches and records the literal `true`, `false` or `null` at `index`.
  mutating func parseLiteral(
    _ literal: StaticString, _ type: JSONTape.NodeType
  ) throws(Failure) {
    let start = index
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for expected in text {
      guard index < bytes.count, bytes[index] == expected else {
        if index >= bytes.count { throw unexpected(expecting: "\"\(literal)\"") }
        throw Failure(offset: start, message: "expected \"\(literal)\"")
      }
      index += 1
    }
    nodes.append(JSONTape.Node(type: type, offset: start, extent: index, detail: 0))
  }

  /// Skips a run of digits, failing with what `expected` names if there is none.
  private mutating func skipDigits(expecting expected: String) throws(Failure) {
    guard index < bytes.count, JSONNumber.isDigit(bytes[index]) else {
      throw unexpected(expecting: expected)
    }
    while index < bytes.count, JSONNumber.isDigit(bytes[index]) { index += 1 }
  }

  /// A failure at `index`: the end of input, invalid UTF-8, or a byte that is not `expected`.
  func unexpected(expecting expected: String) -> Failure {
    guard index < bytes.count else {
      return Failure(offset: index, message: "unexpected end of input; expected \(expected)")
    }
    if bytes[index] >= 0x80, UTF8Check.sequenceLength(bytes, at: index) == 0 {
      return Failure(offset: index, message: UTF8Check.problem(bytes, at: index))
    }
    return Failure(offset: index, message: "expected \(expected)")
  }
}
