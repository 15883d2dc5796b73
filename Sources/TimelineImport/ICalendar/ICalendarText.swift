/// Decodes iCalendar TEXT values (RFC 5545 §3.3.11): `\n` or `\N` is a line feed, `\\`,
/// `\;` and `\,` stand for themselves, and unescaped commas separate list values.
///
/// Other escapes found in the wild (such as `\:`) keep the character after the backslash.
enum ICalendarText {
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x5C, index + 1 < bytes.count {
        let next = bytes[index + 1]
        decoded.append(next == 0x6E || next == 0x4E ? 0x0A : next)
        index += 2
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// The values of a comma-separated list of TEXT values, such as CATEGORIES.
  static func list(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var values: [String] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x2C {
        values.append(decode(UnsafeBufferPointer(rebasing: bytes[start..<index])))
        start = index + 1
      }
      index += bytes[index] == 0x5C ? 2 : 1  // a backslash escapes the next byte
    }
    values.append(decode(UnsafeBufferPointer(rebasing: bytes[start...])))
    return values
  }

  /// Encodes `text` as a TEXT value: backslash, semicolon and comma escaped, line breaks
  /// (LF, CRLF or CR) written as `\n`.
  static func encode(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\r": result += "\\n"
      case "\n": if !previousWasCR { result += "\\n" }
      default: result.unicodeScalars.append(scalar)
      }
      previousWasCR = scalar == "\r"
    }
    return result
  }
}
