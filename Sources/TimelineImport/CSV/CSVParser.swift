import Foundation
import TimelineCore

/// Turns CSV rows into a document: the first non-blank row is the header, each later row
/// becomes an item as soon as it is complete; blank rows are skipped and counted.
///
/// The header names the format v1 key of each column (SPEC IO-3), without regard to case or
/// surrounding spaces; `attributes` may repeat (each column adds one attribute); unknown
/// columns are ignored, like unknown JSON keys. `title` and `start` are required;
/// `children` cannot be expressed in CSV.
///
/// It is a value type driven by a separate ``CSVTokenizer``, so that exclusive access is
/// checked statically.
struct CSVParser {
  let file: String
  let options: ImportOptions
  /// The key of each column, in order (`nil` for an ignored column, never `children`);
  /// `nil` until the header row.
  private var columns: [ItemKey?]?
  private var idField: Int?
  private var items: [TimelineItem] = []
  /// Where each id was first used, until one is used twice (then only the ids matter).
  private var firstUses: [String: SourceLocation] = [:]
  /// The first repeated id and its two uses, thrown by `finish()` so that an error in a
  /// later row comes first.
  private var repeated: (id: String, first: SourceLocation, location: SourceLocation)?
  private var missingIDs = 0
  /// When set, items go here as they are made instead of into the document (streaming):
  /// ids are not checked for repeats, and a row without one gets the next `item-N`.
  var sink: ((TimelineItem) -> Void)?
  private(set) var summary = ImportSummary()

  init(file: String, options: ImportOptions) {
    self.file = file
    self.options = options
  }

  mutating func take(_ row: CSVRow) throws(DocumentError) {
    if row.isBlank {
      if columns != nil { summary.record(.emptyRow) }
      return
    }
    guard let columns else { return try takeHeader(row) }
    var item = try self.item(from: row, columns: columns)
    if item.id.isEmpty {
      missingIDs += 1
      if sink != nil { item.id = "item-\(missingIDs)" }
    }
    if let sink { return sink(item) }
    if let idField, !item.id.isEmpty, repeated == nil {
      let location = row.location(ofField: idField)
      if let first = firstUses.updateValue(location, forKey: item.id) {
        repeated = (item.id, first, location)
      }
    }
    items.append(item)
  }

  /// Takes the header row: which key each column holds.
  private mutating func takeHeader(_ row: CSVRow) throws(DocumentError) {
    var columns: [ItemKey?] = []
    var seen: [ItemKey: Int] = [:]
    for index in 0..<row.count {
      let name = try row.text(ofField: index, file: file)
      let normalized = name.trimmingCharacters(in: [" ", "\t"]).lowercased()
      if normalized == "children" {
        throw failure(
          row, index, "the column \"children\" is not supported in CSV; use JSON for child items")
      }
      let key = ItemKey.allCases.first { $0.rawValue.lowercased() == normalized }
      if let key, key != .attributes, let first = seen[key] {
        throw failure(
          row, index,
          "duplicate column \(key.rawValue.quotedForMessage) (first in column \(first + 1))")
      }
      if let key { seen[key] = index }
      columns.append(key)
    }
    for required in [ItemKey.title, .start] where seen[required] == nil {
      throw DocumentError(
        file: file, line: row.location(ofField: 0).line, column: 1,
        message: "missing required column \(required.rawValue.quotedForMessage) in the header row")
    }
    self.columns = columns
    idField = seen[.id]
  }

  /// Ends a streaming read (see ``sink``): checks that there was a header row.
  func finishStream() throws(DocumentError) -> ImportSummary {
    guard columns != nil else {
      throw DocumentError(
        file: file, line: 1, column: 1,
        message: "expected a header row naming the columns, such as title,start,end,status")
    }
    return summary
  }

  mutating func finish() throws(DocumentError) -> (
    document: TimelineDocument, summary: ImportSummary
  ) {
    let summary = try finishStream()
    if let repeated {
      throw DocumentError(
        file: file, location: repeated.location,
        message: "duplicate id \(repeated.id.quotedForMessage) (first used at \(repeated.first))")
    }
    // Rows without an id get the next free `item-N`, in document order.
    var counter = 0
    for index in items.indices where missingIDs > 0 && items[index].id.isEmpty {
      var candidate = ""
      repeat {
        counter += 1
        candidate = "item-\(counter)"
      } while firstUses[candidate] != nil
      items[index].id = candidate
    }
    return (TimelineDocument(timeZone: options.timeZone, items: items), summary)
  }

