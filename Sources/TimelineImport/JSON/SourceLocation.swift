/// A 1-based line and column in a UTF-8 document, resolved from a byte offset.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`. A column counts Unicode scalars from the start
/// of its line, so a tab or an emoji counts as one; a leading byte order mark is not
/// counted. Resolving scans the bytes before the offset once, which is cheap enough for
/// error reporting and keeps the parser free of line bookkeeping.
///
/// ```swift
/// let location = SourceLocation(offset: 5, in: Array("{\n  \"a\"".utf8))
/// location.description  // "2:4"
/// ```
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Resolves the byte `offset` of `bytes`; offsets past the end resolve to the end.
  public init(offset: Int, in bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
  }

  /// Resolves the byte `offset` of `bytes`; offsets past the end resolve to the end.
  public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var column = 1
    var index = Self.hasByteOrderMark(bytes) ? min(3, end) : 0
    while index < end {
      let byte = bytes[index]
      // A "\r\n" pair is one line break, counted at its "\n".
      if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
        line += 1
        column = 1
      } else if byte != 0x0D, byte & 0xC0 != 0x80 {
        // Every byte that is not a UTF-8 continuation byte starts a scalar.
        column += 1
      }
      index += 1
    }
    self.init(line: line, column: column)
  }

  static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  public var description: String { "\(line):\(column)" }
}
