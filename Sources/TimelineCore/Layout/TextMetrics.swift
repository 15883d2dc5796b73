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
  /// The width `text` takes in `style`, as the renderer draws it.
  func measuredWidth(of text: String, style: TextStyle) -> Double
  /// `text` made safe to draw and fitted on one line of `width`, ending in "…" when cut.
  func truncated(_ text: String, style: TextStyle, width: Double) -> String
  /// `text` made safe to draw and broken into at most `maxLines` lines of `width`.
  func wrapped(
    _ text: String, style: TextStyle, width: Double, maxLines: Int, keepingNewlines: Bool
  ) -> [String]
}

extension TextMetrics {
  /// Three quarters of a body line.
  public var spacing: Double { lineHeight(.body) * 0.75 }

  /// The advance of `text` in `style`.
  public func width(of text: some StringProtocol, style: TextStyle) -> Double {
    text.reduce(0) { $0 + width(of: $1, style: style) }
  }

  public func measuredWidth(of text: String, style: TextStyle) -> Double {
    width(of: text, style: style)
  }

  /// Cleans `text` (U+FFFD for control characters), collapses its spaces and truncates it
  /// with ``LineBreaker/truncate(_:width:measure:)``.
  public func truncated(_ text: String, style: TextStyle, width: Double) -> String {
    let line = TextCleaner.clean(text, controls: .replacement).split(separator: " ")
      .joined(separator: " ")
    return LineBreaker.truncate(line, width: width) { self.width(of: $0, style: style) }
  }

  /// Cleans `text` and wraps it with ``LineBreaker/wrap(_:width:maxLines:measure:)``.
  public func wrapped(
    _ text: String, style: TextStyle, width: Double, maxLines: Int, keepingNewlines: Bool
  ) -> [String] {
    LineBreaker.wrap(
      TextCleaner.clean(text, keepingNewlines: keepingNewlines, controls: .replacement),
      width: width, maxLines: maxLines
    ) { self.width(of: $0, style: style) }
  }
}

/// The text styles layouts use.
public enum TextStyle: String, Sendable, Hashable, CaseIterable {
  case heading, title, body, caption
  /// The first status of a row's stack.
  case captionBold
}
