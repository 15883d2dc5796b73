/// The node drawn on the timeline axis for a row (TL-5). A closed set: the JSON contract
/// names exactly these.
///
/// Events take their node from their status; markers from their kind. Every node differs
/// from every other by shape or icon, never by color alone.
public enum Node: UInt8, Sendable, Hashable, CaseIterable, Codable {
  case open, inProgress, completed, empty, start, end, inactive, earlyEnd

  /// The node of an item of `kind` in `status`.
  public init(kind: ItemKind, status: ItemStatus) {
    switch kind {
    case .event:
      switch status.representation {
      case .open: self = .open
      case .inProgress: self = .inProgress
      case .completed: self = .completed
      case .empty: self = .empty
      }
    case .start: self = .start
    case .end: self = .end
    case .inactive: self = .inactive
    case .earlyEnd: self = .earlyEnd
    }
  }

  /// Where the node's rows come when sorted by status, ascending (SORT-4: open first, then
  /// in progress, completed, empty, then the markers).
  public var statusRank: Int { Int(rawValue) }

  /// Every node in status order, which a page's script sorts by.
  public static let statusOrder = allCases.sorted { $0.statusRank < $1.statusRank }

  /// The identifier used in presentation JSON.
  public var name: String {
    switch self {
    case .open: "open"
    case .inProgress: "inProgress"
    case .completed: "completed"
    case .empty: "empty"
    case .start: "start"
    case .end: "end"
    case .inactive: "inactive"
    case .earlyEnd: "earlyEnd"
    }
  }

  /// The outline a renderer draws.
  public var shape: Shape {
    switch self {
    case .start, .end: .diamond
    case .inactive, .earlyEnd: .square
    default: .circle
    }
  }

  /// The glyph inside the outline.
  public var icon: Icon {
    switch self {
    case .open: .none
    case .inProgress: .ellipsis
    case .completed: .checkmark
    case .empty: .none
    case .start, .end: .none
    case .inactive: .slash
    case .earlyEnd: .bar
    }
  }

  /// Whether the outline is filled with the tense color (completed, and the plain `empty`
  /// and marker nodes) or hollow (open, in progress).
  public var isFilled: Bool {
    switch self {
    case .open, .inProgress: false
    default: true
    }
  }

  /// Node outlines.
  public enum Shape: String, Sendable, Hashable, CaseIterable {
    case circle, diamond, square
  }

  /// Glyphs inside a node.
  public enum Icon: String, Sendable, Hashable, CaseIterable {
    case none, ellipsis, checkmark, slash, bar
  }
}
