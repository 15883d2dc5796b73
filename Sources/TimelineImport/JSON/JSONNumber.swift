/// Exact conversions of JSON number text, which never trap and never round silently.
///
/// JSON numbers are kept as text by ``JSONParser``; this turns them into integers only
/// when the written value is a whole number that fits in `Int`, so `2`, `2.0` and `2e0`
/// are all 2 while `2.5` is not an integer and `1e30` is out of range.
///
/// ```swift
/// JSONNumber.integer("-4.0")  // .value(-4)
/// JSONNumber.integer("2.5")   // .notInteger
/// ```
public enum JSONNumber {
  public enum IntegerValue: Sendable, Hashable {
    /// A whole number within `Int.min...Int.max`.
    case value(Int)
    /// The number has a non-zero fractional part.
    case notInteger
    /// A whole number outside `Int.min...Int.max`.
    case outOfRange
  }

  /// Converts valid RFC 8259 number text to an integer without losing precision; text that
  /// is not valid number syntax reports `.notInteger`.
  public static func integer(_ text: String) -> IntegerValue {
    var text = text
    return text.withUTF8 { integer(utf8: $0) }
  }

  /// Converts the UTF-8 of number text, like ``integer(_:)``.
  static func integer(utf8 bytes: UnsafeBufferPointer<UInt8>) -> IntegerValue {
    let negative = bytes.first == 0x2D
    var index = negative ? 1 : 0
    var digits: [UInt8] = []
    var exponent = 0
    while index < bytes.count, isDigit(bytes[index]) {
      digits.append(bytes[index] - 0x30)
      index += 1
    }
    if index < bytes.count, bytes[index] == 0x2E {
      index += 1
      while index < bytes.count, isDigit(bytes[index]) {
        digits.append(bytes[index] - 0x30)
        exponent -= 1
        index += 1
      }
    }
    if index < bytes.count, bytes[index] | 0x20 == 0x65 {
      index += 1
      let exponentSign = index < bytes.count && bytes[index] == 0x2D ? -1 : 1
      if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
      var written = 0
      while index < bytes.count, isDigit(bytes[index]) {
        // Saturate: any exponent this large is out of range or not an integer anyway.
        written = min(written * 10 + Int(bytes[index] - 0x30), 1_000_000)
        index += 1
      }
      exponent += exponentSign * written
    }
    guard index == bytes.count, !digits.isEmpty else { return .notInteger }
    // The value is ±digits × 10^exponent.
    guard let first = digits.firstIndex(where: { $0 != 0 }),
      let last = digits.lastIndex(where: { $0 != 0 })
    else { return .value(0) }
    // Trailing zeros move into the exponent.
    exponent += digits.count - 1 - last
    guard exponent >= 0 else { return .notInteger }
    guard last - first + 1 + exponent <= 19 else { return .outOfRange }
    // Accumulate negatively, because Int.min has no positive counterpart.
    var value = 0
    for digit in digits[first...last] + Array(repeating: 0, count: exponent) {
      let (scaled, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = scaled.subtractingReportingOverflow(Int(digit))
      if overflow1 || overflow2 { return .outOfRange }
      value = next
    }
    if negative { return .value(value) }
    let (positive, overflow) = (0).subtractingReportingOverflow(value)
    return overflow ? .outOfRange : .value(positive)
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
