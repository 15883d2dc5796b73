/// The color role of a node and its line (TL-4): accent for past and current, neutral for
/// future. Renderers also draw them differently (solid vs dashed) so tense never depends on
/// color alone.
public enum LineTone: String, Sendable, Hashable, CaseIterable, Codable {
  case accent, neutral

  public init(_ tense: Tense) {
    self = tense == .future ? .neutral : .accent
  }

  /// The tone of `node` on a row of `tense` (TL-5): a completed node is the accent-filled
  /// checkmark in every tense (done is done, also ahead of time); every other node takes
  /// its tense's tone (TL-4). The line beside it keeps the tense's tone either way.
  ///
  /// ```swift
  /// LineTone(node: .completed, tense: .future)  // .accent
  /// LineTone(node: .open, tense: .future)       // .neutral
  /// ```
  public init(node: Node, tense: Tense) {
    self = node == .completed ? .accent : LineTone(tense)
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
