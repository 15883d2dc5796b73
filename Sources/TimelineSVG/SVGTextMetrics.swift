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
    }
  }

  public func width(of character: Character, style: TextStyle) -> Double {
    let svgStyle = Self.style(style)
    return Double(SVGFontMetrics.advance(of: character, bold: svgStyle.bold)) * svgStyle.size / 1000
  }

  public func lineHeight(_ style: TextStyle) -> Double { Self.style(style).lineHeight }
}
