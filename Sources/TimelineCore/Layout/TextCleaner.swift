/// Makes user text safe to draw as one line or a block, for every renderer that draws text
/// itself (terminal, SVG): tabs and carriage returns become spaces, line breaks (LF, U+2028,
/// U+2029) stay or become spaces, and every other control character, C1 control and
/// noncharacter gets a visible stand-in, so text can neither move a cursor nor break a
/// document.
///
/// ```swift
/// TextCleaner.clean("a\u{7}b", controls: .pictures)     // "a␇b"
/// TextCleaner.clean("a\u{7}b", controls: .replacement)  // "a\u{FFFD}b"
/// ```
public enum TextCleaner {
  /// What stands in for a control character.
  public enum ControlStandIn: Sendable {
    /// The Control Pictures block (␀ … ␟, ␡): shows which character it was (terminal).
    case pictures
    /// U+FFFD, the character markup escaping puts in their place (SVG).
    case replacement
  }

  /// `text` cleaned; returned as it is, without copying, when there is nothing to clean.
  public static func clean(
    _ text: String, keepingNewlines: Bool = false, controls: ControlStandIn
  ) -> String {
    guard needsCleaning(text) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x2028, 0x2029: result.append(keepingNewlines ? "\n" : " ")
      case 0x09, 0x0D: result.append(" ")
      case 0x00..<0x20 where controls == .pictures:
        result.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F where controls == .pictures: result.append("\u{2421}")
      case 0x00..<0x20, 0x7F..<0xA0, 0xFFFE, 0xFFFF: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `text` holds anything `clean` changes: control bytes, or the lead bytes of C1
  /// controls (C2), line and paragraph separators (E2) and noncharacters (EF), checked
  /// eight bytes at a time.
  public static func needsCleaning(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        index = PlainRun.end(in: bytes, from: index, special: (0x7F, 0x7F, 0x7F, 0x7F, 0x7F))
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF {
          return true
        }
        index += 1
      }
      return false
    }
  }
}

extension LineBreaker {
  /// `text` on one line of at most `width`: as it is when it fits, else cut where the rest
  /// and an ellipsis would not fit, trailing spaces dropped, ending in "…"; empty when not
  /// even the ellipsis fits.
  ///
  /// ```swift
  /// LineBreaker.truncate("Unloading at Dock B", width: 10) { _ in 1 }  // "Unloading…"
  /// ```
  public static func truncate(_ text: String, width: Double, measure: (Character) -> Double)
    -> String
  {
    var used = 0.0
    var cut: String.Index?
    let ellipsis = measure("…")
    let room = width - ellipsis
    var index = text.startIndex
    while index < text.endIndex {
      let advance = measure(text[index])
      if cut == nil, used + advance > room { cut = index }
      used += advance
      if used > width {
        guard room >= 0, let cut else { return "" }
        var kept = text[..<cut]
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
      }
      index = text.index(after: index)
    }
    return text
  }
}
