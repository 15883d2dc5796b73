import TimelineCore
import _TimelineMarkup

/// Draws timelines, preview strips and timeline lists as standalone SVG images.
/// (Placeholder implementation: the real layout lands with the SVG renderer.)
public struct SVGRenderer: Sendable {
  /// Which palette of the theme to use.
  public enum Appearance: String, Sendable, CaseIterable { case light, dark }

  public var theme: TimelineTheme
  public var appearance: Appearance
  /// The image width in CSS pixels.
  public var width: Double

  public init(
    theme: TimelineTheme = .standard, appearance: Appearance = .light, width: Double = 640
  ) {
    self.theme = theme
    self.appearance = appearance
    self.width = width
  }

  public func render(_ presentation: TimelinePresentation) -> String {
    placeholder(presentation.title ?? "Timeline")
  }
  public func render(_ preview: TimelinePreview) -> String {
    placeholder(preview.title ?? "Timeline preview")
  }
  public func render(_ list: TimelineList) -> String { placeholder("Timeline list") }

  private func placeholder(_ title: String) -> String {
    MarkupRenderer(dialect: .xml).render(
      .element(
        "svg",
        [
          "xmlns": "http://www.w3.org/2000/svg", "role": "img", "width": "\(Int(width))",
          "height": "40",
        ],
        [
          .element("title", text: title)
        ]))
  }
}
