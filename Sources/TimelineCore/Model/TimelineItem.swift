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
  private var extras: Extras
  /// Higher is more important.
  public var priority: Int?
  public var kind: ItemKind
  /// The state shown by the node. Markers ignore it.
  public var status: ItemStatus

  /// The second entry of the status stack, e.g. "High".
  public var substatusLabel: String? {
    get { extras.fields?.substatusLabel }
    set { extras.update { $0.substatusLabel = newValue } }
  }
  public var description: String? {
    get { extras.fields?.description }
    set { extras.update { $0.description = newValue } }
  }
  /// The object's type, e.g. "Maintenance".
  public var supportingText: String? {
    get { extras.fields?.supportingText }
    set { extras.update { $0.supportingText = newValue } }
  }
  /// A symbolic icon name shown under the timestamp.
  public var icon: String? {
    get { extras.fields?.icon }
    set { extras.update { $0.icon = newValue } }
  }
  /// Child objects, one level deep.
  public var children: [TimelineItem] {
    get { extras.fields?.children ?? [] }
    set { extras.update { $0.children = newValue } }
  }

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
    self.attributes = attributes
    self.priority = priority
    extras = Extras(
      Extras.Fields(
        substatusLabel: substatusLabel, description: description,
        supportingText: supportingText, icon: icon, children: children))
  }

  /// The rarely given fields, boxed (one reference) and absent when all are empty, so that
  /// equal items compare and hash equal however they were built.
  private indirect enum Extras: Sendable, Hashable {
    case none
    case some(Fields)

    struct Fields: Sendable, Hashable {
      var substatusLabel: String?
      var description: String?
      var supportingText: String?
      var icon: String?
      var children: [TimelineItem] = []

      var isEmpty: Bool {
        substatusLabel == nil && description == nil && supportingText == nil && icon == nil
          && children.isEmpty
      }
    }

    init(_ fields: Fields) { self = fields.isEmpty ? .none : .some(fields) }

    var fields: Fields? {
      if case .some(let fields) = self { return fields }
      return nil
    }

    mutating func update(_ change: (inout Fields) -> Void) {
      var fields = self.fields ?? Fields()
      change(&fields)
      self = Extras(fields)
    }
  }
}
