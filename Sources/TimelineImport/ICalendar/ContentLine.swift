/// The parts of one unfolded iCalendar content line (RFC 5545 §3.1):
/// `NAME *(";" PARAM "=" VALUE *("," VALUE)) ":" VALUE`, as byte ranges of the line.
///
/// Parameter values may be quoted, and quoted values may contain `:`, `;` and `,`. Parsing
/// allocates nothing but the parameter list, which the caller reuses from line to line.
struct ContentLine {
  /// A syntax error at a byte offset of the line.
  struct Failure: Error {
    var offset: Int
    var message: String
  }

  /// One `NAME=VALUE[,VALUE…]` parameter.
  struct Parameter {
    var name: Range<Int>
    /// Everything after `=`, quotes included.
    var value: Range<Int>
  }

  var name: Range<Int> = 0..<0
  var parameters: [Parameter] = []
  var value: Range<Int> = 0..<0

  mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
    parameters.removeAll(keepingCapacity: true)
    var index = Self.skipName(bytes, from: 0)
    guard index > 0 else {
      throw Failure(offset: 0, message: "expected a property name (letters, digits and \"-\")")
    }
    name = 0..<index
    while index < bytes.count, bytes[index] == 0x3B {  // ;
      index = try parseParameter(bytes, from: index + 1)
    }
    guard index < bytes.count else {
      throw Failure(offset: index, message: #"expected ":" and a value after the property name"#)
    }
    guard bytes[index] == 0x3A else {  // :
      throw Failure(offset: index, message: #"expected ";" or ":" after the property name"#)
    }
    value = index + 1..<bytes.count
  }

  /// Parses one parameter starting at `start` (after its `;`); returns the index after it.
  private mutating func parseParameter(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) throws(Failure) -> Int {
    var index = Self.skipName(bytes, from: start)
    guard index > start else {
      throw Failure(offset: start, message: "expected a parameter name after \";\"")
    }
    let nameRange = start..<index
    guard index < bytes.count, bytes[index] == 0x3D else {  // =
      throw Failure(offset: index, message: #"expected "=" after the parameter name"#)
    }
    let valueStart = index + 1
    repeat {
      index += 1  // past "=" or ","
      if index < bytes.count, bytes[index] == 0x22 {  // "
        guard let close = bytes[(index + 1)...].firstIndex(of: 0x22) else {
          throw Failure(offset: index, message: "expected a closing \" for the parameter value")
        }
        index = close + 1
      } else {
        // A quote inside an unquoted value is taken literally, as files in the wild need.
        let stop = bytes[index...].firstIndex(where: { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C })
        index = stop ?? bytes.count  // at : ; or ,
      }
    } while index < bytes.count && bytes[index] == 0x2C  // ,
    parameters.append(Parameter(name: nameRange, value: valueStart..<index))
    return index
  }

  /// The index after the name characters (letters, digits, `-`, `_`) from `start`.
  private static func skipName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let end = bytes[start...].firstIndex { byte in
      let letter = byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A
      let digit = byte >= 0x30 && byte <= 0x39
      return !(letter || digit || byte == 0x2D || byte == 0x5F)
    }
    return end ?? bytes.count
  }

  /// The first value of the parameter named `name`, or `nil` when absent: up to a comma
  /// outside quotes, without the quotes, with RFC 6868 escapes decoded (`^n` line feed, `^^`
  /// caret, `^'` double quote).
  func parameter(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let parameter = parameters.first(where: { ASCII.equal(bytes, $0.name, name) }) else {
      return nil
    }
    var value: [UInt8] = []
    var quoted = false
    var index = parameter.value.lowerBound
    while index < parameter.value.upperBound {
      let byte = bytes[index]
      let next = index + 1 < parameter.value.upperBound ? bytes[index + 1] : 0
      if byte == 0x22 {
        quoted.toggle()
      } else if byte == 0x2C, !quoted {
        break
      } else if byte == 0x5E, [0x6E, 0x4E, 0x5E, 0x27].contains(next) {  // ^n ^N ^^ ^'
        value.append(next == 0x5E ? 0x5E : next == 0x27 ? 0x22 : 0x0A)
        index += 1
      } else {
        value.append(byte)
      }
      index += 1
    }
    return String(decoding: value, as: UTF8.self)
  }
}
