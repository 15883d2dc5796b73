import Foundation

/// One row of a timeline, ready to draw: everything a renderer needs, decided by the core.
public struct TimelineRow: Sendable, Hashable, Identifiable {
  /// Zero-based position in the presentation.
  public var index: Int
  /// The row's place in the whole timeline (0-based): `index` plus the window's offset.
  public var position: Int
  public var id: String
  public var kind: ItemKind
  public var tense: Tense
  public var node: Node
  public var lines: LineSegments
  /// Whether this row's card shows the selected background (TL-8).
  public var isSelected: Bool
  /// The timestamp column's text; may hold a line break ("Nov 21\n9:45 AM").
  public var timestamp: String
  /// The first instant (for all-day rows, the start of the day in the timeline's zone).
  public var start: Date
  /// The timestamp on one line, as it is spoken ("Nov 21 9:45 AM").
  public var spokenTimestamp: String { Self.spoken(timestamp) }
  /// The start in machine-readable form: RFC 3339 date-time, or `YYYY-MM-DD` for all-day.
  public var dateTime: String
  /// A symbolic icon under the timestamp.
  public var icon: String?
  public var title: String
  public var subtitle: String?
  public var description: String?
  public var supportingText: String?
  /// The status stack (TL-2, seed 002): the status, then the sub-status, each a label, an
  /// icon or both; a line with neither is left out, so there are at most two.
  public var statusStack: [StatusLine]
  /// The labels of the status stack.
  public var statuses: [String] { statusStack.compactMap(\.label) }

  /// The status stack as a renderer that draws the icons `drawn` says it has draws it: an
  /// icon it cannot draw is left out, and a line left with nothing goes.
  public func statusStack(drawing drawn: (String) -> Bool) -> [StatusLine] {
    statusStack.compactMap { line in
      guard let icon = line.icon, !drawn(icon) else { return line }
      return line.label.map { StatusLine(label: $0, icon: nil) }
    }
  }
  /// At most two attributes, one line each (TL-2).
  public var attributes: [String]
  public var priority: Int?
  /// The number of child objects (shown on the detail page, not in the card).
  public var childCount: Int
  /// The status the accessibility label speaks (``TimelineStrings/spokenStatus(label:substatus:node:)``).
  public var spokenStatus: String
  /// "Item i of n, time, status, title" (A11Y-1).
  public var accessibilityLabel: String
  /// The section the row belongs to.
  public var sectionIndex: Int

  /// Whether this is a marker row (start, end, inactive, early end).
  public var isMarker: Bool { kind.isMarker }
  /// Marker rows are not selectable (TL-7); every other row drills down (TL-8).
  public var isSelectable: Bool { !isMarker }
  /// Current cards get the highlighted background (TL-4).
  public var isHighlighted: Bool { tense == .current && !isMarker }
  /// A current row's timestamp is encircled: the today marker (TL-4).
  public var showsTodayMarker: Bool { Self.showsTodayMarker(tense) }

  /// Whether a row of `tense` shows the today marker (TL-4): the one rule, also for
  /// renderers that size a column without making rows.
  public static func showsTodayMarker(_ tense: Tense) -> Bool { tense == .current }
  /// The tone of the row's tense (TL-4): the tone its lines are drawn in.
  public var tone: LineTone { LineTone(tense) }
  /// The tone of the node: the tense's, but accent for a completed node in every tense
  /// (TL-5, ``LineTone/init(node:tense:)``).
  public var nodeTone: LineTone { LineTone(node: node, tense: tense) }

  static func spoken(_ timestamp: String) -> String {
    timestamp.utf8.contains(10) ? String(timestamp.map { $0 == "\n" ? " " : $0 }) : timestamp
  }

  /// How many lines of each text a card shows before truncating with an ellipsis (TL-2).
  public static let lineLimits = LineLimits(title: 2, description: 3, attribute: 1)

  /// The row as the timeline cell or marker cell of seed 002 (CELL-1, CELL-2).
  public var content: Content {
    if isMarker {
      return .marker(
        MarkerCell(
          title: title, node: node, eventText: timestamp,
          showsLeadingLine: lines.leading != nil, showsTrailingLine: lines.trailing != nil))
    }
    return .cell(
      TimelineCell(
        headline: title, subheadline: subtitle, eventText: timestamp, eventImage: icon,
        node: node, status: statusStack.first?.label,
        statusImage: statusStack.first?.icon,
        substatus: statusStack.dropFirst().first?.label,
        substatusImage: statusStack.dropFirst().first?.icon,
        attribute: attributes.first, subattribute: attributes.dropFirst().first,
        isSelectable: true))
  }

  /// A row is drawn as one of the two cells of seed 002.
  public enum Content: Sendable, Hashable {
    case cell(TimelineCell)
    case marker(MarkerCell)
  }
}

/// One line of a row's status stack: a label, a symbolic icon (the event icon set, TL-13),
/// or both.
public struct StatusLine: Sendable, Hashable {
  public var label: String?
  public var icon: String?

  public init(label: String?, icon: String?) {
    self.label = label
    self.icon = icon
  }

  /// The stack of `status` and `substatus` lines, each given by a label, an icon or both
  /// (an empty icon name is none).
  public static func stack(
    status: String?, statusIcon: String?, substatus: String?, substatusIcon: String?
  ) -> [StatusLine] {
    func icon(_ name: String?) -> String? { name?.isEmpty == true ? nil : name }
    return [
      StatusLine(label: status, icon: icon(statusIcon)),
      StatusLine(label: substatus, icon: icon(substatusIcon)),
    ]
    .filter { $0.label != nil || $0.icon != nil }
  }
}

/// Line limits per text of a card.
public struct LineLimits: Sendable, Hashable {
  public var title: Int
  public var description: Int
  public var attribute: Int

  public init(title: Int, description: Int, attribute: Int) {
    self.title = title
    self.description = description
    self.attribute = attribute
  }
}

/// The selectable timeline cell (CELL-1).
public struct TimelineCell: Sendable, Hashable {
  public var headline: String
  public var subheadline: String?
  public var eventText: String
  public var eventImage: String?
  public var node: Node
  public var status: String?
  public var statusImage: String?
  public var substatus: String?
  public var substatusImage: String?
  public var attribute: String?
  public var subattribute: String?
  public var isSelectable: Bool
}

/// The non-selectable marker cell (CELL-2).
public struct MarkerCell: Sendable, Hashable {
  public var title: String
  public var node: Node
  public var eventText: String
  public var showsLeadingLine: Bool
  public var showsTrailingLine: Bool
}
