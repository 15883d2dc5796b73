import Foundation

/// A problem in an input document, located by file, line and column.
///
/// The description is the conventional compiler form `FILE:LINE:COLUMN: MESSAGE`, which
/// editors and terminals turn into a link. Lines and columns are 1-based; a column counts
/// Unicode scalars from the start of its line (a tab counts as one).
///
/// ```swift
/// do {
///   _ = try TimelineJSONReader.read(bytes, file: "plan.json")
/// } catch {
///   print(error)  // plan.json:3:12: expected "," or "}" after object member
/// }
/// ```
public struct DocumentError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
  /// The file name as given by the caller, `<stdin>` for standard input.
  public var file: String
  public var line: Int
  public var column: Int
  /// What was wrong and, where possible, what was expected instead.
  public var message: String

  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public init(file: String, location: SourceLocation, message: String) {
    self.init(file: file, line: location.line, column: location.column, message: message)
  }

  public var description: String { "\(file):\(line):\(column): \(message)" }

  /// The same text as ``description``, so `localizedDescription` is useful too.
  public var errorDescription: String? { description }
}
