/// A parsed RRULE (RFC 5545 §3.3.10): how often, how many or until when, and which
/// months, weeks, days and times within each period. Every BY part is supported, with WKST;
/// negative values count from the end of the month or year.
struct RecurrenceRule: Hashable, Sendable {
  /// The period unit, finest first so that frequencies compare by length.
  enum Frequency: Hashable, Sendable, Comparable, CaseIterable {
    case secondly, minutely, hourly, daily, weekly, monthly, yearly

    /// The length of one period in seconds, for sub-daily frequencies.
    var seconds: Int {
      switch self {
      case .secondly: 1
      case .minutely: 60
      case .hourly: 3_600
      default: 86_400
      }
    }
  }

  /// A BYDAY entry: a weekday (Monday 0 … Sunday 6), optionally the n-th of the month or
  /// year (negative: from the end; 0: every such weekday).
  struct WeekdayNumber: Hashable, Sendable {
    var ordinal: Int
    var weekday: Int
  }

  var frequency: Frequency
  var interval = 1
  var count: Int?
  var until: ICalendarTime?
  var bySecond: [Int] = []
  var byMinute: [Int] = []
  var byHour: [Int] = []
  var byDay: [WeekdayNumber] = []
  var byMonthDay: [Int] = []
  var byYearDay: [Int] = []
  var byWeekNo: [Int] = []
  var byMonth: [Int] = []
  var bySetPos: [Int] = []
  /// The first day of the week (Monday 0 … Sunday 6), default Monday.
  var weekStart = 0

  typealias Failure = ContentLine.Failure

  /// Parses an RRULE value such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`. Part names ignore
  /// case; unknown parts (extensions such as `X-NAME` or RFC 7529's `RSCALE`) are ignored; a
  /// repeated part keeps its last value. Errors give the offset of the offending value within
  /// `bytes`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> RecurrenceRule {
    // The parts that list integers in a range; signed ones may also count from the end.
    let lists: [(StaticString, WritableKeyPath<Self, [Int]>, ClosedRange<Int>, signed: Bool)] = [
      ("BYSECOND", \.bySecond, 0...60, false), ("BYMINUTE", \.byMinute, 0...59, false),
      ("BYHOUR", \.byHour, 0...23, false), ("BYMONTHDAY", \.byMonthDay, 1...31, true),
      ("BYYEARDAY", \.byYearDay, 1...366, true), ("BYWEEKNO", \.byWeekNo, 1...53, true),
      ("BYMONTH", \.byMonth, 1...12, false), ("BYSETPOS", \.bySetPos, 1...366, true),
    ]
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
      } else if let list = lists.first(where: { ASCII.equal(bytes, name, $0.0) }) {
        let (part, field, range, signed) = list
        rule[keyPath: field] = try integers(
          bytes, valueStart, end, range, part.description, list: true, signed: signed)
      } else if ASCII.equal(bytes, name, "BYDAY") {
        rule.byDay = try weekdays(bytes, valueStart, end)
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
    // In the order of the frequencies' cases.
    let names: [StaticString] = [
      "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
    ]
    guard let index = names.firstIndex(where: { ASCII.equal(bytes, start..<end, $0) }) else {
      throw Failure(
        offset: start,
        message: "expected FREQ to be SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
    }
    return Frequency.allCases[index]
  }

  /// A comma-separated list (or one value) of integers within `range`; when `signed`, a list
  /// of integers within `range` or its negation (counting from the end).
  private static func integers(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ range: ClosedRange<Int>,
    _ name: String, list: Bool = false, signed: Bool = false
  ) throws(Failure) -> [Int] {
    let values = try signedValues(bytes, start, end, name, list: list || signed)
    for (offset, value) in values where !range.contains(signed ? abs(value) : value) {
      let negated = signed ? " or -\(range.upperBound)...-1" : ""
      throw Failure(
        offset: offset,
        message: "expected \(name) within \(range.lowerBound)...\(range.upperBound)\(negated)")
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
      let (index, dayIndex) = (item.startIndex, item.endIndex - 2)
      guard dayIndex >= index, let day = weekday(bytes, dayIndex) else {
        throw Failure(offset: index, message: "expected BYDAY entries like MO, 2TU or -1SU")
      }
      var ordinal = 0
      if dayIndex > index {
        ordinal = try signedValues(bytes, index, dayIndex, "BYDAY", list: false)[0].1
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
    let names: [StaticString] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    return names.firstIndex { ASCII.equal(bytes, index..<index + 2, $0) }
  }
}
