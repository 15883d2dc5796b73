/// One unfolded content line, valid only while the handler runs, which maps offsets in
/// the unfolded bytes back to physical lines and columns for errors.
///
/// ```swift
/// // "DTSTART:2026\r\n 0105T09000XZ": offset 19 is on line 2, column 12.
/// line.location(ofOffset: 19)
/// ```
struct ContentLineBytes {
  /// The unfolded bytes, without the line break.
  var bytes: UnsafeBufferPointer<UInt8>
  /// The physical line on which it starts.
  var number: Int
  /// Where continuation lines start (empty for unfolded lines).
  var folds: [ContentLineUnfolder.Fold]

  /// The physical line and column of the byte at `offset`.
  func location(ofOffset offset: Int) -> SourceLocation {
    var segment = 0
    var line = number
    var column = 1
    for fold in folds where fold.offset <= offset {
      segment = fold.offset
      line = fold.line
      column = 2
    }
    var index = segment
    while index < min(offset, bytes.count) {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: line, column: column)
  }
}
