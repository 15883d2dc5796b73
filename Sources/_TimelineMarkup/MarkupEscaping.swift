import TimelineCore

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
    return TextSink.text { escape(text, to: $0) }
  }

  /// Writes `text` escaped as ``escape(_:)`` does to `sink`: runs that need nothing are
  /// copied as they are.
  public static func escape(_ text: String, to sink: TextSink) {
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while index < bytes.count {
        index = PlainRun.end(in: bytes, from: index, special: (0x26, 0x3C, 0x3E, 0x22, 0x27))
        guard index < bytes.count else { break }
        let byte = bytes[index]
        guard needsWork(byte) else {
          index += 1
          continue
        }
        var replacement: StaticString
        var length = 1
        switch byte {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        case 0xEF:
          // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not characters XML allows.
          guard index + 2 < bytes.count, bytes[index + 1] == 0xBF,
            bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
          else {
            index += 1
            continue
          }
          replacement = "\u{FFFD}"
          length = 3
        default: replacement = "\u{FFFD}"  // a C0 control other than tab, LF and CR
        }
        if index > runStart { sink.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
        sink.write(replacement)
        index += length
        runStart = index
      }
      if index > runStart { sink.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
    }
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
