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

  /// One field: where its bytes end in the row's bytes, where it starts in the file, its
  /// form.
  private struct Field {
    var end: Int32
    var line: Int32
    var column: Int32
    var form: Form
  }

  /// The row's bytes and fields in buffers that only grow: the tokenizer refills one row
  /// for the whole file, a few calls per field, so they are plain memory rather than
  /// arrays checked for sharing on every write. A row handed to a handler is valid until
  /// the handler returns.
  private final class Storage {
    var bytes: UnsafeMutablePointer<UInt8>
    var byteCount = 0
    var byteCapacity = 1_024
    var fields: UnsafeMutablePointer<Field>
    var fieldCount = 0
    var fieldCapacity = 32

    init() {
      bytes = .allocate(capacity: byteCapacity)
      fields = .allocate(capacity: fieldCapacity)
    }

    deinit {
      bytes.deallocate()
      fields.deallocate()
    }

    func reserveBytes(_ extra: Int) {
      guard byteCount + extra > byteCapacity else { return }
      var capacity = byteCapacity * 2
      while capacity < byteCount + extra { capacity *= 2 }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      grown.update(from: bytes, count: byteCount)
      bytes.deallocate()
      bytes = grown
      byteCapacity = capacity
    }

    func appendField(_ field: Field) {
      if fieldCount == fieldCapacity {
        let grown = UnsafeMutablePointer<Field>.allocate(capacity: fieldCapacity * 2)
        grown.initialize(from: fields, count: fieldCount)
        fields.deallocate()
        fields = grown
        fieldCapacity *= 2
      }
      (fields + fieldCount).initialize(to: field)
      fieldCount += 1
    }
  }

  private let storage = Storage()

  /// The number of fields.
  var count: Int { storage.fieldCount }

  /// Whether every field is empty.
  var isBlank: Bool { storage.byteCount == 0 }

  /// The line on which the row starts.
  var line: Int { count > 0 ? Int(storage.fields[0].line) : 1 }

  mutating func startField(line: Int, column: Int) {
    storage.appendField(
      Field(
        end: Int32(truncatingIfNeeded: storage.byteCount), line: Int32(clamping: line),
        column: Int32(clamping: column), form: .plain))
  }

  mutating func markQuoted() { storage.fields[storage.fieldCount - 1].form = .quoted }
  mutating func markComplex() { storage.fields[storage.fieldCount - 1].form = .complex }

  mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    storage.reserveBytes(buffer.count)
    (storage.bytes + storage.byteCount).update(from: base, count: buffer.count)
    storage.byteCount += buffer.count
  }

  mutating func append(_ byte: UInt8) {
    storage.reserveBytes(1)
    storage.bytes[storage.byteCount] = byte
    storage.byteCount += 1
  }

  mutating func endField() {
    storage.fields[storage.fieldCount - 1].end = Int32(truncatingIfNeeded: storage.byteCount)
  }

  mutating func reset() {
    storage.byteCount = 0
    storage.fieldCount = 0
  }

  private func field(_ index: Int) -> Field {
    precondition(index >= 0 && index < count, "field index out of range")
    return storage.fields[index]
  }

  private func start(_ index: Int) -> Int { index == 0 ? 0 : Int(field(index - 1).end) }

  /// Calls `body` with the decoded bytes of field `index`.
  func withField<Result, Failure: Error>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = start(index)
    return try body(
      UnsafeBufferPointer(start: storage.bytes + start, count: Int(field(index).end) - start))
  }

  /// Whether field `index` is empty.
  func isEmpty(_ index: Int) -> Bool { start(index) == Int(field(index).end) }

  /// Where field `index` starts, or where its byte `offset` is when that can be known.
  func location(ofField index: Int, offset: Int = 0) -> SourceLocation {
    let field = field(index)
    var location = SourceLocation(line: Int(field.line), column: Int(field.column))
    let start = start(index)
    switch field.form {
    case .complex: return location
    case .quoted: location.column += 1
    case .plain: break
    }
    var position = start
    while position < min(start + offset, Int(field.end)) {
      if storage.bytes[position] & 0xC0 != 0x80 { location.column += 1 }
      position += 1
    }
    return location
  }

  /// Where the row ends: just after its last field.
  var endLocation: SourceLocation {
    guard count > 0 else { return SourceLocation(line: 1, column: 1) }
    return location(ofField: count - 1, offset: Int.max - Int(field(count - 1).end))
  }
}
