import Foundation

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
    if path == "-" { return try readStandardInput() }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { close(descriptor) }
    return try readAll(descriptor, name: path)
  }

  /// All bytes of standard input.
  public static func readStandardInput() throws(DocumentError) -> [UInt8] {
    try readAll(STDIN_FILENO, name: standardInputName)
  }

  /// Reads `descriptor` to its end.
  private static func readAll(_ descriptor: Int32, name: String) throws(DocumentError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return result }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(name, errno)
      }
      result.append(contentsOf: chunk[0..<count])
      if count == chunk.count, chunk.count < 1 << 24 {
        chunk = [UInt8](repeating: 0, count: chunk.count * 4)
      }
    }
  }

  private static func failure(_ name: String, _ code: Int32) -> DocumentError {
    let reason = String(cString: strerror(code))
    return DocumentError(file: name, line: 1, column: 1, message: "cannot read file: \(reason)")
  }
}

/// The C library's `read`, which `InputFile`'s own `read` methods would otherwise shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
