import Foundation
import TimelineCore

/// Writes a document's top-level items as CSV (SPEC IO-3): a header row naming the JSON
/// keys, one row per item, `attributes` repeated as often as the longest list needs, so
/// that ``CSVReader`` reads back the same items. Children have no place in CSV and are left
/// out. Fields holding a comma, quote, line break or edge spaces are quoted (RFC 4180).
///
/// ```swift
/// let csv = CSVWriter.string(document)
/// ```
public enum CSVWriter {
  static let leading = ["id", "kind", "title", "subtitle", "start", "end", "status"]
  static let trailing = ["priority", "icon", "statusIcon", "substatusIcon"]

  /// The CSV text of `document`; instants with the offset of its zone.
  public static func string(_ document: TimelineDocument) -> String {
    let attributeColumns = document.items.map(\.attributes.count).max() ?? 0
    var output = header(attributeColumns: attributeColumns)
    for item in document.items {
      output += row(item, zone: document.timeZone, attributeColumns: attributeColumns)
    }
    return output
  }

  /// The header row, with `attributeColumns` columns for attributes (the longest list's).
  public static func header(attributeColumns: Int) -> String {
    let names =
      leading + ["statusLabel", "substatusLabel", "description", "supportingText"]
      + Array(repeating: "attributes", count: attributeColumns) + trailing
    return names.joined(separator: ",") + "\r\n"
  }

  /// One item's row; instants with the offset of `zone`.
  public static func row(_ item: TimelineItem, zone: TimeZone, attributeColumns: Int) -> String {
    var fields: [String] = [
      item.id, item.kind.rawValue, item.title, item.subtitle ?? "",
      RFC3339.string(item.start, in: zone), item.end.map { RFC3339.string($0, in: zone) } ?? "",
      item.status.rawValue, item.statusLabel ?? "", item.substatusLabel ?? "",
      item.description ?? "", item.supportingText ?? "",
    ]
    for index in 0..<attributeColumns {
      fields.append(index < item.attributes.count ? item.attributes[index] : "")
    }
    fields += [
      item.priority.map(String.init) ?? "", item.icon ?? "", item.statusIcon ?? "",
      item.substatusIcon ?? "",
    ]
    return fields.map(quoted).joined(separator: ",") + "\r\n"
  }

  static func quoted(_ field: String) -> String {
    let needsQuotes =
      field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
      || field.first == " " || field.last == " "
    guard needsQuotes else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
