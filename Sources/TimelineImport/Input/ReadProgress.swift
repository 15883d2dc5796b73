/// How far reading has come: bytes read so far, and the total when it is known.
///
/// ```swift
/// ReadProgress(bytesRead: 512, totalBytes: 2_048).fraction  // 0.25
/// ```
public struct ReadProgress: Sendable, Hashable {
  public var bytesRead: Int
  /// The input's size, when known (not for standard input).
  public var totalBytes: Int?

  public init(bytesRead: Int, totalBytes: Int?) {
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
  }

  /// The fraction done, 0...1, when the total is known.
  public var fraction: Double? {
    guard let totalBytes, totalBytes > 0 else { return nil }
    return min(1, Double(bytesRead) / Double(totalBytes))
  }
}
