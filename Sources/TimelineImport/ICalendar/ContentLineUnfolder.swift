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
        let end = Self.lineBreak(in: chunk, from: index)
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
      let segment = folds.last?.offset ?? 0
      let base = folds.isEmpty ? 1 : 2
      let scalars = pending[segment...].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
      end.column = base + scalars
    }
    if state != .idle { try emitPending(handler) }
    return end
  }

  /// The index of the first CR or LF at or after `start`, or `chunk.count`.
  @inline(__always)
  private static func lineBreak(in chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < chunk.count {
      let byte = chunk[index]
      if byte <= 0x0D, byte == 0x0A || byte == 0x0D { return index }
      index += 1
    }
    return index
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

  private mutating func emitPending(_ handler: Handler) throws(DocumentError) {
    let number = pendingLine
    state = .idle
    var bytes = pending
    pending = []
    defer {
      bytes.removeAll(keepingCapacity: true)
      pending = bytes
      folds.removeAll(keepingCapacity: true)
    }
    try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      try emit(buffer, number: number, handler)
    }
  }

  private mutating func emit(
    _ bytes: UnsafeBufferPointer<UInt8>, number: Int, _ handler: Handler
  ) throws(DocumentError) {
    var bytes = bytes
    var shift = 0
    if isFirstLine {
      isFirstLine = false
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        shift = 3
      }
    }
    let lineFolds =
      shift == 0 ? folds : folds.map { Fold(offset: $0.offset - shift, line: $0.line) }
    try handler(ContentLineBytes(bytes: bytes, number: number, folds: lineFolds))
  }
}
