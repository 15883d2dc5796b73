import Foundation
import TimelineCore

/// Writes a `TimelineDocument` as JSON format version 1 (SPEC IO-1), one item per line,
/// so that ``TimelineJSONReader`` reads back the same document.
///
/// Defaults are left out (kind `event`, status `open`, absent texts, empty lists).
/// Instants are written with the offset of the document's zone; all-day dates as
/// `YYYY-MM-DD`. Every string is escaped (quotes, backslashes, control characters,
/// U+2028 and U+2029).
///
/// ```swift
/// var json = ""
/// TimelineJSONWriter.write(document, to: &json)
/// try TimelineJSONReader.read(text: json, file: "copy.json") == document  // true
/// ```
public enum TimelineJSONWriter {
  /// Writes `document` to `output`.
  public static func write(_ document: TimelineDocument, to output: inout some TextOutputStream) {
    writeHead(document, to: &output)
    for (index, item) in document.items.enumerated() {
      writeItem(item, first: index == 0, zone: document.timeZone, to: &output)
    }
    writeTail(empty: document.items.isEmpty, to: &output)
  }

  /// The document's members before its items, up to `"items": [` (a writer that streams
  /// items from a database writes this, each item, then the tail).
  public static func writeHead(_ document: TimelineDocument, to output: inout some TextOutputStream)
  {
    output.write("{\n  \"version\": \(TimelineDocument.currentVersion),\n")
    if let title = document.title { output.write("  \"title\": \(quoted(title)),\n") }
    output.write("  \"timeZone\": \(quoted(document.timeZone.identifier)),\n")
    output.write("  \"headerUnit\": \(quoted(document.headerUnit.rawValue)),\n")
    output.write("  \"items\": [")
  }

  /// One element of `items`, after the head or the item before.
  public static func writeItem(
    _ item: TimelineItem, first: Bool, zone: TimeZone, to output: inout some TextOutputStream
  ) {
    output.write(first ? "\n    " : ",\n    ")
    write(item, zone: zone, indent: "    ", to: &output)
  }

  /// The end of `items` and of the document; `cards` (JSON text) as the last member.
  public static func writeTail(
    empty: Bool, cards: String? = nil, to output: inout some TextOutputStream
  ) {
    output.write(empty ? "]" : "\n  ]")
    if let cards { output.write(",\n  \"cards\": " + cards) }
    output.write("\n}\n")
  }

  /// The JSON text of `document`.
  public static func string(_ document: TimelineDocument) -> String {
    var text = ""
    write(document, to: &text)
    return text
  }

  /// The JSON text of one item, as it stands in a document's `items` (instants with the
  /// offset of `zone`).
  public static func string(_ item: TimelineItem, in zone: TimeZone) -> String {
    var text = ""
    write(item, zone: zone, indent: "", to: &text)
    return text
  }

  private static func write(
    _ item: TimelineItem, zone: TimeZone, indent: String, to output: inout some TextOutputStream
  ) {
    var fields: [String] = ["\"id\": " + quoted(item.id)]
    if item.kind != .event { fields.append("\"kind\": " + quoted(item.kind.rawValue)) }
    fields.append("\"title\": " + quoted(item.title))
    if let subtitle = item.subtitle { fields.append("\"subtitle\": " + quoted(subtitle)) }
    fields.append("\"start\": " + quoted(RFC3339.string(item.start, in: zone)))
    if let end = item.end { fields.append("\"end\": " + quoted(RFC3339.string(end, in: zone))) }
    if item.status != .open { fields.append("\"status\": " + quoted(item.status.rawValue)) }
    let texts: [(String, String?)] = [
      ("statusLabel", item.statusLabel), ("substatusLabel", item.substatusLabel),
      ("description", item.description), ("supportingText", item.supportingText),
    ]
    for case (let key, let value?) in texts { fields.append("\"\(key)\": " + quoted(value)) }
    if !item.attributes.isEmpty {
      fields.append("\"attributes\": [" + item.attributes.map(quoted).joined(separator: ", ") + "]")
    }
    if let priority = item.priority { fields.append("\"priority\": \(priority)") }
    let icons: [(String, String?)] = [
      ("icon", item.icon), ("statusIcon", item.statusIcon), ("substatusIcon", item.substatusIcon),
    ]
    for case (let key, let value?) in icons { fields.append("\"\(key)\": " + quoted(value)) }
    output.write("{" + fields.joined(separator: ", "))
    if !item.children.isEmpty {
      output.write(", \"children\": [")
      for (index, child) in item.children.enumerated() {
        output.write(index == 0 ? "\n" + indent + "  " : ",\n" + indent + "  ")
        write(child, zone: zone, indent: indent + "  ", to: &output)
      }
      output.write("\n" + indent + "]")
    }
    output.write("}")
  }

  /// `value` as a JSON string literal.
  static func quoted(_ value: String) -> String { JSONString.quoted(value) }
}
