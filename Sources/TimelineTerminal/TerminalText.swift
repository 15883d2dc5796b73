/// Measuring, cleaning, padding and truncating text in terminal cells.
///
/// A cell is one column of a monospaced terminal. East Asian wide and fullwidth characters
/// and emoji take 2 cells, combining marks and other zero-width characters 0, everything
/// else 1 (East Asian "ambiguous" characters count 1, as most Western terminals draw them).
public enum TerminalText {
  /// The number of cells `text` occupies.
  public static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The number of cells one grapheme cluster occupies.
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if character.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
    var allZero = true
    for scalar in scalars {
      if scalar == "\u{FE0F}", first.properties.isEmoji { return 2 }
      if scalar.properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
      if !isZeroWidth(scalar) { allZero = false }
    }
    return allZero ? 0 : 1
  }

  /// Replaces control characters (which could move the cursor, clear the screen or change
  /// colors) with visible stand-ins; line breaks become spaces unless `keepingNewlines`.
  public static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A where keepingNewlines: result.append(scalar)
      case 0x0A, 0x0D, 0x09: result.append(" ")
      case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: result.append("\u{2421}")
      case 0x80..<0xA0: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// `text` cut to at most `width` cells; when cut, it ends with an ellipsis.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard self.width(of: text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let cells = self.width(of: character)
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }

  /// `text` followed by spaces up to `width` cells (unchanged when already wider).
  public static func padRight(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - self.width(of: text)))
  }

  /// Spaces up to `width` cells followed by `text`.
  public static func padLeft(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - self.width(of: text))) + text
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: break
    }
    return (0x1160...0x11FF).contains(scalar.value) || (0xFE00...0xFE0F).contains(scalar.value)
      || scalar.value == 0x200B
  }

  /// East Asian Width "W" and "F" ranges (Unicode 15), emoji handled separately.
  static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
    0x2FF0...0x2FFF, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F,
    0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
    0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7,
    0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1B122, 0x1B132...0x1B132,
    0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
