import Foundation

/// One object on the timeline: a task, event, meeting or marker (JSON format v1 `items[]`).
///
/// ```swift
/// let item = TimelineItem(
///   id: "t1", title: "Planned Downtime Period Identified",
///   start: .instant(date), status: .inProgress)
/// ```
public struct TimelineItem: Sendable, Hashable, Identifiable {
  // The stored properties are ordered to pack tightly, and the fields most items leave
  // empty live out of line (``Extras``): an item takes 128 bytes, not 232, which is most
  // of what reading or sorting a million items costs.

  /// Unique within the document.
  public var id: String
  /// Mandatory; wraps to 2 lines in a card (TL-2).
  public var title: String
  public var subtitle: String?
  /// The first entry of the status stack, e.g. "Active".
  public var statusLabel: String?
  public var start: TimelineDate
  /// The end of the item's interval; `nil` for a point object. An all-day end is inclusive.
  public var end: TimelineDate?
  /// Up to two are shown, one line each.
  public var attributes: [String]
  private var extras: Extras?
  /// Higher is more important.
  public var priority: Int?
  public var kind: ItemKind
  /// The state shown by the node. Markers ignore it.
  public var status: ItemStatus

  /// The second entry of the status stack, e.g. "High".
  public var substatusLabel: String? {
    get { extras?.fields.substatusLabel }
    set { updateExtras { $0.substatusLabel = newValue } }
  }
  public var description: String? {
    get { extras?.fields.description }
    set { updateExtras { $0.description = newValue } }
  }
  /// The object's type, e.g. "Maintenance".
  public var supportingText: String? {
    get { extras?.fields.supportingText }
    set { updateExtras { $0.supportingText = newValue } }
  }
  /// A symbolic icon name shown under the timestamp.
  public var icon: String? {
    get { extras?.fields.icon }
    set { updateExtras { $0.icon = newValue } }
  }
  /// A symbolic icon beside the status label (the status image of seed 002), from the
  /// same set as ``icon``; it may stand without a label.
  public var statusIcon: String? {
    get { extras?.fields.statusIcon }
    set { updateExtras { $0.statusIcon = newValue } }
  }
  /// A symbolic icon beside the sub-status label (the sub-status image of seed 002).
  public var substatusIcon: String? {
    get { extras?.fields.substatusIcon }
    set { updateExtras { $0.substatusIcon = newValue } }
  }
  /// Child objects, one level deep.
  public var children: [TimelineItem] {
    get { extras?.fields.children ?? [] }
    set { updateExtras { $0.children = newValue } }
  }

  public init(
    id: String, kind: ItemKind = .event, title: String, subtitle: String? = nil,
    start: TimelineDate, end: TimelineDate? = nil, status: ItemStatus = .open,
    statusLabel: String? = nil, substatusLabel: String? = nil, description: String? = nil,
    supportingText: String? = nil, attributes: [String] = [], priority: Int? = nil,
    icon: String? = nil, statusIcon: String? = nil, substatusIcon: String? = nil,
    children: [TimelineItem] = []
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.subtitle = subtitle
    self.start = start
    self.end = end
    self.status = status
    self.statusLabel = statusLabel
    self.attributes = attributes
    self.priority = priority
    let fields = Extras.Fields(
      substatusLabel: substatusLabel, description: description, supportingText: supportingText,
      icon: icon, statusIcon: statusIcon, substatusIcon: substatusIcon, children: children)
    extras = fields.isEmpty ? nil : Extras(fields)
  }

  /// Adds `child` after the item's children, in place: `children.append(_:)` through the
  /// property copies every child there is first, so a long list built that way costs the
  /// square of its length.
  public mutating func appendChild(_ child: TimelineItem) {
    updateExtras { $0.children.append(child) }
  }

  /// Changes the rarely given fields in place when this item holds the only reference to
  /// them, in a copy otherwise; drops the box when they are all empty again.
  private mutating func updateExtras(_ change: (inout Extras.Fields) -> Void) {
    if extras != nil, isKnownUniquelyReferenced(&extras) {
      change(&extras!.fields)
      if extras!.fields.isEmpty { extras = nil }
    } else {
      var fields = extras?.fields ?? Extras.Fields()
      change(&fields)
      extras = fields.isEmpty ? nil : Extras(fields)
    }
  }

  /// The rarely given fields, boxed (one reference, `nil` when all are empty, so that equal
  /// items compare and hash equal however they were built). Copy-on-write: a box is
  /// changed only through ``updateExtras(_:)`` while uniquely referenced, so it is never
  /// changed while shared, which is what makes it `Sendable`.
  private final class Extras: @unchecked Sendable, Hashable {
    struct Fields: Sendable, Hashable {
      var substatusLabel: String?
      var description: String?
      var supportingText: String?
      var icon: String?
      var statusIcon: String?
      var substatusIcon: String?
      var children: [TimelineItem] = []

      var isEmpty: Bool {
        substatusLabel == nil && description == nil && supportingText == nil && icon == nil
          && statusIcon == nil && substatusIcon == nil && children.isEmpty
      }
    }

    var fields: Fields

    init(_ fields: Fields) { self.fields = fields }

    static func == (lhs: Extras, rhs: Extras) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }
}
