import Foundation
import TimelineCore

/// Maps CSV rows onto timeline items with the rules of JSON format v1: a non-empty title,
/// an RFC 3339 start, an end of the same form that is not before it, known kinds and
/// statuses, integer priorities. An empty field counts as absent. Errors are
/// located at the field.
///
/// ```swift
/// var mapper = CSVRowMapper(header: header, file: "plan.csv", timeZone: .gmt)
/// let item = try mapper.item(from: row)
/// ```
struct CSVRowMapper {
  let header: CSVHeader
  let file: String
  let timeZone: TimeZone
  /// The field that holds the id, if any.
  let idField: Int?

  /// What is wrong with an id, if anything (``ImportOptions/idProblem``).
  let idProblem: (@Sendable (String) -> String?)?

  init(
    header: CSVHeader, file: String, timeZone: TimeZone,
    idProblem: (@Sendable (String) -> String?)? = nil
  ) {
    self.header = header
    self.file = file
    self.timeZone = timeZone
    self.idProblem = idProblem
    idField = header.columns.firstIndex(of: .id)
  }

  /// The item of `row`; its id is empty when the row gives none. Repeated ids are found
  /// by the caller, which keeps the items.
  func item(from row: CSVRow) throws(DocumentError) -> TimelineItem {
    guard row.count == header.columns.count else {
      let location =
        row.count > header.columns.count
        ? row.location(ofField: header.columns.count) : row.endLocation
      throw DocumentError(
        file: file, location: location,
        message: "expected \(header.columns.count) fields as in the header row, found \(row.count)")
    }
    var item = TimelineItem(id: "", title: "", start: .instant(Date(timeIntervalSince1970: 0)))
    var hasStart = false
    var endField: Int?
    for (index, key) in header.columns.enumerated() {
      guard let key, !row.isEmpty(index) else { continue }
      if key == .start {
        item.start = try date(row, index)
        hasStart = true
        continue
      }
      if key == .end {
        endField = index
        continue
      }
      switch key {
      case .id:
        item.id = try text(row, index)
        if let problem = idProblem?(item.id) { throw failure(row, index, problem) }
      case .kind:
        guard let kind = try choice(row, index, Self.kinds) else {
          throw try unknown(row, index, "kind", ItemKind.allCases.map(\.rawValue))
        }
        item.kind = kind
      case .status:
        guard let status = try choice(row, index, Self.statuses) else {
          throw try unknown(row, index, "status", ItemStatus.allCases.map(\.rawValue))
        }
        item.status = status
      case .title: item.title = try text(row, index)
      case .subtitle: item.subtitle = try text(row, index)
      case .start, .end, .children: break
      case .statusLabel: item.statusLabel = try text(row, index)
      case .substatusLabel: item.substatusLabel = try text(row, index)
      case .description: item.description = try text(row, index)
      case .supportingText: item.supportingText = try text(row, index)
      case .attributes: item.attributes.append(try text(row, index))
      case .icon: item.icon = try text(row, index)
      case .statusIcon: item.statusIcon = try text(row, index)
      case .substatusIcon: item.substatusIcon = try text(row, index)
      case .priority:
        let number = row.withField(index) { Self.trimmed($0, JSONNumber.integer(utf8:)) }
        guard case .value(let priority) = number else {
          let text = try self.text(row, index)
          throw failure(
            row, index, "expected an integer for \"priority\", found \(text.quotedForMessage)")
        }
        item.priority = priority
      }
    }
    guard item.title.contains(where: { !$0.isWhitespace }) else {
      throw failure(row, header.columns.firstIndex(of: .title)!, "expected a non-empty \"title\"")
    }
    guard hasStart else {
      throw failure(row, header.columns.firstIndex(of: .start)!, "expected a date for \"start\"")
    }
    if let endField { item.end = try end(row, endField, after: item.start) }
    return item
  }

  private func text(_ row: CSVRow, _ index: Int) throws(DocumentError) -> String {
    try row.text(ofField: index, file: file)
  }

  private func date(_ row: CSVRow, _ index: Int) throws(DocumentError) -> TimelineDate {
    let zone = timeZone
    let outcome = row.withField(index) { bytes in
      Self.trimmed(bytes) { RFC3339.parse(utf8: $0, floatingIn: zone) }
    }
    switch outcome {
    case .success(let date): return date
    case .failure(let error): throw failure(row, index, error.description)
    }
  }

  private func end(
    _ row: CSVRow, _ index: Int, after start: TimelineDate
  ) throws(DocumentError) -> TimelineDate {
    let end = try date(row, index)
    if let problem = end.endProblem(after: start) {
      throw failure(row, index, problem)
    }
    return end
  }

  private func failure(_ row: CSVRow, _ index: Int, _ message: String) -> DocumentError {
    DocumentError(file: file, location: row.location(ofField: index), message: message)
  }

  private func unknown(
    _ row: CSVRow, _ index: Int, _ key: String, _ names: [String]
  ) throws(DocumentError) -> DocumentError {
    let text = try self.text(row, index)
    return failure(
      row, index,
      "unknown \(key) \(text.quotedForMessage); expected one of " + names.joined(separator: ", "))
  }

  static let kinds = ItemKind.allCases.map { (Array($0.rawValue.utf8), $0) }
  static let statuses = ItemStatus.allCases.map { (Array($0.rawValue.utf8), $0) }

  /// The value whose name field `index` spells (spaces around it ignored), if any.
  private func choice<Value>(
    _ row: CSVRow, _ index: Int, _ names: [([UInt8], Value)]
  ) throws(DocumentError) -> Value? {
    row.withField(index) { bytes in
      Self.trimmed(bytes) { name in names.first { $0.0.elementsEqual(name) }?.1 }
    }
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
