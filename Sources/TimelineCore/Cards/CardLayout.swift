/// Where everything of a card goes for a given width: computed in the core with a
/// renderer's text metrics, so the card's height follows from its content (CARD-3) and
/// every renderer draws the same structure.
public struct CardLayout: Sendable, Hashable {
  /// Vertical: the path runs down the leading edge. Horizontal: the path runs left to right
  /// with each element in its own column (CARD-6).
  public enum Orientation: String, Sendable, Hashable, CaseIterable, Codable {
    case vertical, horizontal
  }

  /// A rectangle in the renderer's unit.
  public struct Frame: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
  }

  /// A line of text and where it starts.
  public struct Line: Sendable, Hashable {
    public var text: String
    public var style: TextStyle
    public var x: Double
    public var y: Double
  }

  /// A point in the renderer's unit.
  public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// A laid-out part of the card: the header, an element, a group's child, the footer.
  public struct Block: Sendable, Hashable {
    public var part: CardPart
    public var frame: Frame
    public var lines: [Line]
    /// The milestone's center, for elements and children.
    public var milestone: Point?
    /// The milestone's size (children are smaller).
    public var milestoneSize: Double
    public var status: ItemStatus?
    public var icon: String?
  }

  public var orientation: Orientation
  public var width: Double
  public var height: Double
  public var blocks: [Block]

  /// The path through the top-level milestones, from the first to the last.
  public var path: (from: Point, to: Point)? {
    let centers = blocks.compactMap { block -> Point? in
      if case .element = block.part { return block.milestone }
      return nil
    }
    guard let first = centers.first, let last = centers.last else { return nil }
    return (first, last)
  }
}

/// A part of a card that can be touched (CARD-4).
public enum CardPart: Sendable, Hashable, CustomStringConvertible {
  case header
  case element(Int)
  case child(Int, Int)
  case footer

  /// `header`, `3`, `3/1`, `footer`: the part of a card path.
  public var description: String {
    switch self {
    case .header: "header"
    case .element(let index): "\(index)"
    case .child(let index, let child): "\(index)/\(child)"
    case .footer: "footer"
    }
  }
}
