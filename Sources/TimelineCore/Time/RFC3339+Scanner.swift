extension RFC3339 {
  /// Reads the fields of an RFC 3339 text from left to right.
  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    func failure(_ reason: String) -> RFC3339Error {
      RFC3339Error(text: String(decoding: bytes, as: UTF8.self), reason: reason)
    }

    /// Consumes one byte if it is `byte` or `alternative`.
    mutating func skip(_ byte: UInt8, or alternative: UInt8? = nil) -> Bool {
      guard index < bytes.count, bytes[index] == byte || bytes[index] == alternative else {
        return false
      }
      index += 1
      return true
    }

    /// Consumes `byte` or fails, naming what was `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(RFC3339Error) {
      guard skip(byte) else { throw failure("expected \(expected)") }
    }

    /// Reads exactly `count` decimal digits and checks the value against `low...high`.
    mutating func number(
      digits count: Int, named name: StaticString, in low: Int, _ high: Int
    ) throws(RFC3339Error) -> Int {
      guard index + count <= bytes.count else { throw failure(RFC3339.expectedForm) }
      var value = 0
      for position in index..<index + count {
        let digit = bytes[position] &- 0x30
        guard digit <= 9 else { throw failure(RFC3339.expectedForm) }
        value = value * 10 + Int(digit)
      }
      index += count
      guard value >= low, value <= high else {
        throw failure("\(name) must be \(low)...\(high)")
      }
      return value
    }

    /// Reads `YYYY-MM-DD` and checks that the day exists.
    mutating func calendarDay() throws(RFC3339Error) -> CalendarDay {
      let year = try number(digits: 4, named: "year", in: 1, 9999)
      try expect(0x2D, "\"-\" after the year")
      let month = try number(digits: 2, named: "month", in: 1, 12)
      try expect(0x2D, "\"-\" after the month")
      let day = try number(digits: 2, named: "day", in: 1, 31)
      guard let calendarDay = CalendarDay(year: year, month: month, day: day) else {
        let last = (28...30).last(where: { CalendarDay(year: year, month: month, day: $0) != nil })
        let monthText = String(
          CalendarDay(year: year, month: month, day: 1)?.description.prefix(7) ?? "")
        throw failure("day must be 1...\(last ?? 28) in \(monthText)")
      }
      return calendarDay
    }

    /// Reads an optional `.fraction` of a second.
    mutating func fraction() throws(RFC3339Error) -> Double {
      guard skip(0x2E) else { return 0 }
      var numerator = 0
      var denominator = 1
      let start = index
      while index < bytes.count, bytes[index] &- 0x30 <= 9 {
        // Nanoseconds are plenty; further digits are read but not kept.
        if index - start < 9 {
          numerator = numerator * 10 + Int(bytes[index] - 0x30)
          denominator *= 10
        }
        index += 1
      }
      guard index > start else { throw failure("expected a digit after \".\"") }
      return Double(numerator) / Double(denominator)
    }

    /// Reads `Z` or `±HH:MM`, returning the offset from UTC in seconds.
    mutating func offset() throws(RFC3339Error) -> Int {
      if skip(0x5A, or: 0x7A) { return 0 }  // Z z
      let sign: Int
      if skip(0x2B) {  // +
        sign = 1
      } else if skip(0x2D) {  // -
        sign = -1
      } else {
        throw failure(RFC3339.expectedForm)
      }
      let hours = try number(digits: 2, named: "offset hour", in: 0, 23)
      try expect(0x3A, "\":\" in the offset")
      let minutes = try number(digits: 2, named: "offset minute", in: 0, 59)
      return sign * (hours * 3_600 + minutes * 60)
    }
  }
}
