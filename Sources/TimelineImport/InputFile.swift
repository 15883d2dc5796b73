/// Reads whole input files and standard input as bytes, reporting failures as
/// ``DocumentError``s at 1:1 with the operating system's reason.
///
/// ```swift
/// let bytes = try InputFile.read(path: "plan.json")
/// ```
public enum InputFile {
  /// The name shown in errors for standard input.
  public static let standardInputName = "<stdin>"

  /// The bytes of the file at `path`; `-` reads standard input.
  public static func read(path: String) throws(DocumentError) -> [UInt8] {
    let whole = try ChunkedInput(path: path).readAll {}
    defer { whole.deallocate() }
    return Array(whole)
  }
}
