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
  /// The column that holds the id, if any.
  private var idField: Int?
  private var items: [TimelineItem] = []
  private var ids = RepeatedIDs()
  /// Where each item's id field is, when there is an id column: a repeated id is reported
  /// where both uses are.
  private var idLocations: [SourceLocation] = []
  /// The number of items without an id.
  private var missingIDs = 0
  /// When set, items go here as they are made instead of into the document (streaming):
  /// ids are not checked for repeats, and a row without one gets the next `item-N`.
  var sink: ((TimelineItem) -> Void)?
  private(set) var summary = ImportSummary()

  init(file: String, options: ImportOptions) {
    self.file = file
    self.options = options
  }

  /// Takes one row.
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
    if let idField {
      idLocations.append(row.location(ofField: idField))
      if !item.id.isEmpty { ids.record(item.id) }
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

  /// Ends the input and returns the document.
  mutating func finish() throws(DocumentError) -> (
    document: TimelineDocument, summary: ImportSummary
  ) {
    let summary = try finishStream()
    if let repeated = ids.repeats(in: items).first {
      let id = items[repeated.repeat].id.quotedForMessage
      throw DocumentError(
        file: file, location: idLocations[repeated.repeat],
        message: "duplicate id \(id) (first used at \(idLocations[repeated.first]))")
    }
    idLocations = []
    // Rows without an id get the next free `item-N`, in document order.
    var counter = 0
    for index in items.indices where missingIDs > 0 && items[index].id.isEmpty {
      var candidate = ""
      repeat {
        counter += 1
        candidate = "item-\(counter)"
      } while ids.contains(candidate)
      items[index].id = candidate
    }
    return (TimelineDocument(timeZone: options.timeZone, items: items), summary)
  }
}
