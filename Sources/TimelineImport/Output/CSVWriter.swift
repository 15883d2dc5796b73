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
    // The keys in the order of their declaration, which is the order of `row`'s fields.
    let names = ItemKey.allCases.filter { $0 != .children }.flatMap { key in
      Array(repeating: key.rawValue, count: key == .attributes ? attributeColumns : 1)
    }
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
    fields += (0..<attributeColumns).map { $0 < item.attributes.count ? item.attributes[$0] : "" }
    fields += [
      item.priority.map(String.init) ?? "", item.icon ?? "", item.statusIcon ?? "",
      item.substatusIcon ?? "",
    ]
    return fields.map(quoted).joined(separator: ",") + "\r\n"
  }

  /// `field` as it is, or quoted with its quotes doubled when it holds a comma, a quote or a
  /// line break or starts or ends with a space. Bytes are looked at, not characters: in a
  /// `String`, "\r\n" is one `Character`, and so is a quote followed by a combining mark.
  static func quoted(_ field: String) -> String {
    let utf8 = field.utf8
    let needsQuotes =
      utf8.contains { $0 == UInt8(ascii: ",") || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
      || utf8.first == 0x20 || utf8.last == 0x20
    guard needsQuotes else { return field }
    var bytes: [UInt8] = [0x22]
    for byte in utf8 {
      bytes.append(byte)
      if byte == 0x22 { bytes.append(0x22) }
    }
    bytes.append(0x22)
    return String(decoding: bytes, as: UTF8.self)
  }
}
