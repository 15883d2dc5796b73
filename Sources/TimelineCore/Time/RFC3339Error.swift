/// Why a text is not an RFC 3339 date or date-time the timeline accepts.
///
/// ```swift
/// do {
///   _ = try RFC3339.parse("2026-13-01", floatingIn: .gmt)
/// } catch {
///   error.description  // invalid date "2026-13-01": month must be 1...12
/// }
/// ```
public struct RFC3339Error: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text that was rejected.
  public var text: String
  /// What is wrong with it, e.g. `month must be 1...12`.
  public var reason: String

  /// Creates an error.
  public init(text: String, reason: String) {
    self.text = text
    self.reason = reason
  }

  /// `invalid date "TEXT": REASON`.
  public var description: String { "invalid date \(JSONString.quoted(text)): \(reason)" }
}
