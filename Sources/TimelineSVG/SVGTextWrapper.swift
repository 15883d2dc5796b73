import TimelineCore

/// Cleans, wraps and truncates text to a width in pixels, measured with `SVGFontMetrics`: the
/// same rules as the terminal's wrapper (break at spaces, inside a word only when the word
/// alone is too wide, an ellipsis when text remains), applied to measured widths.
enum SVGTextWrapper {
  /// `text` as SVG draws it: whitespace collapses, so tabs and line breaks become spaces
  /// (line breaks stay when `keepingNewlines`); other control characters become U+FFFD, the
  /// character the escaping would put in their place (the core's ``TextCleaner``).
  static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
    TextCleaner.clean(text, keepingNewlines: keepingNewlines, controls: .replacement)
  }

  /// `text` on one line of at most `width` pixels in `style`; when cut, it ends with an
  /// ellipsis (the core's ``LineBreaker/truncate(_:width:measure:)`` in font units).
  static func truncate(_ text: String, style: SVGTextStyle, width: Double) -> String {
    if fitsAsItIs(text, style: style, width: width) { return text }
    let line = clean(text).split(separator: " ").joined(separator: " ")
    return LineBreaker.truncate(line, width: Double(style.units(fitting: width))) {
      Double(SVGFontMetrics.advance(of: $0, bold: style.bold))
    }
  }

  /// Breaks `text` into at most `maxLines` lines of at most `width` pixels in `style`. When
  /// text remains, the last line ends with an ellipsis. Line breaks are kept when
  /// `keepingNewlines`, and become spaces otherwise.
  ///
  /// ```swift
  /// SVGTextWrapper.wrap("Planned Downtime Period Identified", style: .title, width: 170,
  ///                     maxLines: 2)  // ["Planned Downtime", "Period Identified"]
  /// ```
  static func wrap(
    _ text: String, style: SVGTextStyle, width: Double, maxLines: Int,
    keepingNewlines: Bool = false
  ) -> [String] {
    LineBreaker.wrap(
      clean(text, keepingNewlines: keepingNewlines), width: Double(style.units(fitting: width)),
      maxLines: maxLines
    ) { Double(SVGFontMetrics.advance(of: $0, bold: style.bold)) }
  }

  /// Whether `text` is one line that cleaning, collapsing spaces and truncating give back as
  /// it is: plain (see ``SVGFontMetrics/plainAdvance(of:bold:)``), single-spaced, and no
  /// wider than `width`. Most timestamps are, and they are then neither split into words
  /// nor walked by grapheme cluster. (Wrapping has the same shortcut in the core's
  /// ``LineBreaker``.)
  static func fitsAsItIs(_ text: String, style: SVGTextStyle, width: Double) -> Bool {
    let room = style.units(fitting: width)
    guard room > 0, let plain = SVGFontMetrics.plainAdvance(of: text, bold: style.bold) else {
      return false
    }
    return plain.singleSpaced && plain.units <= room
  }
}
