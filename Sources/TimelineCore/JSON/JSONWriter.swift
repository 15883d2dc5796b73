/// Writes compact JSON to a text stream, escaping every string (RFC 8259), so that output
/// of any size streams without building a tree first.
struct JSONWriter {
  let sink: TextSink
  private var needsComma = false

  /// A writer that goes on after a value already written when `needsComma`.
  init(sink: TextSink, needsComma: Bool = false) {
    self.sink = sink
    self.needsComma = needsComma
  }

  mutating func beginObject() {
    separate()
    sink.write(ascii: UInt8(ascii: "{"))
    needsComma = false
  }
  mutating func endObject() {
    sink.write(ascii: UInt8(ascii: "}"))
    needsComma = true
  }
  mutating func beginArray() {
    separate()
    sink.write(ascii: UInt8(ascii: "["))
    needsComma = false
  }
  mutating func endArray() {
    sink.write(ascii: UInt8(ascii: "]"))
    needsComma = true
  }

  /// A key: one of the library's own names (ASCII letters), written without escaping.
  mutating func key(_ name: StaticString) {
    separate()
    sink.write(ascii: UInt8(ascii: "\""))
    sink.write(name)
    sink.write("\":" as StaticString)
    needsComma = false
  }

  mutating func string(_ value: String?) {
    separate()
    if let value { JSONString.write(value, to: sink) } else { sink.write("null" as StaticString) }
    needsComma = true
  }

  mutating func number(_ value: Int?) {
    separate()
    if let value { sink.write(decimal: value) } else { sink.write("null" as StaticString) }
    needsComma = true
  }

  /// A number already formatted as JSON.
  mutating func raw(_ number: String) {
    separate()
    sink.write(number)
    needsComma = true
  }

  mutating func bool(_ value: Bool) {
    separate()
    sink.write(value ? "true" : "false" as StaticString)
    needsComma = true
  }

  mutating func field(_ name: StaticString, _ value: String?) {
    key(name)
    string(value)
  }
  mutating func field(_ name: StaticString, _ value: Int?) {
    key(name)
    number(value)
  }
  mutating func field(_ name: StaticString, _ value: Bool) {
    key(name)
    bool(value)
  }
  mutating func field(_ name: StaticString, strings values: [String]) {
    key(name)
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  private mutating func separate() {
    if needsComma { sink.write(ascii: UInt8(ascii: ",")) }
  }
}

/// JSON string literals (RFC 8259), shared by every JSON the package writes.
public enum JSONString {
  /// `value` as a JSON string literal: quotes, backslashes and control characters escaped,
  /// and U+2028/U+2029 too, so the output is also safe inside JavaScript.
  public static func quoted(_ value: String) -> String {
    TextSink.text { write(value, to: $0) }
  }

  /// Writes `value` as a JSON string literal to `sink`: runs with nothing to escape (most
  /// text) are copied as they are.
  public static func write(_ value: String, to sink: TextSink) {
    var value = value
    sink.write(ascii: UInt8(ascii: "\""))
    value.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      func flushRun() {
        if index > runStart { sink.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
      }
      while index < bytes.count {
        index = PlainRun.end(in: bytes, from: index, special: (0x22, 0x5C, 0x7F, 0x7F, 0x7F))
        guard index < bytes.count else { break }
        let byte = bytes[index]
        var escape: StaticString?
        var length = 1
        switch byte {
        case 0x22: escape = "\\\""
        case 0x5C: escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0xE2
        where index + 2 < bytes.count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
          escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
          length = 3
        case 0..<0x20, 0x7F:
          flushRun()
          sink.write("\\u00" as StaticString)
          let digits: StaticString = "0123456789abcdef"
          sink.write(ascii: digits.utf8Start[Int(byte >> 4)])
          sink.write(ascii: digits.utf8Start[Int(byte & 0xF)])
          index += 1
          runStart = index
          continue
        default: break
        }
        if let escape {
          flushRun()
          sink.write(escape)
          index += length
          runStart = index
        } else {
          index += 1
        }
      }
      flushRun()
    }
    sink.write(ascii: UInt8(ascii: "\""))
  }
}
