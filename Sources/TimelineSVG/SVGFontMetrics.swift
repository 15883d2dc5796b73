import TimelineCore

/// Text measurement for the font stack the SVG names, per grapheme cluster, erring wide so
/// that text laid out with it never overflows its box when drawn.
///
/// Latin, Greek, Cyrillic, Arabic and punctuation come from tables generated from the fonts
/// (`Scripts/generate-font-metrics`): the wider of Noto Sans and DejaVu Sans per character.
/// Everything else is estimated generously: East Asian wide and fullwidth characters 1 em,
/// emoji 1.2 em per component, other scripts 1 em per cluster plus 0.6 em per extra letter.
///
/// ```swift
/// SVGFontMetrics.width(of: "Planned downtime", size: 15, bold: true)  // 157.5
/// ```
enum SVGFontMetrics {
  /// The font stack written on every SVG root; the tables are measured from its first two.
  static let fontFamily = "'Noto Sans', 'DejaVu Sans', sans-serif"

  /// The code point ranges the tables cover, in table order (see the generator).
  static let blocks: [(range: Range<UInt32>, offset: Int)] = [
    (0x0020..<0x0250, 0), (0x0370..<0x0530, 560), (0x0600..<0x0700, 1008),
    (0x2000..<0x20C0, 1264),
  ]

  /// The width of `text` in pixels at `size`.
  static func width(of text: some StringProtocol, size: Double, bold: Bool) -> Double {
    if let plain = plainAdvance(of: text, bold: bold) { return Double(plain.units) * size / 1000 }
    var total = 0
    for character in text { total += advance(of: character, bold: bold) }
    return Double(total) * size / 1000
  }

  /// The advance of `text` in 1/1000 em, and whether its spaces are single (none at either
  /// end, none next to another), when it is plain (the core's ``PlainText``): every code
  /// point is then a cluster of its own, measured by one table lookup instead of a walk over
  /// grapheme clusters. `nil` for any other text.
  static func plainAdvance(
    of text: some StringProtocol, bold: Bool
  ) -> (units: Int, singleSpaced: Bool)? {
    var units = 0
    var singleSpaced = true
    var afterSpace = true
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value >= 0x20, value < 0x7F {
        units += Int(bold ? boldAdvances[Int(value) - 0x20] : regularAdvances[Int(value) - 0x20])
        if value == 0x20, afterSpace { singleSpaced = false }
        afterSpace = value == 0x20
      } else if PlainText.punctuation.contains(value) {
        units += tableAdvance(value, bold: bold) ?? 1000
        afterSpace = false
      } else {
        return nil
      }
    }
    if afterSpace, !text.isEmpty { singleSpaced = false }
    return (units, singleSpaced)
  }

  /// The advance of one grapheme cluster in 1/1000 em.
  static func advance(of character: Character, bold: Bool) -> Int {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
      return Int(bold ? boldAdvances[Int(ascii) - 0x20] : regularAdvances[Int(ascii) - 0x20])
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 1000 }
    if let emoji = emojiAdvance(scalars) { return emoji }
    if EastAsianWidth.isWide(first.value) { return 1000 }
    switch first.properties.generalCategory {
    case .format:
      guard scalars.allSatisfy(isZeroWidth) else { return 1000 }
      return tableAdvance(first.value, bold: bold) ?? 0
    case .nonspacingMark, .enclosingMark:
      return 600  // a mark without a base is drawn on a dotted circle
    default: break
    }
    let extra = scalars.dropFirst().reduce(0) { $0 + (isZeroWidth($1) ? 0 : 600) }
    if let known = tableAdvance(first.value, bold: bold) { return known + extra }
    return 1000 + extra
  }

  /// The table's advance of `value`, or `nil` when the tables do not cover it.
  static func tableAdvance(_ value: UInt32, bold: Bool) -> Int? {
    for block in blocks where block.range.contains(value) {
      let index = block.offset + Int(value - block.range.lowerBound)
      let advance = bold ? boldAdvances[index] : regularAdvances[index]
      return advance == 0 ? nil : Int(advance)
    }
    return nil
  }

  /// 1.2 em per emoji component of an emoji cluster (a ZWJ sequence may be drawn as its parts
  /// where the emoji font lacks it); `nil` when the cluster is not an emoji.
  static func emojiAdvance(_ scalars: Character.UnicodeScalarView) -> Int? {
    guard let first = scalars.first else { return nil }
    let isRegional = (0x1F1E6...0x1F1FF).contains(first.value)
    let isEmoji =
      first.properties.isEmojiPresentation || isRegional
      || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
    guard isEmoji else { return nil }
    var components = 0
    for scalar in scalars where scalar.properties.isEmoji {
      if (0x1F3FB...0x1F3FF).contains(scalar.value) { continue }  // skin tone modifiers
      components += 1
    }
    return 1200 * max(1, components)
  }

  /// Scalars drawn without advance after a base: marks, joiners, variation selectors, tags.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: break
    }
    return (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
      || (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}
