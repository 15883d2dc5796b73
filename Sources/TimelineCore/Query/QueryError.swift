/// A search, filter or sort value that cannot be understood, with the values that can.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The value as given.
  public var value: String
  /// What would have been accepted.
  public var accepted: [String]
  /// What the value was meant to be ("filter key", "status", "sort criterion").
  public var what: String

  public init(value: String, accepted: [String], what: String) {
    self.value = value
    self.accepted = accepted
    self.what = what
  }

  public var description: String {
    "unknown \(what) '\(value)'; expected one of: \(accepted.joined(separator: ", "))"
  }
}
