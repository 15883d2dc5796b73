/// Splits iCalendar bytes into unfolded content lines (RFC 5545 §3.1), chunk by chunk.
///
/// A line break is CRLF, a bare LF or a bare CR; a break followed by one space or tab is a
/// fold, removed together with that character (folds may split UTF-8 sequences, so
/// unfolding works on bytes). A leading byte order mark is skipped. Each line is assembled
/// in one buffer, reused, so memory stays at one chunk plus the longest line.
///
/// ```swift
/// var unfolder = ContentLineUnfolder()
/// try unfolder.consume(chunk) { line in print(line.number, line.bytes.count) }
/// try unfolder.finish { line in … }
/// ```
struct ContentLineUnfolder {
  /// Where a continuation line starts within an unfolded line.
  struct Fold {
    /// The offset in the unfolded bytes of the first byte after the fold's whitespace.
    var offset: Int
    /// The physical line of the continuation.
    var line: Int
  }

  typealias Handler = (ContentLineBytes) throws(DocumentError) -> Void

  private enum State {
    /// Between lines: nothing is pending.
    case idle
    /// Inside a physical line whose bytes go to `pending`.
    case open
    /// A line ended; `pending` holds it until the next byte shows whether it continues.
    case awaiting
  }

  private var state = State.idle
  private var pending: [UInt8] = []
  private var folds: [Fold] = []
  private var pendingLine = 1
  /// The current physical line.
  private(set) var line = 1
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
      switch state {
      case .awaiting:
        if chunk[index] == 0x20 || chunk[index] == 0x09 {
          folds.append(Fold(offset: pending.count, line: line))
          index += 1
          state = .open
        } else {
          try emitPending(handler)
        }
      case .open:
        let end = chunk[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? count
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[index..<end]))
        guard end < count else { return }
        index = afterBreak(chunk, at: end)
        state = .awaiting
      case .idle:
        pendingLine = line
        state = .open
      }
    }
  }

  /// Hands out the last line, if any. Returns the location just past the input's end.
  mutating func finish(_ handler: Handler) throws(DocumentError) -> SourceLocation {
    var end = SourceLocation(line: line, column: 1)
    if state == .open {
      // Just past the last byte of the open line (whose last fold is on the current line).
      end = pending.withUnsafeBufferPointer {
        ContentLineBytes(bytes: $0, number: line, folds: folds).location(ofOffset: $0.count)
      }
    }
    if state != .idle { try emitPending(handler) }
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
  /// input, and empties it.
  private mutating func emitPending(_ handler: Handler) throws(DocumentError) {
    state = .idle
    defer {
      pending.removeAll(keepingCapacity: true)
      folds.removeAll(keepingCapacity: true)
    }
    let shift = isFirstLine && pending.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    isFirstLine = false
    let number = pendingLine
    let lineFolds =
      shift == 0 ? folds : folds.map { Fold(offset: $0.offset - shift, line: $0.line) }
    try pending.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      let bytes = UnsafeBufferPointer(rebasing: buffer[shift...])
      try handler(ContentLineBytes(bytes: bytes, number: number, folds: lineFolds))
    }
  }
}
