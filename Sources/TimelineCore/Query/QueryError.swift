/// A search, filter or sort value that cannot be understood, with the values that can.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value as given.
  public var value: String
  /// What would have been accepted.
  public var accepted: [String]
  /// What the value was meant to be ("filter key", "status", "sort criterion").
  public var what: String
  /// Why a value of the right form is still wrong (a date that does not exist), if known.
  public var reason: String?

  public init(value: String, accepted: [String], what: String, reason: String? = nil) {
    self.value = value
    self.accepted = accepted
    self.what = what
    self.reason = reason
  }

  public var description: String {
    let expected = "expected one of: \(accepted.joined(separator: ", "))"
    guard let reason else { return "unknown \(what) '\(value)'; " + expected }
    return "invalid \(what) '\(value)': \(reason); " + expected
  }
}
