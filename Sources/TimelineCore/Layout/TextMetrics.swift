/// Measures text for layout in a renderer's unit (terminal cells, SVG pixels). Layout in
/// the core takes a metrics value, so every renderer wraps text by the same rules and agrees
/// on how many lines a text takes at a given width.
public protocol TextMetrics: Sendable {
  /// The advance of one grapheme cluster in `style`.
  func width(of character: Character, style: TextStyle) -> Double
  /// The height of one line in `style`.
  func lineHeight(_ style: TextStyle) -> Double
  /// The space between stacked blocks (items, header, footer).
  var spacing: Double { get }
}

extension TextMetrics {
  /// Three quarters of a body line.
  public var spacing: Double { lineHeight(.body) * 0.75 }

  /// The advance of `text` in `style`.
  public func width(of text: some StringProtocol, style: TextStyle) -> Double {
    text.reduce(0) { $0 + width(of: $1, style: style) }
  }
}

/// The text styles layouts use.
public enum TextStyle: String, Sendable, Hashable, CaseIterable {
  case heading, title, body, caption
}
