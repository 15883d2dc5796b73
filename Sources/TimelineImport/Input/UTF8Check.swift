/// Finds the first byte that is not part of well-formed UTF-8 (Unicode 15, §3.9: no
/// overlong forms, no surrogates, nothing beyond U+10FFFF), with a message in the words
/// the JSON reader uses.
enum UTF8Check {
  /// The offset and description of the first malformed sequence or NUL byte, or `nil`.
  /// NUL is refused too: no store keeps text with it whole.
  static func firstProblem(
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> (offset: Int, message: String)? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead == 0 { return (index, "U+0000 (NUL), which a timeline cannot store") }
      let length = lead < 0x80 ? 1 : sequenceLength(bytes, at: index)
      guard length > 0 else { return (index, problem(bytes, at: index)) }
      index += length
    }
    return nil
  }

  /// The length of the well-formed sequence at `index`, or 0.
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let (length, low, high) = lead(bytes[index])
    guard length > 0, index + length <= bytes.count else { return 0 }
    guard bytes[index + 1] >= low, bytes[index + 1] <= high else { return 0 }
    return bytes[index + 2..<index + length].allSatisfy { $0 & 0xC0 == 0x80 } ? length : 0
  }

  /// Why the sequence at `index` is not well-formed UTF-8.
  static func problem(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
    let byte = bytes[index]
    let (length, _, _) = lead(byte)
    guard length > 0 else { return "invalid UTF-8 byte \(hex(byte))" }
    for position in index + 1..<index + length {
      guard position < bytes.count, bytes[position] & 0xC0 == 0x80 else {
        return "invalid UTF-8: incomplete sequence starting with byte \(hex(byte))"
      }
    }
    return
      "invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte \(hex(byte))"
  }

  private static func lead(_ byte: UInt8) -> (length: Int, low: UInt8, high: UInt8) {
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

  /// The byte as `0xFF`.
  static func hex(_ byte: UInt8) -> String {
    (byte < 0x10 ? "0x0" : "0x") + String(byte, radix: 16, uppercase: true)
  }
}
