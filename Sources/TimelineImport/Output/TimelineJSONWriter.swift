import Foundation
import TimelineCore

/// Writes a `TimelineDocument` as JSON format version 1 (SPEC IO-1), one item per line,
/// so that ``TimelineJSONReader`` reads back the same document.
///
/// Defaults are left out (kind `event`, status `open`, absent texts, empty lists). Instants
/// are written with the offset of the document's zone; all-day dates as `YYYY-MM-DD`. Every
/// string is escaped (quotes, backslashes, control characters, U+2028 and U+2029).
///
/// ```swift
/// let json = TimelineJSONWriter.string(document)
/// try TimelineJSONReader.read(text: json, file: "copy.json") == document  // true
/// ```
public enum TimelineJSONWriter {
  /// The JSON text of `document`: its head, each item, the feed if it has one, the end.
  public static func string(_ document: TimelineDocument) -> String {
    var text = ""
    writeHead(document, to: &text)
    for (index, item) in document.items.enumerated() {
      writeItem(item, first: index == 0, zone: document.timeZone, to: &text)
    }
    writeItemsEnd(empty: document.items.isEmpty, to: &text)
    if let feed = document.cards {
      writeFeedStart(feed, to: &text)
      for (index, entry) in feed.entries.enumerated() {
        writeCard(entry, first: index == 0, zone: document.timeZone, to: &text)
      }
      writeFeedEnd(empty: feed.entries.isEmpty, to: &text)
    }
    writeEnd(to: &text)
    return text
  }

  /// The document's members before its items, up to `"items": [` (a writer that streams
  /// items from a database writes this, each item, then the tail).
  public static func writeHead(_ document: TimelineDocument, to output: inout some TextOutputStream)
  {
    output.write("{\n  \"version\": \(TimelineDocument.currentVersion),\n")
    if let title = document.title { output.write("  \"title\": \(JSONString.quoted(title)),\n") }
    output.write("  \"timeZone\": \(JSONString.quoted(document.timeZone.identifier)),\n")
    output.write("  \"headerUnit\": \(JSONString.quoted(document.headerUnit.rawValue)),\n")
    output.write("  \"items\": [")
  }

  /// One element of `items`, after the head or the item before.
  public static func writeItem(
    _ item: TimelineItem, first: Bool, zone: TimeZone, to output: inout some TextOutputStream
  ) {
    output.write(first ? "\n    " : ",\n    ")
    write(item, zone: zone, indent: "    ", to: &output)
  }

  /// The end of `items`; the feed (``writeFeedStart(_:to:)``) may follow, then the end.
  public static func writeItemsEnd(empty: Bool, to output: inout some TextOutputStream) {
    output.write(empty ? "]" : "\n  ]")
  }

  public static func writeEnd(to output: inout some TextOutputStream) {
    output.write("\n}\n")
  }

  /// The feed's spacing (`feed`) and the start of `cards` (CARD-5), after the items; each
  /// card follows (``writeCard(_:first:zone:to:)``), then ``writeFeedEnd(empty:to:)``.
  public static func writeFeedStart(_ feed: CardFeed, to output: inout some TextOutputStream) {
    output.write(
      ",\n  \"feed\": {\"paddingBetweenCards\": \(number(feed.paddingBetweenCards)), "
        + "\"topMargin\": \(number(feed.topMargin)), "
        + "\"bottomMargin\": \(number(feed.bottomMargin))},\n  \"cards\": [")
  }

  public static func writeFeedEnd(empty: Bool, to output: inout some TextOutputStream) {
    output.write(empty ? "]" : "\n  ]")
  }