  /// The item of `row`, whose fields hold the keys `columns`, with the rules of JSON format
  /// v1: a non-empty title, an RFC 3339 start, an end of the same form that is not before
  /// it, known kinds and statuses, integer priorities. An empty field counts as absent.
  /// Errors are located at the field. The id is empty when the row gives none; repeated
  /// ids are found by ``take(_:)``.
  func item(from row: CSVRow, columns: [ItemKey?]) throws(DocumentError) -> TimelineItem {
    guard row.count == columns.count else {
      // Just after the last field of a short row (a row that is not blank has one).
      let location =
        row.count > columns.count
        ? row.location(ofField: columns.count) : row.location(ofField: row.count - 1, offset: .max)
      throw DocumentError(
        file: file, location: location,
        message: "expected \(columns.count) fields as in the header row, found \(row.count)")
    }
    var item = TimelineItem(id: "", title: "", start: .instant(Date(timeIntervalSince1970: 0)))
    var hasStart = false
    var endField: Int?
    for (index, key) in columns.enumerated() {
      guard let key, !row.isEmpty(index) else { continue }
      switch key {
      case .id:
        item.id = try text(row, index)
        if let problem = options.idProblem?(item.id) { throw failure(row, index, problem) }
      case .kind: item.kind = try choice(row, index, "kind", Self.kinds)
      case .title: item.title = try text(row, index)
      case .subtitle: item.subtitle = try text(row, index)
      case .start:
        item.start = try date(row, index)
        hasStart = true
      case .end: endField = index
      case .status: item.status = try choice(row, index, "status", Self.statuses)
      case .statusLabel: item.statusLabel = try text(row, index)
      case .substatusLabel: item.substatusLabel = try text(row, index)
      case .description: item.description = try text(row, index)
      case .supportingText: item.supportingText = try text(row, index)
      case .attributes: item.attributes.append(try text(row, index))
      case .priority:
        let number = row.withField(index) { Self.trimmed($0, JSONNumber.integer(utf8:)) }
        guard case .value(let priority) = number else {
          let text = try self.text(row, index)
          throw failure(
            row, index, "expected an integer for \"priority\", found \(text.quotedForMessage)")
        }
        item.priority = priority
      case .icon: item.icon = try text(row, index)
      case .statusIcon: item.statusIcon = try text(row, index)
      case .substatusIcon: item.substatusIcon = try text(row, index)
      case .children: break
      }
    }
    guard item.title.contains(where: { !$0.isWhitespace }) else {
      throw failure(row, columns.firstIndex(of: .title)!, "expected a non-empty \"title\"")
    }
    guard hasStart else {
      throw failure(row, columns.firstIndex(of: .start)!, "expected a date for \"start\"")
    }
    if let endField {
      let end = try date(row, endField)
      if let problem = end.endProblem(after: item.start) { throw failure(row, endField, problem) }
      item.end = end
    }
    return item
  }

  /// An error at the start of field `index`.
  func failure(_ row: CSVRow, _ index: Int, _ message: String) -> DocumentError {
    DocumentError(file: file, location: row.location(ofField: index), message: message)
  }

  private func text(_ row: CSVRow, _ index: Int) throws(DocumentError) -> String {
    try row.text(ofField: index, file: file)
  }

  private func date(_ row: CSVRow, _ index: Int) throws(DocumentError) -> TimelineDate {
    let zone = options.timeZone
    let outcome = row.withField(index) { bytes in
      Self.trimmed(bytes) { RFC3339.parse(utf8: $0, floatingIn: zone) }
    }
    switch outcome {
    case .success(let date): return date
    case .failure(let error): throw failure(row, index, error.description)
    }
  }

  static let kinds = ItemKind.allCases.map { (Array($0.rawValue.utf8), $0) }
  static let statuses = ItemStatus.allCases.map { (Array($0.rawValue.utf8), $0) }

  /// The value whose name field `index` spells, spaces around it ignored.
  private func choice<Value>(
    _ row: CSVRow, _ index: Int, _ key: String, _ names: [([UInt8], Value)]
  ) throws(DocumentError) -> Value {
    let value: Value? = row.withField(index) { bytes in
      Self.trimmed(bytes) { name in names.first { $0.0.elementsEqual(name) }?.1 }
    }
    if let value { return value }
    let text = try self.text(row, index)
    let expected = names.map { String(decoding: $0.0, as: UTF8.self) }.joined(separator: ", ")
    throw failure(
      row, index, "unknown \(key) \(text.quotedForMessage); expected one of \(expected)")
  }

  /// `bytes` without leading and trailing spaces and tabs, passed to `body`.
  private static func trimmed<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
  }
}
