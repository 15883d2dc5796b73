/// One row of a CSV file: the decoded bytes of its fields, one after another, and where
/// each field starts in the file. The tokenizer reuses one row, so reading allocates
/// nothing per row once its arrays have grown.
struct CSVRow {
  /// How a field was written, which decides how offsets map to columns.
  private enum Form: UInt8 {
    /// Unquoted: byte offsets follow the source.
    case plain
    /// Quoted, without doubled quotes or line breaks: one column further.
    case quoted
    /// Anything else: only the start is known.
    case complex
  }

  /// One field: where its bytes end in the row's, where it starts in the file, its form.
  private struct Field {
    var end: Int32
    var line: Int32
    var column: Int32
    var form: Form
  }

  /// A row handed to a handler is valid until the handler returns: the tokenizer refills it.
  private var bytes: [UInt8] = []
  private var fields: [Field] = []

  var count: Int { fields.count }

  /// Whether every field is empty.
  var isBlank: Bool { bytes.isEmpty }

  mutating func startField(line: Int, column: Int) {
    fields.append(
      Field(
        end: Int32(truncatingIfNeeded: bytes.count), line: Int32(clamping: line),
        column: Int32(clamping: column), form: .plain))
  }

  mutating func markQuoted() { fields[fields.count - 1].form = .quoted }
  mutating func markComplex() { fields[fields.count - 1].form = .complex }

  mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

  mutating func endField() { fields[fields.count - 1].end = Int32(truncatingIfNeeded: bytes.count) }

  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    fields.removeAll(keepingCapacity: true)
  }

  private func start(_ index: Int) -> Int { index == 0 ? 0 : Int(fields[index - 1].end) }

  /// Calls `body` with the decoded bytes of field `index`.
  func withField<Result, Failure: Error>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let range = start(index)..<Int(fields[index].end)
    return try bytes.withUnsafeBufferPointer { (all) throws(Failure) in
      try body(UnsafeBufferPointer(rebasing: all[range]))
    }
  }

  /// The text of field `index`, which must be well-formed UTF-8 without NUL (else an error
  /// in `file` at the offending byte).
  func text(ofField index: Int, file: String) throws(DocumentError) -> String {
    try withField(index) { (bytes) throws(DocumentError) in
      if let problem = UTF8Check.firstProblem(in: bytes) {
        throw DocumentError(
          file: file, location: location(ofField: index, offset: problem.offset),
          message: problem.message)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  func isEmpty(_ index: Int) -> Bool { start(index) == Int(fields[index].end) }

  /// Where field `index` starts, or where its byte `offset` is when that can be known (an
  /// offset past the field's end is its end).
  func location(ofField index: Int, offset: Int = 0) -> SourceLocation {
    let field = fields[index]
    var location = SourceLocation(line: Int(field.line), column: Int(field.column))
    switch field.form {
    case .complex: return location
    case .quoted: location.column += 1
    case .plain: break
    }
    // Columns count Unicode scalars: every byte but a UTF-8 continuation byte.
    let start = start(index)
    let end = start + min(Int(field.end) - start, offset)
    location.column += bytes[start..<end].count(where: { $0 & 0xC0 != 0x80 })
    return location
  }
}
