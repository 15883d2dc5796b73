/// Compares iCalendar's property, parameter and component names in UTF-8 bytes, ignoring case.
enum ASCII {
  /// Whether `bytes[range]` spells `name` (an upper-case ASCII literal), ignoring case.
  @inline(__always)
  static func equal(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString
  ) -> Bool {
    guard range.count == name.utf8CodeUnitCount else { return false }
    let expected = name.utf8Start
    return range.allSatisfy { upper(bytes[$0]) == expected[$0 - range.lowerBound] }
  }

  @inline(__always)
  static func upper(_ byte: UInt8) -> UInt8 {
    byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
  }

  /// `bytes[range]` as an upper-case string, for messages and dictionary keys.
  static func upperString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: bytes[range].map(upper), as: UTF8.self)
  }
}
