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
      for index in segment..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 {
        column += 1
      }
      return SourceLocation(line: line, column: column)
    }
  }

  /// Where a continuation line starts within an unfolded line.
  struct Fold {
    /// The offset in the unfolded bytes of the first byte after the fold's whitespace.
    var offset: Int
    /// The physical line of the continuation.
    var line: Int
  }

  typealias Handler = (Line) throws(DocumentError) -> Void

  private var pending: [UInt8] = []
  private var folds: [Fold] = []
  /// The physical line on which `pending` starts.
  private var pendingLine = 1
  /// The current physical line.
  private var line = 1
  /// A line ended; `pending` holds it until the next byte shows whether it continues.
  private var awaiting = false
  /// The previous chunk ended with CR, so a LF at the start of this one belongs to it.
  private var skipLineFeed = false
  private var isFirstLine = true

  /// Splits `chunk`, calling `handler` with each complete line.
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
        index = afterBreak(chunk, at: end)
        awaiting = true
      } else if chunk[index] == 0x20 || chunk[index] == 0x09 {
        folds.append(Fold(offset: pending.count, line: line))
        index += 1
        awaiting = false
      } else {
        try emitPending(handler)
      }
    }
  }

  /// Hands out the last line (an empty one for empty input). Returns the location just past
  /// the input's end.
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

  /// Steps over the line break at `index`, counting the line; returns the next index.
  private mutating func afterBreak(_ chunk: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    line += 1
    guard chunk[index] == 0x0D else { return index + 1 }
    if index + 1 < chunk.count {
      return chunk[index + 1] == 0x0A ? index + 2 : index + 1
    }
    skipLineFeed = true
    return index + 1
  }

  /// Hands the pending line to `handler`, without the byte order mark that may start the
  /// input, and starts the next line empty.
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
      shift == 0 ? folds : folds.map { Fold(offset: $0.offset - shift, line: $0.line) }
    try pending.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      let bytes = UnsafeBufferPointer(rebasing: buffer[shift...])
      try handler(Line(bytes: bytes, number: number, folds: lineFolds))
    }
  }
}
