import TimelineCore

/// The model's fields that iCalendar has no property for, written as `X-TIMELINE-*`
/// properties so that a document survives a round trip through iCalendar.
///
/// When present they win over what the standard properties imply (for example
/// `X-TIMELINE-STATUS` over `STATUS`, `X-TIMELINE-ATTRIBUTE` over `LOCATION`).
///
/// ```swift
/// // X-TIMELINE-SUBTITLE:Work Package
/// // X-TIMELINE-ATTRIBUTE:Line 4
/// // X-TIMELINE-ATTRIBUTE:2 h
/// ```
struct TimelineExtensions: Hashable {
  var kind: ItemKind?
  var status: ItemStatus?
  var subtitle: String?
  var statusLabel: String?
  var substatusLabel: String?
  var supportingText: String?
  var attributes: [String]?
  var icon: String?
  var statusIcon: String?
  var substatusIcon: String?
  var priority: Int?

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
    case "SUBTITLE": subtitle = text
    case "STATUS-LABEL": statusLabel = text
    case "SUBSTATUS-LABEL": substatusLabel = text
    case "SUPPORTING-TEXT": supportingText = text
    case "ATTRIBUTE": attributes = (attributes ?? []) + [text]
    case "ICON": icon = text
    case "STATUS-ICON": statusIcon = text
    case "SUBSTATUS-ICON": substatusIcon = text
    case "PRIORITY":
      guard let priority = ICalendarValueParser.integer(value) else { return false }
      self.priority = priority
    default: break
    }
    return true
  }
}
