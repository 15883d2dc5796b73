/// Feeds CSV chunks to a ``CSVTokenizer`` once the separator is known: the bytes before
/// the end of the header line are held back, and the separator is the one of `,`, `;` and
/// tab that occurs most often outside quotes in that line (`,` on a tie). A leading byte
/// order mark is dropped.
///
/// ```swift
/// var splitter = CSVSplitter(file: "plan.csv")
/// try splitter.consume(chunk) { row in … }
/// try splitter.finish { row in … }
/// ```
struct CSVSplitter {
  let file: String
  private var prelude: [UInt8] = []
  private var tokenizer: CSVTokenizer?

  init(file: String) { self.file = file }

  /// Splits `chunk` into rows, calling `handler` with each complete one.
  mutating func consume(
    _ chunk: UnsafeBufferPointer<UInt8>, _ handler: CSVTokenizer.Handler
  ) throws(DocumentError) {
    if tokenizer != nil {
      return try tokenizer!.consume(chunk, handler)
    }
    prelude.append(contentsOf: chunk)
    if Self.headerLineEnd(prelude) != nil || prelude.count > 1 << 20 { try start(handler) }
  }

  /// Ends the input, handing out the last row.
  mutating func finish(_ handler: CSVTokenizer.Handler) throws(DocumentError) {
    if tokenizer == nil { try start(handler) }
    try tokenizer!.finish(handler)
  }

  /// Chooses the separator and tokenizes the bytes held back.
  private mutating func start(_ handler: CSVTokenizer.Handler) throws(DocumentError) {
    var bytes = prelude
    prelude = []
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let end = Self.headerLineEnd(bytes) ?? bytes.count
    var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
    var quoted = false
    for byte in bytes[0..<end] {
      if byte == 0x22 {
        quoted.toggle()
      } else if !quoted, let count = counts[byte] {
        counts[byte] = count + 1
      }
    }
    var separator: UInt8 = 0x2C
    for candidate: UInt8 in [0x3B, 0x09] where counts[candidate]! > counts[separator]! {
      separator = candidate
    }
    var tokenizer = CSVTokenizer(separator: separator, file: file)
    try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      try tokenizer.consume(buffer, handler)
    }
    self.tokenizer = tokenizer
  }

  /// The index of the first line break outside quotes, if the header line is complete.
  private static func headerLineEnd(_ bytes: [UInt8]) -> Int? {
    var quoted = false
    for (index, byte) in bytes.enumerated() {
      if byte == 0x22 {
        quoted.toggle()
      } else if !quoted, byte == 0x0A || byte == 0x0D {
        return index
      }
    }
    return nil
  }
}
