import TimelineCore

/// The SVG font measurement as core `TextMetrics`, for layouts computed in the core (cards).
public struct SVGTextMetrics: TextMetrics {
  public init() {}

  static func style(_ style: TextStyle) -> SVGTextStyle {
    switch style {
    case .heading: .previewHeader
    case .title: .title
    case .body: .body
    case .caption: .caption
    case .captionBold: .captionBold
    }
  }

  public func width(of character: Character, style: TextStyle) -> Double {
    let svgStyle = Self.style(style)
    return Double(SVGFontMetrics.advance(of: character, bold: svgStyle.bold)) * svgStyle.size / 1000
  }

  public func lineHeight(_ style: TextStyle) -> Double { Self.style(style).lineHeight }

  /// Measured as the SVG renderer measures a whole line (font units summed, then scaled).
  public func measuredWidth(of text: String, style: TextStyle) -> Double {
    Self.style(style).width(of: text)
  }

  public func truncated(_ text: String, style: TextStyle, width: Double) -> String {
    SVGTextWrapper.truncate(text, style: Self.style(style), width: width)
  }

  public func wrapped(
    _ text: String, style: TextStyle, width: Double, maxLines: Int, keepingNewlines: Bool
  ) -> [String] {
    SVGTextWrapper.wrap(
      text, style: Self.style(style), width: width, maxLines: maxLines,
      keepingNewlines: keepingNewlines)
  }
}
