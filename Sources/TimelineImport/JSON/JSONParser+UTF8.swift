import Foundation

extension JSONParser {
  /// The length of the well-formed UTF-8 sequence at `cursor`, or 0 if it is malformed
  /// (the rules of `UTF8Check`, shared with the iCalendar and CSV readers).
  func utf8Length(at cursor: Int) -> Int { UTF8Check.sequenceLength(bytes, at: cursor) }

  /// Describes why the sequence at `cursor` is not well-formed UTF-8.
  func utf8Problem(at cursor: Int) -> String { UTF8Check.problem(bytes, at: cursor) }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the two hold the same bytes: how keys are matched, many times per object.
  func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
    return memcmp(base, otherBase, count) == 0
  }
}
