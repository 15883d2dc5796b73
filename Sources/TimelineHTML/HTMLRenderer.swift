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

  public init(
    theme: TimelineTheme = .standard, indented: Bool = false,
    detailLink: @escaping @Sendable (String) -> String = { "#item-" + $0 },
    seeAllLink: String = "#timeline"
  ) {
    self.theme = theme
    self.indented = indented
    self.detailLink = detailLink
    self.seeAllLink = seeAllLink
  }

  /// Writes `markup` as HTML text.
  public func render(_ markup: Markup) -> String {
    MarkupRenderer(dialect: .html, indented: indented).render(markup)
  }
}
