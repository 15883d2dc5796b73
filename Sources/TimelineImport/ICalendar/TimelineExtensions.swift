import TimelineCore

/// The model's fields that iCalendar has no property for, written as `X-TIMELINE-*`
/// properties so that a document survives a round trip through iCalendar. When present
/// they win over what the standard properties imply (see ``ItemFactory``).
struct TimelineExtensions: Hashable {
  /// The text fields taken as they are, by their names after `X-TIMELINE-` (the names
  /// ``ICalendarWriter`` writes them under).
  static var textFields: [(name: String, field: WritableKeyPath<TimelineItem, String?>)] {
    [
      ("SUBTITLE", \.subtitle), ("STATUS-LABEL", \.statusLabel),
      ("SUBSTATUS-LABEL", \.substatusLabel), ("ICON", \.icon),
      ("STATUS-ICON", \.statusIcon), ("SUBSTATUS-ICON", \.substatusIcon),
    ]
  }

  var kind: ItemKind?
  var status: ItemStatus?
  var supportingText: String?
  var attributes: [String]?
  var priority: Int?
  /// The values of ``textFields`` given, by name.
  var texts: [String: String] = [:]

  /// Takes the `X-TIMELINE-*` property `name` (upper-case, after `X-TIMELINE-`) with the
  /// raw `value`; returns `false` if the value is not valid for it.
  mutating func take(_ name: String, value: UnsafeBufferPointer<UInt8>) -> Bool {
    let text = ICalendarText.decode(value)
    switch name {
    case "KIND":
      guard let kind = ItemKind(rawValue: text) else { return false }
      self.kind = kind
    case "STATUS":
      guard let status = ItemStatus(rawValue: text) else { return false }
      self.status = status
    case "SUPPORTING-TEXT": supportingText = text
    case "ATTRIBUTE": attributes = (attributes ?? []) + [text]
    case "PRIORITY":
      guard let priority = ICalendarValueParser.integer(value) else { return false }
      self.priority = priority
    default:
      if Self.textFields.contains(where: { $0.name == name }) { texts[name] = text }
    }
    return true
  }
}
