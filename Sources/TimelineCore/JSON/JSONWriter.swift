/// Writes compact JSON to a text stream, escaping every string (RFC 8259), so that output
/// of any size streams without building a tree first.
struct JSONWriter<Output: TextOutputStream> {
  var output: Output
  private var needsComma = false

  init(output: Output) { self.output = output }

  mutating func beginObject() {
    separate()
    output.write("{")
    needsComma = false
  }
  mutating func endObject() {
    output.write("}")
    needsComma = true
  }
  mutating func beginArray() {
    separate()
    output.write("[")
    needsComma = false
  }
  mutating func endArray() {
    output.write("]")
    needsComma = true
  }

  /// A key: one of the library's own names (ASCII letters), written without escaping.
  mutating func key(_ name: String) {
    separate()
    output.write("\"")
    output.write(name)
    output.write("\":")
    needsComma = false
  }

  mutating func string(_ value: String?) {
    separate()
    if let value { Self.writeString(value, to: &output) } else { output.write("null") }
    needsComma = true
  }

  mutating func number(_ value: Int?) {
    separate()
    output.write(value.map(String.init) ?? "null")
    needsComma = true
  }

  /// A number already formatted as JSON.
  mutating func raw(_ number: String) {
    separate()
    output.write(number)
    needsComma = true
  }

  mutating func bool(_ value: Bool) {
    separate()
    output.write(value ? "true" : "false")
    needsComma = true
  }

  mutating func field(_ name: String, _ value: String?) {
    key(name)
    string(value)
  }
  mutating func field(_ name: String, _ value: Int?) {
    key(name)
    number(value)
  }
  mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }
  mutating func field(_ name: String, strings values: [String]) {
    key(name)
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  private mutating func separate() {
    if needsComma { output.write(",") }
  }

  /// Writes `value` as a JSON string literal.
  static func writeString(_ value: String, to output: inout Output) {
    JSONString.write(value, to: &output)
  }
}

/// JSON string literals (RFC 8259), shared by every JSON the package writes.
public enum JSONString {
  /// Writes `value` as a JSON string literal to `output`; text with nothing to escape (most
  /// of it) is written as it is, without a copy.
  public static func write(_ value: String, to output: inout some TextOutputStream) {
    guard needsEscaping(value) else {
      output.write("\"")
      output.write(value)
      output.write("\"")
      return
    }
    output.write(quoted(value))
  }

  /// Whether `value` holds a quote, a backslash, a control character, DEL, U+2028 or U+2029.
  static func needsEscaping(_ value: String) -> Bool {
    let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
          return true
        }
        index += 1
      }
      return false
    }
    if let answer = value.utf8.withContiguousStorageIfAvailable(scan) { return answer }
    return Array(value.utf8).withUnsafeBufferPointer(scan)
  }

  /// `value` as a JSON string literal: quotes, backslashes and control characters escaped,
  /// and U+2028/U+2029 too, so the output is also safe inside JavaScript.
  public static func quoted(_ value: String) -> String {
    var escaped = "\""
    escaped.reserveCapacity(value.utf8.count + 2)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case "\u{2028}": escaped += "\\u2028"
      case "\u{2029}": escaped += "\\u2029"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
