import Foundation
import TimelineCore

/// Reads a CSV document chunk by chunk: detects the separator from the header line,
/// tokenizes rows, and maps each row to an item as soon as it is complete.
///
/// The separator is the one of `,`, `;` and tab that occurs most often outside quotes in
/// the header line (`,` on a tie), so spreadsheets that write semicolons in locales with
/// a decimal comma are read without options. A byte order mark is skipped; blank rows are
/// skipped and counted.
///
/// ```swift
/// let parser = CSVParser(file: "plan.csv", options: options)
/// try parser.consume(chunk)
/// let (document, summary) = try parser.finish()
/// ```
final class CSVParser {
  let file: String
  let options: ImportOptions
  private var prelude: [UInt8] = []
  private var tokenizer: CSVTokenizer?
  private var header: CSVHeader?
  private var mapper: CSVRowMapper?
  private var items: [TimelineItem] = []
  private var summary = ImportSummary()

  init(file: String, options: ImportOptions) {
    self.file = file
    self.options = options
  }

  /// Reads one chunk.
  func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(DocumentError) {
    guard tokenizer != nil else {
      prelude.append(contentsOf: chunk)
      if Self.headerLineEnd(prelude) != nil || prelude.count > 1 << 20 { try start() }
      return
    }
    try tokenizer!.consume(chunk) { (row) throws(DocumentError) in try self.take(row) }
  }

  /// Ends the input and returns the document.
  func finish() throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    if tokenizer == nil { try start() }
    try tokenizer!.finish { (row) throws(DocumentError) in try self.take(row) }
    guard header != nil else {
      throw DocumentError(
        file: file, line: 1, column: 1,
        message: "expected a header row naming the columns, such as title,start,end,status")
    }
    assignGeneratedIDs()
    return (TimelineDocument(timeZone: options.timeZone, items: items), summary)
  }

  /// Chooses the separator and tokenizes what was read so far.
  private func start() throws(DocumentError) {
    var bytes = prelude
    prelude = []
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let end = Self.headerLineEnd(bytes) ?? bytes.count
    var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
    var quoted = false
    for byte in bytes[0..<end] {
      if byte == 0x22 {
        quoted.toggle()
      } else if !quoted, counts[byte] != nil {
        counts[byte]! += 1
      }
    }
    let separator = [UInt8(0x2C), 0x3B, 0x09].max {
      counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && $1 == 0x2C)
    }!
    tokenizer = CSVTokenizer(separator: separator, file: file)
    try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) in
      try tokenizer!.consume(buffer) { (row) throws(DocumentError) in try self.take(row) }
    }
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

  private func take(_ row: CSVRow) throws(DocumentError) {
    if row.isBlank {
      if header != nil { summary.record(.emptyRow) }
      return
    }
    guard var mapper else {
      let header = try CSVHeader(row, file: file)
      self.header = header
      mapper = CSVRowMapper(header: header, file: file, timeZone: options.timeZone)
      return
    }
    self.mapper = nil
    defer { self.mapper = mapper }
    items.append(try mapper.item(from: row))
  }

  /// Gives rows without an id the next free `item-N`, in document order.
  private func assignGeneratedIDs() {
    let explicit = mapper?.ids ?? [:]
    var counter = 0
    for index in items.indices where items[index].id.isEmpty {
      repeat { counter += 1 } while explicit["item-\(counter)"] != nil
      items[index].id = "item-\(counter)"
    }
  }
}