  /// One element of `cards`, as ``TimelineJSONReader`` reads it back: the feed header's
  /// `title` and `subtitle`, `header`, `footer`, the `appearance` where it is not the
  /// default, and `items` (a group is an item with `children`).
  public static func writeCard(
    _ entry: CardFeed.Entry, first: Bool, zone: TimeZone, to output: inout some TextOutputStream
  ) {
    var fields = members([("title", entry.header?.title), ("subtitle", entry.header?.subtitle)])
    for (key, chrome) in [("header", entry.card.header), ("footer", entry.card.footer)] {
      guard let chrome else { continue }
      let parts = members([
        ("title", chrome.title), ("subtitle", chrome.subtitle), ("content", chrome.content),
      ])
      fields.append("\"\(key)\": {" + parts.joined(separator: ", ") + "}")
    }
    let look = appearance(entry.card.appearance)
    if !look.isEmpty { fields.append("\"appearance\": {" + look.joined(separator: ", ") + "}") }
    let items = entry.card.elements.map { element in
      var text = "{" + cardItem(element.item, zone: zone)
      let children = element.children.map { "{" + cardItem($0, zone: zone) + "}" }
      if !children.isEmpty { text += ", \"children\": [" + children.joined(separator: ", ") + "]" }
      return text + "}"
    }
    fields.append("\"items\": [" + items.joined(separator: ", ") + "]")
    output.write((first ? "\n    {" : ",\n    {") + fields.joined(separator: ", ") + "}")
  }

  /// The members of a card item, without braces.
  private static func cardItem(_ item: CardItem, zone: TimeZone) -> String {
    members([
      ("title", item.title), ("subtitle", item.subtitle), ("icon", item.icon),
      ("content", item.content), ("start", item.date.map { RFC3339.string($0, in: zone) }),
      ("status", item.status?.rawValue),
    ]).joined(separator: ", ")
  }

  /// The members of an appearance that differ from the default.
  private static func appearance(_ look: CardAppearance) -> [String] {
    let standard = CardAppearance.standard
    var fields = members([
      ("background", look.background?.hex), ("borderColor", look.borderColor?.hex),
      ("lineColor", look.lineColor?.hex),
    ])
    let numbers: [(String, KeyPath<CardAppearance, Double>)] = [
      ("borderWidth", \.borderWidth), ("cornerRadius", \.cornerRadius),
      ("itemShapeSize", \.itemShapeSize), ("pathWidth", \.pathWidth),
    ]
    for (key, path) in numbers where look[keyPath: path] != standard[keyPath: path] {
      fields.append("\"\(key)\": " + number(look[keyPath: path]))
    }
    if look.itemShape != standard.itemShape {
      fields.append("\"itemShape\": " + JSONString.quoted(look.itemShape.rawValue))
    }
    if look.margins != standard.margins {
      let margins = [look.margins.top, look.margins.right, look.margins.bottom, look.margins.left]
      fields.append("\"margins\": [" + margins.map(number).joined(separator: ", ") + "]")
    }
    return fields
  }

  /// A number as JSON: whole numbers without a fraction.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// One item's JSON text as it stands in a document's `items`, instants with `zone`'s offset.
  public static func string(_ item: TimelineItem, in zone: TimeZone) -> String {
    var text = ""
    write(item, zone: zone, indent: "", to: &text)
    return text
  }

  private static func write(
    _ item: TimelineItem, zone: TimeZone, indent: String, to output: inout some TextOutputStream
  ) {
    var fields = members([
      ("id", item.id), ("kind", item.kind == .event ? nil : item.kind.rawValue),
      ("title", item.title), ("subtitle", item.subtitle),
      ("start", RFC3339.string(item.start, in: zone)),
      ("end", item.end.map { RFC3339.string($0, in: zone) }),
      ("status", item.status == .open ? nil : item.status.rawValue),
      ("statusLabel", item.statusLabel), ("substatusLabel", item.substatusLabel),
      ("description", item.description), ("supportingText", item.supportingText),
    ])
    if !item.attributes.isEmpty {
      let attributes = item.attributes.map(JSONString.quoted).joined(separator: ", ")
      fields.append("\"attributes\": [" + attributes + "]")
    }
    if let priority = item.priority { fields.append("\"priority\": \(priority)") }
    fields += members([
      ("icon", item.icon), ("statusIcon", item.statusIcon), ("substatusIcon", item.substatusIcon),
    ])
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

  /// A `"key": "value"` member for each pair whose value is there, in order.
  private static func members(_ pairs: [(String, String?)]) -> [String] {
    pairs.compactMap { key, value in value.map { "\"\(key)\": " + JSONString.quoted($0) } }
  }
}
