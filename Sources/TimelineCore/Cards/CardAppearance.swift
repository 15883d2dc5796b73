/// How a card looks (CARD-3). The defaults look right without any customization.
public struct CardAppearance: Sendable, Hashable {
  /// The outline of each item's milestone on the path (CARD-6: the shapes the original
  /// library left as to-do).
  public enum Shape: String, Sendable, Hashable, CaseIterable, Codable {
    case circle, square, diamond
  }

  /// Space around the card's content, CSS order.
  public struct Margins: Sendable, Hashable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
      self.top = top
      self.right = right
      self.bottom = bottom
      self.left = left
    }
  }

  /// `#rrggbb` colors; `nil` takes the theme's.
  public var background: CardColor?
  public var borderColor: CardColor?
  public var borderWidth: Double
  public var cornerRadius: Double
  public var lineColor: CardColor?
  /// The milestone's diameter.
  public var itemShapeSize: Double
  public var itemShape: Shape
  /// The width of the drawn path.
  public var pathWidth: Double
  public var margins: Margins

  public init(
    background: CardColor? = nil, borderColor: CardColor? = nil, borderWidth: Double = 1,
    cornerRadius: Double = 12, lineColor: CardColor? = nil, itemShapeSize: Double = 16,
    itemShape: Shape = .circle, pathWidth: Double = 2,
    margins: Margins = Margins(top: 16, right: 16, bottom: 16, left: 16)
  ) {
    self.background = background
    self.borderColor = borderColor
    self.borderWidth = borderWidth
    self.cornerRadius = cornerRadius
    self.lineColor = lineColor
    self.itemShapeSize = itemShapeSize
    self.itemShape = itemShape
    self.pathWidth = pathWidth
    self.margins = margins
  }

  /// The default appearance.
  public static let standard = CardAppearance()
}

/// A color written `#rrggbb`: validated when created, so renderers can use it as is.
public struct CardColor: Sendable, Hashable, CustomStringConvertible {
  public let hex: String

  public init?(_ hex: String) {
    guard Self.isHex(hex, allowingShort: true) else { return nil }
    self.hex = hex.lowercased()
  }

  /// Whether `text` is `#` followed by six ASCII hex digits, or three when `allowingShort`
  /// (the one check of a written color: cards take `#rgb` too, themes `#rrggbb` only).
  public static func isHex(_ text: String, allowingShort: Bool) -> Bool {
    let bytes = text.utf8
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || (allowingShort && bytes.count == 4)
    else { return false }
    return bytes.dropFirst().allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        true
      default: false
      }
    }
  }

  public var description: String { hex }
}
