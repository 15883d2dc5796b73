import Foundation
import TimelineCore
@_exported import _TimelineMarkup

/// Renders the presentation model to HTML: fragments for a Swift web app to embed, and
/// complete standalone pages with the stylesheet and a small progressive script.
public struct HTMLRenderer: Sendable {
  public var theme: TimelineTheme
  /// Indent the markup (for reading); minified by default.
  public var indented: Bool
  /// The link of a row's detail page (TL-8).
  public var detailLink: @Sendable (String) -> String
  /// Where "See All" leads (PV-1, PV-3).
  public var seeAllLink: String
  /// The link of a card item's page, by its path (`card/element[/child]`, CARD-4); `nil`
  /// links each item to itself (`#card-0-2-1`), for the script's events.
  public var cardItemLink: (@Sendable (String) -> String)?

  public init(
    theme: TimelineTheme = .standard, indented: Bool = false,
    detailLink: @escaping @Sendable (String) -> String = {
      "#" + HTMLRenderer.elementID(forItem: $0)
    },
    seeAllLink: String = "#timeline", cardItemLink: (@Sendable (String) -> String)? = nil
  ) {
    self.theme = theme
    self.indented = indented
    self.detailLink = detailLink
    self.seeAllLink = seeAllLink
    self.cardItemLink = cardItemLink
  }

  /// A valid, unique element id (and URL fragment) for a document's item id: letters,
  /// digits, `-` and `.` are kept, every other byte becomes `_` and two hex digits.
  public static func elementID(forItem id: String) -> String {
    var result = "item-"
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "_" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }

  /// Writes `markup` as HTML text.
  public func render(_ markup: Markup) -> String {
    MarkupRenderer(dialect: .html, indented: indented).render(markup)
  }
}
