import Foundation

/// One object on the timeline: a task, event, meeting or marker (JSON format v1 `items[]`).
///
/// ```swift
/// let item = TimelineItem(
///   id: "t1", title: "Planned Downtime Period Identified",
///   start: .instant(date), status: .inProgress)
/// ```
public struct TimelineItem: Sendable, Hashable, Identifiable {
  /// Unique within the document.
  public var id: String
  public var kind: ItemKind
  /// Mandatory; wraps to 2 lines in a card (TL-2).
  public var title: String
  public var subtitle: String?
  public var start: TimelineDate
  /// The end of the item's interval; `nil` for a point object. An all-day end is inclusive.
  public var end: TimelineDate?
  /// The state shown by the node. Markers ignore it.
  public var status: ItemStatus
  /// The first entry of the status stack, e.g. "Active".
  public var statusLabel: String?
  /// The second entry of the status stack, e.g. "High".
  public var substatusLabel: String?
  public var description: String?
  /// The object's type, e.g. "Maintenance".
  public var supportingText: String?
  /// Up to two are shown, one line each.
  public var attributes: [String]
  /// Higher is more important.
  public var priority: Int?
  /// A symbolic icon name shown under the timestamp.
  public var icon: String?
  /// Child objects, one level deep.
  public var children: [TimelineItem]

  public init(
    id: String, kind: ItemKind = .event, title: String, subtitle: String? = nil,
    start: TimelineDate, end: TimelineDate? = nil, status: ItemStatus = .open,
    statusLabel: String? = nil, substatusLabel: String? = nil, description: String? = nil,
    supportingText: String? = nil, attributes: [String] = [], priority: Int? = nil,
    icon: String? = nil, children: [TimelineItem] = []
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.subtitle = subtitle
    self.start = start
    self.end = end
    self.status = status
    self.statusLabel = statusLabel
    self.substatusLabel = substatusLabel
    self.description = description
    self.supportingText = supportingText
    self.attributes = attributes
    self.priority = priority
    self.icon = icon
    self.children = children
  }
}
