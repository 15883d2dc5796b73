extension JSONParser {
  /// The length of the well-formed UTF-8 sequence at `cursor`, or 0 if it is malformed.
  ///
  /// Follows the table of well-formed sequences in Unicode 15, section 3.9: no overlong
  /// forms, no encoded surrogates, nothing beyond U+10FFFF.
  func utf8Length(at cursor: Int) -> Int {
    let (length, low, high) = Self.utf8Lead(bytes[cursor])
    guard length > 0, cursor + length <= bytes.count else { return 0 }
    let second = bytes[cursor + 1]
    guard second >= low, second <= high else { return 0 }
    var position = cursor + 2
    while position < cursor + length {
      guard bytes[position] & 0xC0 == 0x80 else { return 0 }
      position += 1
    }
    return length
  }

  /// Describes why the sequence at `cursor` is not well-formed UTF-8.
  func utf8Problem(at cursor: Int) -> String {
    let lead = bytes[cursor]
    let (length, _, _) = Self.utf8Lead(lead)
    guard length > 0 else { return "invalid UTF-8 byte \(hex(lead))" }
    for position in cursor + 1..<cursor + length {
      guard position < bytes.count, bytes[position] & 0xC0 == 0x80 else {
        return "invalid UTF-8: incomplete sequence starting with byte \(hex(lead))"
      }
    }
    return
      "invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte \(hex(lead))"
  }

  /// The sequence length a lead byte announces (0 if it is no lead byte) and the range
  /// allowed for the byte after it.
  static func utf8Lead(_ byte: UInt8) -> (length: Int, low: UInt8, high: UInt8) {
    switch byte {
    case 0xC2...0xDF: (2, 0x80, 0xBF)
    case 0xE0: (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
    case 0xED: (3, 0x80, 0x9F)
    case 0xF0: (4, 0x90, 0xBF)
    case 0xF1...0xF3: (4, 0x80, 0xBF)
    case 0xF4: (4, 0x80, 0x8F)
    default: (0, 0, 0)
    }
  }
}
