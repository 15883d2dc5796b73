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

  /// Whether `text` holds anything `clean` changes: control bytes, C1 controls (C2 80 …
  /// C2 9F), line and paragraph separators (E2 80 A8, E2 80 A9) and U+FFFE, U+FFFF (EF BF
  /// BE, EF BF BF), checked eight bytes at a time. Other text (curly quotes, dashes, "…",
  /// every script) is passed on without a copy: this runs for every text a row draws.
  public static func needsCleaning(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      func next(_ offset: Int) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
      }
      while index < bytes.count {
        index = PlainRun.end(in: bytes, from: index, special: (0x7F, 0x7F, 0x7F, 0x7F, 0x7F))
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case 0..<0x20, 0x7F: return true
        case 0xC2 where next(1) < 0xA0: return true
        case 0xE2 where next(1) == 0x80 && (next(2) == 0xA8 || next(2) == 0xA9): return true
        case 0xEF where next(1) == 0xBF && (next(2) == 0xBE || next(2) == 0xBF): return true
        default: index += 1
        }
      }
      return false
    }
  }
}
