/// The color role of a node and its line (TL-4): accent for past and current, neutral for
/// future. Renderers also draw them differently (solid vs dashed) so tense never depends on
/// color alone.
public enum LineTone: String, Sendable, Hashable, CaseIterable, Codable {
  case accent, neutral

  public init(_ tense: Tense) {
    self = tense == .future ? .neutral : .accent
  }
}

/// The two halves of the axis beside a row: above the node and below it (TL-7, CELL-2).
public struct LineSegments: Sendable, Hashable {
  /// The tone of the line above the node, or `nil` when it is not drawn.
  public var leading: LineTone?
  /// The tone of the line below the node, or `nil` when it is not drawn.
  public var trailing: LineTone?

  public init(leading: LineTone?, trailing: LineTone?) {
    self.leading = leading
    self.trailing = trailing
  }
}
