import TimelineCore

/// Measuring, cleaning, padding and truncating text in terminal cells.
///
/// A cell is one column of a monospaced terminal. East Asian wide and fullwidth characters
/// and emoji take 2 cells, combining marks and other zero-width characters 0, everything
/// else 1 (East Asian "ambiguous" characters count 1, as most Western terminals draw them).
public enum TerminalText {
  /// The number of cells `text` occupies.
  public static func width(of text: some StringProtocol) -> Int {
    // Printable ASCII (most text) is one cell per byte; only other text is walked by
    // grapheme cluster.
    if let cells = text.utf8.withContiguousStorageIfAvailable(simpleCellCount), let cells {
      return cells
    }
    return text.reduce(0) { $0 + width(of: $1) }
  }

  /// Whether `text` is printable ASCII only (one cell per byte).
  static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
    let count: Int?? = text.utf8.withContiguousStorageIfAvailable(printableASCIICount)
    if case .some(.some) = count { return true }
    return false
  }

  /// The number of bytes when every one is printable ASCII, else `nil`.
  static func printableASCIICount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
    return bytes.count
  }

  /// The number of cells of text whose every character is one scalar of one cell: printable
  /// ASCII, Latin letters up to U+02FF (no combining marks follow them), the narrow no-break
  /// space ICU puts before "AM", and the ellipsis; `nil` for any other text.
  static func simpleCellCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var cells = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if byte < 0x20 || byte == 0x7F { return nil }
        index += 1
      } else if byte >= 0xC2, byte < 0xE0, index + 1 < bytes.count {
        let scalar = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        if scalar < 0xA0 || scalar >= 0x300 || scalar == 0xAD { return nil }
        index += 2
      } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xAF || bytes[index + 2] == 0xA6
      {
        index += 3  // U+202F, U+2026
      } else {
        return nil
      }
      cells += 1
    }
    return cells
  }

  /// Whether `text` holds two spaces in a row.
  static func hasDoubleSpace(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == 0x20, previous == 0x20 { return true }
      previous = byte
    }
    return false
  }

  /// The number of cells one grapheme cluster occupies.
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if character.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
    var allZero = true
    for scalar in scalars {
      if scalar == "\u{FE0F}", first.properties.isEmoji { return 2 }
      if scalar.properties.isEmojiPresentation || EastAsianWidth.isWide(scalar.value) { return 2 }
      if !isZeroWidth(scalar) { allZero = false }
    }
    return allZero ? 0 : 1
  }

  /// Replaces control characters (which could move the cursor, clear the screen or change
  /// colors) with visible stand-ins; line breaks become spaces unless `keepingNewlines`
  /// (the core's `TextCleaner`, with control pictures).
  public static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
    TextCleaner.clean(text, keepingNewlines: keepingNewlines, controls: .pictures)
  }

  /// `text` cut to at most `width` cells; when cut, it ends with an ellipsis (the core's
  /// `LineBreaker.truncate(_:width:measure:)` in cells).
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    if isPrintableASCII(text) {
      // Printable ASCII is one cell a byte: fits as it is, or is cut by bytes.
      guard text.utf8.count > width else { return text }
      var result = String(text.utf8.prefix(width - 1))!
      while result.last == " " { result.removeLast() }
      return result + "…"
    }
    // Most texts fit: measured whole (runs of ASCII at a time), they are not walked.
    guard self.width(of: text) > width else { return text }
    return LineBreaker.truncate(text, width: Double(width)) { Double(self.width(of: $0)) }
  }

  /// `text` followed by spaces up to `width` cells (unchanged when already wider).
  public static func padRight(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - self.width(of: text)))
  }

  /// Spaces up to `width` cells followed by `text`.
  public static func padLeft(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - self.width(of: text))) + text
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: break
    }
    return (0x1160...0x11FF).contains(scalar.value) || (0xFE00...0xFE0F).contains(scalar.value)
      || scalar.value == 0x200B
  }
}
