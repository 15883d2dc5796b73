/// Splits iCalendar bytes into unfolded content lines (RFC 5545 §3.1), chunk by chunk.
///
/// A line break is CRLF, a bare LF or a bare CR; a break followed by one space or tab is a
/// fold, removed together with that character (folds may split UTF-8 sequences, so
/// unfolding works on bytes). A leading byte order mark is skipped. Each line is assembled
/// in one buffer, reused, so memory stays at one chunk plus the longest line.
struct ContentLineUnfolder {
  /// One unfolded line, valid only while the handler runs, which maps offsets in the
  /// unfolded bytes back to physical lines and columns for errors.
  struct Line {
    /// The unfolded bytes, without the line break.
    var bytes: UnsafeBufferPointer<UInt8>
    /// The physical line on which it starts.
    var number: Int
    /// Where continuation lines start (empty for unfolded lines).
    var folds: [Fold]

    func location(ofOffset offset: Int) -> SourceLocation {
      var segment = 0
      var line = number
      var column = 1
      for fold in folds where fold.offset <= offset {
        segment = fold.offset
        line = fold.line
        column = 2
      }
      column += bytes[segment..<min(offset, bytes.count)].count(where: { $0 & 0xC0 != 0x80 })
      return SourceLocation(line: line, column: column)
    }
  }

  /// A continuation line: the offset in the unfolded bytes of its first byte after the
  /// fold's whitespace, and its physical line.
  typealias Fold = (offset: Int, line: Int)

  typealias Handler = (Line) throws(DocumentError) -> Void

  private var pending: [UInt8] = []
  private var folds: [Fold] = []
  /// The physical line on which `pending` starts.
  private var pendingLine = 1
  private var line = 1
  /// A line ended; `pending` holds it until the next byte shows whether it continues.
  private var awaiting = false
  /// The previous chunk ended with CR, so a LF at the start of this one belongs to it.
  private var skipLineFeed = false
  private var isFirstLine = true

  mutating func consume(
    _ chunk: UnsafeBufferPointer<UInt8>, _ handler: Handler
  ) throws(DocumentError) {
    let count = chunk.count
    var index = 0
    if skipLineFeed, count > 0 {
      skipLineFeed = false
      if chunk[0] == 0x0A { index = 1 }
    }
    while index < count {
      if !awaiting {
        let end = chunk[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? count
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[index..<end]))
        guard end < count else { return }
        line += 1
        awaiting = true
        index = end + 1
        if chunk[end] == 0x0D, index < count, chunk[index] == 0x0A {
          index += 1  // CRLF
        } else if chunk[end] == 0x0D, index == count {
          skipLineFeed = true
        }
      } else if chunk[index] == 0x20 || chunk[index] == 0x09 {
        folds.append((offset: pending.count, line: line))
        index += 1
        awaiting = false
      } else {
        try emitPending(handler)
      }
    }
  }

  /// Hands out the last line (empty for empty input); returns the location past the end.
  mutating func finish(_ handler: Handler) throws(DocumentError) -> SourceLocation {
    var end = SourceLocation(line: line, column: 1)
    if !awaiting {
      // Just past the last byte of the open line (whose last fold is on the current line).
      end = pending.withUnsafeBufferPointer {
        Line(bytes: $0, number: line, folds: folds).location(ofOffset: $0.count)
      }
    }
    try emitPending(handler)
    return end
  }

  /// Hands the pending line to `handler`, without a byte order mark that starts the input.
  private mutating func emitPending(_ handler: Handler) throws(DocumentError) {
    awaiting = false
    defer {
      pending.removeAll(keepingCapacity: true)
      folds.removeAll(keepingCapacity: true)
      pendingLine = line
    }
    let shift = isFirstLine && pending.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    isFirstLine = false
    let number = pendingLine
    let lineFolds =
      shift == 0 ? folds : folds.map { (offset: $0.offset - shift, line: $0.line) }
    try pending.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      let bytes = UnsafeBufferPointer(rebasing: buffer[shift...])
      try handler(Line(bytes: bytes, number: number, folds: lineFolds))
    }
  }
}
