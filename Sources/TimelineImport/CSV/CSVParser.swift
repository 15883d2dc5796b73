import Foundation
import TimelineCore

/// Turns CSV rows into a document: the first non-blank row is the header, each later row
/// becomes an item as soon as it is complete; blank rows are skipped and counted.
///
/// It is a value type driven by a separate ``CSVSplitter``, so that exclusive access is
/// checked statically.
///
/// ```swift
/// var parser = CSVParser(file: "plan.csv", options: options)
/// try splitter.consume(chunk) { row in try parser.take(row) }
/// let (document, summary) = try parser.finish()
/// ```
struct CSVParser {
  let file: String
  let options: ImportOptions
  private var header: CSVHeader?
  private var mapper: CSVRowMapper?
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
      if header != nil { summary.record(.emptyRow) }
      return
    }
    guard mapper != nil else {
      let header = try CSVHeader(row, file: file)
      self.header = header
      mapper = CSVRowMapper(
        header: header, file: file, timeZone: options.timeZone, idProblem: options.idProblem)
      return
    }
    var item = try mapper!.item(from: row)
    if item.id.isEmpty {
      missingIDs += 1
      if sink != nil { item.id = "item-\(missingIDs)" }
    }
    if let sink { return sink(item) }
    if let field = mapper!.idField {
      idLocations.append(row.location(ofField: field))
      if !item.id.isEmpty { ids.record(item.id) }
    }
    items.append(item)
  }

  /// Ends a streaming read (see ``sink``): checks that there was a header row.
  func finishStream() throws(DocumentError) -> ImportSummary {
    try checkHeader()
    return summary
  }

  private func checkHeader() throws(DocumentError) {
    guard header == nil else { return }
    throw DocumentError(
      file: file, line: 1, column: 1,
      message: "expected a header row naming the columns, such as title,start,end,status")
  }

  /// Ends the input and returns the document.
  mutating func finish() throws(DocumentError) -> (
    document: TimelineDocument, summary: ImportSummary
  ) {
    try checkHeader()
    if let repeated = ids.repeats(in: items).first {
      throw DocumentError(
        file: file, location: idLocations[repeated.repeat],
        message:
          "duplicate id \(items[repeated.repeat].id.quotedForMessage) (first used at \(idLocations[repeated.first]))"
      )
    }
    idLocations = []
    assignGeneratedIDs()
    return (TimelineDocument(timeZone: options.timeZone, items: items), summary)
  }

  /// Gives rows without an id the next free `item-N`, in document order.
  private mutating func assignGeneratedIDs() {
    guard missingIDs > 0 else { return }
    var counter = 0
    for index in items.indices where items[index].id.isEmpty {
      var candidate = ""
      repeat {
        counter += 1
        candidate = "item-\(counter)"
      } while ids.contains(candidate)
      items[index].id = candidate
    }
  }
}
