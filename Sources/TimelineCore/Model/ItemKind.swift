/// What a timeline item is: an ordinary event, or one of the marker kinds.
///
/// Markers (`start`, `end`, `inactive`, `earlyEnd`) are drawn as marker rows: a timestamp,
/// a node and a title, never selectable (SPEC TL-7, CELL-2).
public enum ItemKind: String, Sendable, Hashable, CaseIterable, Codable {
  case event
  case start
  case end
  case inactive
  case earlyEnd

  /// Whether rows of this kind are marker rows (not selectable, no card).
  public var isMarker: Bool { self != .event }
}
