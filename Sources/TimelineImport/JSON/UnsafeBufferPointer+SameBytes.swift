import Foundation

extension UnsafeBufferPointer<UInt8> {
  /// Whether the two hold the same bytes: how keys are matched, many times per object.
  func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
    return memcmp(base, otherBase, count) == 0
  }
}
