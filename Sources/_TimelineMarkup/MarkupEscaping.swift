/// The one audited escaping function for HTML and SVG (SEC-1).
public enum MarkupEscaping {
  /// Escapes `&`, `<`, `>`, `"` and `'` so that `text` is inert in element content and in
  /// quoted attribute values of HTML and XML alike. Characters XML forbids (C0 controls other
  /// than tab, line feed and carriage return; U+FFFE, U+FFFF) become U+FFFD, so SVG stays
  /// well-formed whatever the input.
  ///
  /// ```swift
  /// MarkupEscaping.escape("\" onmouseover=\"alert(1)")  // &quot; onmouseover=&quot;alert(1)
  /// ```
  public static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: needsWork) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func needsWork(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"):
      return true
    case 0..<0x20: return byte != 0x09 && byte != 0x0A && byte != 0x0D
    case 0xEF: return true  // U+FFFE and U+FFFF start with 0xEF
    default: return false
    }
  }

  /// Whether `name` is a safe element or attribute name (letters, digits, `-`, `:`).
  static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy {
        ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39)
          || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":")
      }
  }
}
