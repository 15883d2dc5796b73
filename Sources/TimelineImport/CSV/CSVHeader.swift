import Foundation

/// The header row of a CSV document: which format v1 key each column holds (SPEC IO-3).
///
/// Names are matched without regard to case or surrounding spaces; `attributes` may
/// repeat (each column adds one attribute); unknown columns are ignored, like unknown
/// JSON keys. `title` and `start` are required; `children` cannot be expressed in CSV.
///
/// ```swift
/// // title,start,end,status,attributes,attributes
/// let header = try CSVHeader(row, file: "plan.csv")
/// header.columns[4]  // .attributes
/// ```
struct CSVHeader {
  /// The key of each column, in order; `nil` for an ignored column. Never `children`.
  let columns: [ItemKey?]

  init(_ row: CSVRow, file: String) throws(DocumentError) {
    var columns: [ItemKey?] = []
    var seen: [ItemKey: Int] = [:]
    for index in 0..<row.count {
      let name = try row.text(ofField: index, file: file)
      let normalized = name.trimmingCharacters(in: [" ", "\t"]).lowercased()
      if normalized == "children" {
        throw DocumentError(
          file: file, location: row.location(ofField: index),
          message: "the column \"children\" is not supported in CSV; use JSON for child items")
      }
      let key = ItemKey.allCases.first { $0.rawValue.lowercased() == normalized }
      if let key, key != .attributes, let first = seen[key] {
        throw DocumentError(
          file: file, location: row.location(ofField: index),
          message:
            "duplicate column \(key.rawValue.quotedForMessage) (first in column \(first + 1))")
      }
      if let key { seen[key] = index }
      columns.append(key)
    }
    for required in [ItemKey.title, .start] where seen[required] == nil {
      throw DocumentError(
        file: file, line: row.line, column: 1,
        message: "missing required column \(required.rawValue.quotedForMessage) in the header row")
    }
    self.columns = columns
  }
}
