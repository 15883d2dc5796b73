extension RecurrenceRule {
  typealias Failure = ContentLine.Failure

  /// Parses an RRULE value such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`.
  ///
  /// Part names ignore case; unknown parts (extensions such as `X-NAME` or RFC 7529's
  /// `RSCALE`) are ignored; a repeated part keeps its last value. Errors give the offset
  /// of the offending value within `bytes`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> RecurrenceRule {
    var rule = RecurrenceRule(frequency: .daily)
    var sawFrequency = false
    var index = 0
    while index < bytes.count {
      let end = bytes[index...].firstIndex(of: 0x3B) ?? bytes.count  // ;
      let equals = bytes[index..<end].firstIndex(of: 0x3D) ?? end  // =
      guard equals < end, equals > index else {
        throw Failure(offset: index, message: "expected NAME=VALUE in the RRULE")
      }
      let valueStart = equals + 1
      let name = index..<equals
      if ASCII.equal(bytes, name, "FREQ") {
        rule.frequency = try frequency(bytes, valueStart, end)
        sawFrequency = true
      } else if ASCII.equal(bytes, name, "INTERVAL") {
        rule.interval = try integers(bytes, valueStart, end, 1...1_000_000, "INTERVAL")[0]
      } else if ASCII.equal(bytes, name, "COUNT") {
        rule.count = try integers(bytes, valueStart, end, 1...1_000_000_000, "COUNT")[0]
      } else if ASCII.equal(bytes, name, "UNTIL") {
        rule.until = try ICalendarValueParser.time(
          bytes, from: valueStart, to: end, zone: .floating, type: nil)
      } else if ASCII.equal(bytes, name, "BYSECOND") {
        rule.bySecond = try integers(bytes, valueStart, end, 0...60, "BYSECOND", list: true)
      } else if ASCII.equal(bytes, name, "BYMINUTE") {
        rule.byMinute = try integers(bytes, valueStart, end, 0...59, "BYMINUTE", list: true)
      } else if ASCII.equal(bytes, name, "BYHOUR") {
        rule.byHour = try integers(bytes, valueStart, end, 0...23, "BYHOUR", list: true)
      } else if ASCII.equal(bytes, name, "BYDAY") {
        rule.byDay = try weekdays(bytes, valueStart, end)
      } else if ASCII.equal(bytes, name, "BYMONTHDAY") {
        rule.byMonthDay = try signed(bytes, valueStart, end, 31, "BYMONTHDAY")
      } else if ASCII.equal(bytes, name, "BYYEARDAY") {
        rule.byYearDay = try signed(bytes, valueStart, end, 366, "BYYEARDAY")
      } else if ASCII.equal(bytes, name, "BYWEEKNO") {
        rule.byWeekNo = try signed(bytes, valueStart, end, 53, "BYWEEKNO")
      } else if ASCII.equal(bytes, name, "BYMONTH") {
        rule.byMonth = try integers(bytes, valueStart, end, 1...12, "BYMONTH", list: true)
      } else if ASCII.equal(bytes, name, "BYSETPOS") {
        rule.bySetPos = try signed(bytes, valueStart, end, 366, "BYSETPOS")
      } else if ASCII.equal(bytes, name, "WKST") {
        guard end - valueStart == 2, let day = weekday(bytes, valueStart) else {
          throw Failure(offset: valueStart, message: "expected a weekday (MO, TU, … SU) for WKST")
        }
        rule.weekStart = day
      }
      index = end + 1
    }
    guard sawFrequency else {
      throw Failure(offset: 0, message: "expected FREQ=… in the RRULE")
    }
    return rule
  }

  private static func frequency(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) throws(Failure) -> Frequency {
    // In the order of the frequencies' raw values.
    let names: [StaticString] = [
      "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
    ]
    guard let index = names.firstIndex(where: { ASCII.equal(bytes, start..<end, $0) }) else {
      throw Failure(
        offset: start,
        message: "expected FREQ to be SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
    }
    return Frequency(rawValue: index)!
  }

  /// A comma-separated list (or one value) of integers within `range`.
  private static func integers(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ range: ClosedRange<Int>,
    _ name: String, list: Bool = false
  ) throws(Failure) -> [Int] {
    let values = try signedValues(bytes, start, end, name, list: list)
    for (offset, value) in values where !range.contains(value) {
      throw Failure(
        offset: offset, message: "expected \(name) within \(range.lowerBound)...\(range.upperBound)"
      )
    }
    return values.map(\.1)
  }

  /// A list of non-zero integers within `-limit...limit`.
  private static func signed(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ limit: Int, _ name: String
  ) throws(Failure) -> [Int] {
    let values = try signedValues(bytes, start, end, name, list: true)
    for (offset, value) in values where value == 0 || abs(value) > limit {
      throw Failure(
        offset: offset, message: "expected \(name) within 1...\(limit) or -\(limit)...-1")
    }
    return values.map(\.1)
  }

  private static func signedValues(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ name: String, list: Bool
  ) throws(Failure) -> [(Int, Int)] {
    var values: [(Int, Int)] = []
    var index = start
    while true {
      let valueStart = index
      var sign = 1
      if index < end, bytes[index] == 0x2B || bytes[index] == 0x2D {
        sign = bytes[index] == 0x2D ? -1 : 1
        index += 1
      }
      let digits = index
      var value = 0
      while index < end, bytes[index] &- 0x30 <= 9, index - digits < 10 {
        value = value * 10 + Int(bytes[index] &- 0x30)
        index += 1
      }
      guard index > digits, index == end || (list && bytes[index] == 0x2C) else {
        let what = list ? "a list of integers" : "an integer"
        throw Failure(offset: valueStart, message: "expected \(what) for \(name)")
      }
      values.append((valueStart, sign * value))
      if index == end { return values }
      index += 1
    }
  }

  /// BYDAY entries such as `MO`, `2TU`, `-1SU`.
  private static func weekdays(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) throws(Failure) -> [WeekdayNumber] {
    var result: [WeekdayNumber] = []
    for item in bytes[start..<end].split(separator: 0x2C, omittingEmptySubsequences: false) {
      let (index, itemEnd) = (item.startIndex, item.endIndex)
      let expected = "expected BYDAY entries like MO, 2TU or -1SU"
      guard itemEnd - index >= 2, let day = weekday(bytes, itemEnd - 2) else {
        throw Failure(offset: index, message: expected)
      }
      var ordinal = 0
      if itemEnd - 2 > index {
        let numbers = try signedValues(bytes, index, itemEnd - 2, "BYDAY", list: false)
        ordinal = numbers[0].1
        guard ordinal != 0, abs(ordinal) <= 53 else {
          throw Failure(
            offset: index, message: "expected a BYDAY ordinal within 1...53 or -53...-1")
        }
      }
      result.append(WeekdayNumber(ordinal: ordinal, weekday: day))
    }
    return result
  }

  /// The weekday named by the two letters at `index` (Monday 0), if any.
  private static func weekday(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
    weekdayNames.firstIndex { ASCII.equal(bytes, index..<index + 2, $0) }
  }
}
