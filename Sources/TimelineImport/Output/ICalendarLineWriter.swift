/// Collects iCalendar content lines, folded at 75 octets (RFC 5545 §3.1) without
/// splitting a UTF-8 sequence, each ending in CRLF.
///
/// ```swift
/// var lines = ICalendarLineWriter()
/// lines.property("SUMMARY", ICalendarText.encode(title))
/// output.write(lines.take())
/// ```
struct ICalendarLineWriter {
  private var text = ""

  /// Appends `NAME:VALUE`; `name` may include parameters (`DTSTART;VALUE=DATE`).
  mutating func property(_ name: String, _ value: String) {
    let line = Array((name + ":" + value).utf8)
    var start = 0
    var limit = 75
    while line.count - start > limit {
      var end = start + limit
      // Back up to the start of a UTF-8 sequence.
      while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
      text += String(decoding: line[start..<end], as: UTF8.self) + "\r\n "
      start = end
      limit = 74
    }
    text += String(decoding: line[start...], as: UTF8.self) + "\r\n"
  }

  /// The text collected so far, leaving the writer empty.
  mutating func take() -> String {
    defer { text = "" }
    return text
  }
}
