import TimelineCore

/// Wraps text into lines of at most a given number of terminal cells.
public enum TextWrapper {
  /// Breaks `text` into at most `maxLines` lines of at most `width` cells (the core's
  /// `LineBreaker` measured in cells). When text remains, the last line ends with an ellipsis.
  ///
  /// ```swift
  /// TextWrapper.wrap("Planned Downtime Period Identified", width: 20, maxLines: 2)
  /// // ["Planned Downtime", "Period Identified"]
  /// ```
  public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
    // Most texts are printable ASCII that fits on one line as it is (single spaces, none at
    // the ends): the line breaker would give the text back.
    if width > 0, maxLines > 0, text.utf8.count <= width,
      TerminalText.isPrintableASCII(text),
      text.utf8.first != 0x20, text.utf8.last != 0x20, !TerminalText.hasDoubleSpace(text)
    {
      return text.isEmpty ? [""] : [text]
    }
    return LineBreaker.wrap(text, width: Double(width), maxLines: maxLines) {
      Double(TerminalText.width(of: $0))
    }
  }
}

/// Terminal cells as text metrics: one line per row, widths in cells.
public struct TerminalMetrics: TextMetrics {
  public init() {}
  public func width(of character: Character, style: TextStyle) -> Double {
    Double(TerminalText.width(of: character))
  }
  public func lineHeight(_ style: TextStyle) -> Double { 1 }
  /// One blank row between blocks.
  public var spacing: Double { 1 }

  public func measuredWidth(of text: String, style: TextStyle) -> Double {
    Double(TerminalText.width(of: text))
  }

  /// Control characters shown as control pictures, then cut to whole cells.
  public func truncated(_ text: String, style: TextStyle, width: Double) -> String {
    TerminalText.truncate(TerminalText.sanitize(text), to: Int(max(0, width)))
  }

  public func wrapped(
    _ text: String, style: TextStyle, width: Double, maxLines: Int, keepingNewlines: Bool
  ) -> [String] {
    TextWrapper.wrap(
      TerminalText.sanitize(text, keepingNewlines: keepingNewlines), width: Int(max(0, width)),
      maxLines: maxLines)
  }
}
