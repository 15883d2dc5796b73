import TimelineCore

/// Cleans, wraps and truncates text to a width in pixels, measured with `SVGFontMetrics`: the
/// same rules as the terminal's wrapper (break at spaces, inside a word only when the word
/// alone is too wide, an ellipsis when text remains), applied to measured widths.
enum SVGTextWrapper {
  /// The ellipsis that ends truncated text.
  static let ellipsis = "…"

  /// `text` as SVG draws it: whitespace collapses, so tabs and line breaks become spaces
  /// (line breaks stay when `keepingNewlines`); other control characters become U+FFFD, the
  /// character the escaping would put in their place.
  static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
    let needsWork = text.utf8.contains { byte in
      byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
    }
    guard needsWork else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x2028, 0x2029: result.append(keepingNewlines ? "\n" : " ")
      case 0x09, 0x0D: result.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0, 0xFFFE, 0xFFFF: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// `text` on one line of at most `width` pixels in `style`; when cut, it ends with an
  /// ellipsis.
  static func truncate(_ text: String, style: SVGTextStyle, width: Double) -> String {
    let line = clean(text).split(separator: " ").joined(separator: " ")
    let limit = style.units(fitting: width)
    let room = limit - units(ellipsis, style)
    var used = 0
    var cut: String.Index?
    var index = line.startIndex
    while index < line.endIndex {
      let advance = SVGFontMetrics.advance(of: line[index], bold: style.bold)
      if cut == nil, used + advance > room { cut = index }
      used += advance
      if used > limit {
        guard room >= 0, let cut else { return "" }
        var kept = line[..<cut]
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
      }
      index = line.index(after: index)
    }
    return line
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

  /// `line` shortened until it fits `width` with an ellipsis after it; empty when not even
  /// the ellipsis fits.
  static func withEllipsis(_ line: String, style: SVGTextStyle, width: Double) -> String {
    let room = style.units(fitting: width) - units(ellipsis, style)
    guard room >= 0 else { return "" }
    var kept = Substring(line)
    var keptUnits = units(kept, style)
    while keptUnits > room, let last = kept.last {
      kept.removeLast()
      keptUnits -= SVGFontMetrics.advance(of: last, bold: style.bold)
    }
    while kept.last == " " { kept.removeLast() }
    return kept + ellipsis
  }

  /// The advance of `text` in 1/1000 em.
  static func units(_ text: some StringProtocol, _ style: SVGTextStyle) -> Int {
    text.reduce(0) { $0 + SVGFontMetrics.advance(of: $1, bold: style.bold) }
  }
}
