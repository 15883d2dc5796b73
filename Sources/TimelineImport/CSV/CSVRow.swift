/// One row of a CSV file: the decoded bytes of its fields, one after another, and where
/// each field starts in the file. The tokenizer reuses one row, so reading allocates
/// nothing per row once the buffers have grown.
///
/// ```swift
/// row.withField(2) { bytes in String(decoding: bytes, as: UTF8.self) }
/// row.location(ofField: 2)  // 7:12
/// ```
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

  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  private var starts: [SourceLocation] = []
  private var forms: [Form] = []

  /// The number of fields.
  var count: Int { ends.count }

  /// Whether every field is empty.
  var isBlank: Bool { bytes.isEmpty }

  /// The line on which the row starts.
  var line: Int { starts.first?.line ?? 1 }

  mutating func startField(line: Int, column: Int) {
    starts.append(SourceLocation(line: line, column: column))
    forms.append(.plain)
  }

  mutating func markQuoted() { forms[forms.count - 1] = .quoted }
  mutating func markComplex() { forms[forms.count - 1] = .complex }

  mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
  mutating func append(_ byte: UInt8) { bytes.append(byte) }
  mutating func endField() { ends.append(bytes.count) }

  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
    forms.removeAll(keepingCapacity: true)
  }

  /// Calls `body` with the decoded bytes of field `index`.
  func withField<Result, Failure: Error>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = index == 0 ? 0 : ends[index - 1]
    return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
      try body(UnsafeBufferPointer(rebasing: buffer[start..<ends[index]]))
    }
  }

  /// Whether field `index` is empty.
  func isEmpty(_ index: Int) -> Bool {
    (index == 0 ? 0 : ends[index - 1]) == ends[index]
  }

  /// Where field `index` starts, or where its byte `offset` is when that can be known.
  func location(ofField index: Int, offset: Int = 0) -> SourceLocation {
    var location = starts[index]
    let start = index == 0 ? 0 : ends[index - 1]
    switch forms[index] {
    case .complex: return location
    case .quoted: location.column += 1
    case .plain: break
    }
    var position = start
    while position < min(start + offset, ends[index]) {
      if bytes[position] & 0xC0 != 0x80 { location.column += 1 }
      position += 1
    }
    return location
  }

  /// Where the row ends: just after its last field.
  var endLocation: SourceLocation {
    guard let last = starts.indices.last else { return SourceLocation(line: 1, column: 1) }
    return location(ofField: last, offset: Int.max - ends[last])
  }
}
