/// Splits CSV bytes into rows of fields (RFC 4180), chunk by chunk: fields in double
/// quotes may contain separators, line breaks and doubled quotes (`""`); rows end at CRLF,
/// LF or CR. Each field remembers the line and column where it starts.
///
/// The separator is the one of `,`, `;` and tab that occurs most often outside quotes in
/// the header line (`,` on a tie), so the bytes before the end of that line are held back
/// until it is complete. A leading byte order mark is dropped.
///
/// A quote inside an unquoted field is kept as it is (as spreadsheets write `5" pipe`);
/// text after a closing quote other than a separator or line break is an error, and so is
/// a quoted field that never closes.
struct CSVTokenizer {
  private enum State { case fieldStart, unquoted, quoted, afterQuote }

  typealias Handler = (CSVRow) throws(DocumentError) -> Void

  let file: String
  /// The bytes held back until the header line is complete; `nil` once the separator is
  /// chosen.
  private var prelude: [UInt8]? = []
  private var separator: UInt8 = 0x2C
  private var state = State.fieldStart
  private var row = CSVRow()
  private var line = 1
  private var column = 1
  /// The previous chunk ended with CR outside quotes, so a LF starting this one belongs to it.
  private var skipLineFeed = false
  /// The previous byte was a CR inside quotes.
  private var quotedCR = false
  private var quoteLocation = SourceLocation(line: 1, column: 1)

  init(file: String) { self.file = file }

  /// Tokenizes `chunk`, calling `handler` with each complete row.
  mutating func consume(
    _ chunk: UnsafeBufferPointer<UInt8>, _ handler: Handler
  ) throws(DocumentError) {
    if prelude != nil {
      prelude!.append(contentsOf: chunk)
      if Self.header(prelude!).isComplete || prelude!.count > 1 << 20 { try start(handler) }
      return
    }
    var index = 0
    let count = chunk.count
    if skipLineFeed, count > 0 {
      skipLineFeed = false
      if chunk[0] == 0x0A { index = 1 }
    }
    while index < count {
      switch state {
      case .fieldStart:
        row.startField(line: line, column: column)
        state = .unquoted
        if chunk[index] == 0x22 {
          quoteLocation = SourceLocation(line: line, column: column)
          row.markQuoted()
          column += 1
          index += 1
          state = .quoted
        }
      case .unquoted:
        // Columns count Unicode scalars: every byte but a UTF-8 continuation byte.
        let start = index
        while index < count {
          let byte = chunk[index]
          if byte == separator || byte == 0x0A || byte == 0x0D { break }
          if byte & 0xC0 != 0x80 { column += 1 }
          index += 1
        }
        row.append(UnsafeBufferPointer(rebasing: chunk[start..<index]))
        guard index < count else { return }
        index = try endOfField(chunk, index, handler)
      case .quoted:
        let start = index
        while index < count {
          let byte = chunk[index]
          if byte == 0x22 { break }
          if byte == 0x0A || byte == 0x0D {
            let afterCR = byte == 0x0A && (index > start ? chunk[index - 1] == 0x0D : quotedCR)
            if !afterCR { line += 1 }
            column = 1
            row.markComplex()
          } else if byte & 0xC0 != 0x80 {
            column += 1
          }
          index += 1
        }
        if index > start { quotedCR = chunk[index - 1] == 0x0D }
        row.append(UnsafeBufferPointer(rebasing: chunk[start..<index]))
        guard index < count else { return }
        quotedCR = false
        column += 1
        index += 1
        state = .afterQuote
      case .afterQuote:
        let byte = chunk[index]
        if byte == 0x22 {
          row.append(UnsafeBufferPointer(rebasing: chunk[index...index]))
          row.markComplex()
          column += 1
          index += 1
          state = .quoted
        } else if byte == separator || byte == 0x0A || byte == 0x0D {
          index = try endOfField(chunk, index, handler)
        } else {
          throw DocumentError(
            file: file, line: line, column: column,
            message: "expected a separator or a line break after the closing quote")
        }
      }
    }
  }

  /// Ends the field at the separator or line break at `index`; returns the next index.
  private mutating func endOfField(
    _ chunk: UnsafeBufferPointer<UInt8>, _ index: Int, _ handler: Handler
  ) throws(DocumentError) -> Int {
    row.endField()
    state = .fieldStart
    let byte = chunk[index]
    if byte == separator {
      column += 1
      return index + 1
    }
    try handler(row)
    row.reset()
    line += 1
    column = 1
    if byte == 0x0D, index + 1 < chunk.count, chunk[index + 1] == 0x0A { return index + 2 }
    skipLineFeed = byte == 0x0D && index + 1 == chunk.count
    return index + 1
  }

  /// Ends the input: the last row if it has no line break, or an error for an open quote.
  mutating func finish(_ handler: Handler) throws(DocumentError) {
    if prelude != nil { try start(handler) }
    switch state {
    case .quoted:
      throw DocumentError(
        file: file, location: quoteLocation,
        message: "expected a closing quote for the field that starts here")
    case .fieldStart:
      guard row.count > 0 else { break }
      row.startField(line: line, column: column)
      fallthrough
    case .unquoted, .afterQuote:
      row.endField()
      try handler(row)
      row.reset()
    }
    state = .fieldStart
  }

  /// Chooses the separator and tokenizes the bytes held back.
  private mutating func start(_ handler: Handler) throws(DocumentError) {
    var bytes = prelude ?? []
    prelude = nil
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    separator = Self.header(bytes).separator
    try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      try consume(buffer, handler)
    }
  }

  /// The separator of the header line at the start of `bytes`, and whether a line break
  /// outside quotes ends that line.
  private static func header(_ bytes: [UInt8]) -> (separator: UInt8, isComplete: Bool) {
    var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
    var quoted = false
    var isComplete = false
    for byte in bytes {
      if byte == 0x22 {
        quoted.toggle()
      } else if !quoted, byte == 0x0A || byte == 0x0D {
        isComplete = true
        break
      } else if !quoted, let count = counts[byte] {
        counts[byte] = count + 1
      }
    }
    var separator: UInt8 = 0x2C
    for candidate: UInt8 in [0x3B, 0x09] where counts[candidate]! > counts[separator]! {
      separator = candidate
    }
    return (separator, isComplete)
  }
}
