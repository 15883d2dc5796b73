import Foundation
import TimelineCore

/// Maps a parsed JSON value onto a ``TimelineDocument`` following format version 1,
/// turning every mismatch into a ``DocumentError`` at the offending value.
final class TimelineJSONMapper {
  /// The input, to resolve offsets to lines and columns.
  let text: UnsafeBufferPointer<UInt8>
  /// The parsed input, kept alive because it holds `text`; `nil` while the text is parsed.
  private let source: JSONTape?
  let file: String
  /// The zone for floating date-times; resolved before any item is read.
  var timeZone = TimelineDocument().timeZone
  /// Every explicit item id and the offset of its value, to keep ids unique.
  var explicitIDs: [String: Int] = [:]
  /// The feed's cards, checked while the text was parsed, when only a page of them is kept.
  var page: CardsPage?
  /// See ``ImportOptions/idProblem``.
  var idProblem: (@Sendable (String) -> String?)?

  init(valuesOf value: JSONValue, file: String) {
    source = value.tape
    text = value.tape.text
    self.file = file
  }

  /// A mapper of values of `text` while it is parsed; `text` must outlive it.
  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    source = nil
    self.text = text
    self.file = file
  }

  func document(from root: JSONValue) throws(DocumentError) -> TimelineDocument {
    guard let members = root.members else {
      throw failure(at: root, "expected an object at the top level, found \(root.typeName)")
    }
    var fields: [String: JSONValue] = [:]
    for member in members where !member.value.isNull { fields[member.key] = member.value }

    if let version = fields["version"] {
      guard let text = version.numberText else {
        throw mismatch(version, expected: "an integer", for: "version")
      }
      guard case .value(TimelineDocument.currentVersion) = JSONNumber.integer(text) else {
        throw failure(
          at: version, "unsupported version \(text); expected \(TimelineDocument.currentVersion)")
      }
    }
    var document = TimelineDocument()
    if let zone = fields["timeZone"] {
      let identifier = try string(zone, for: "timeZone")
      guard let named = TimeZone(identifier: identifier) else {
        throw failure(
          at: zone,
          "unknown time zone \(identifier.quotedForMessage); "
            + "expected an IANA identifier such as \"Europe/Berlin\"")
      }
      timeZone = named
      document.timeZone = named
    }
    if let title = fields["title"] { document.title = try string(title, for: "title") }
    if let unit = fields["headerUnit"] {
      document.headerUnit = try choice(
        unit, for: "headerUnit", among: HeaderUnit.allCases.map(\.rawValue),
        HeaderUnit.init(rawValue:))
    }
    if let cards = fields["cards"] { document.cards = try self.cards(cards) }
    if let feed = fields["feed"] {
      guard document.cards != nil else {
        throw failure(at: feed, "\"feed\" sets the spacing of \"cards\", which is missing")
      }
      try spacing(feed, of: &document.cards!)
    }
    if let items = fields["items"] {
      document.items = try self.items(in: items, key: "items", nested: false)
    } else if document.cards == nil {
      throw failure(at: root, missingKey: "items")
    }
    assignGeneratedIDs(to: &document.items)
    return document
  }

  /// Gives every item without an explicit id the next free `item-N`, in document order.
  func assignGeneratedIDs(to items: inout [TimelineItem]) {
    var counter = 0
    func nextID() -> String {
      while true {
        counter += 1
        let candidate = "item-\(counter)"
        if explicitIDs[candidate] == nil { return candidate }
      }
    }
    for index in items.indices {
      if items[index].id.isEmpty { items[index].id = nextID() }
      for child in items[index].children.indices where items[index].children[child].id.isEmpty {
        items[index].children[child].id = nextID()
      }
    }
  }
}
