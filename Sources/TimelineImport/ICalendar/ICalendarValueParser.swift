import TimelineCore

/// Parses the DATE, DATE-TIME, DURATION, PERIOD and UTC-OFFSET values of RFC 5545 §3.3
/// from the bytes of a property value; failures carry the offset of the problem.
///
/// Lenient where files in the wild need it: a DATE-TIME without `VALUE=` may be a DATE,
/// and second 60 (a leap second) is read as 59.
enum ICalendarValueParser {
  typealias Failure = ContentLine.Failure

  /// A DATE (`YYYYMMDD`) or DATE-TIME (`YYYYMMDDTHHMMSS[Z]`); `zone` applies unless the
  /// value ends in `Z`. `type` is the `VALUE` parameter (`DATE`, `DATE-TIME`) if given.
  static func time(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    zone: ICalendarTime.Zone, type: String?
  ) throws(Failure) -> ICalendarTime {
    let length = end - start
    let wantsDate = type?.uppercased() == "DATE"
    let expected =
      wantsDate ? "expected a DATE like 20260105" : "expected a DATE-TIME like 20260105T090000Z"
    guard length == 8 || length == 15 || length == 16 else {
      throw Failure(offset: start, message: expected)
    }
    let year = try number(bytes, start, 4, expected)
    let month = try number(bytes, start + 4, 2, expected)
    let day = try number(bytes, start + 6, 2, expected)
    // The date must exist and lie in the years 1...9999 the model supports.
    guard CalendarDay(year: year, month: month, day: day) != nil else {
      throw Failure(
        offset: start, message: "invalid date: no day \(day) in month \(month) of \(year)")
    }
    let days = CalendarDay.daysSinceEpoch(year: year, month: month, day: day)
    if length == 8 {
      return ICalendarTime(seconds: days * Civil.secondsPerDay, isDate: true, zone: .floating)
    }
    guard !wantsDate else { throw Failure(offset: start, message: expected) }
    guard ASCII.upper(bytes[start + 8]) == 0x54 else {  // T
      throw Failure(offset: start + 8, message: #"expected "T" between the date and the time"#)
    }
    let hour = try number(bytes, start + 9, 2, expected)
    let minute = try number(bytes, start + 11, 2, expected)
    let second = try number(bytes, start + 13, 2, expected)
    guard hour < 24, minute < 60, second <= 60 else {
      throw Failure(
        offset: start + 9, message: "invalid time: expected HHMMSS within 000000...235960")
    }
    guard length == 15 || ASCII.upper(bytes[start + 15]) == 0x5A else {  // Z
      throw Failure(offset: start + 15, message: #"expected "Z" or nothing after the time"#)
    }
    let seconds = days * Civil.secondsPerDay + hour * 3_600 + minute * 60 + min(second, 59)
    return ICalendarTime(seconds: seconds, isDate: false, zone: length == 16 ? .utc : zone)
  }

  /// A DURATION such as `P1W`, `P1DT2H`, `-PT15M`.
  static func duration(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) throws(Failure) -> ICalendarDuration {
    let expected = "expected a DURATION like P1D, PT1H30M or P2W"
    let end = range.upperBound
    var index = range.lowerBound
    var sign = 1
    if index < end, bytes[index] == 0x2B || bytes[index] == 0x2D {
      sign = bytes[index] == 0x2D ? -1 : 1
      index += 1
    }
    guard index < end, ASCII.upper(bytes[index]) == 0x50 else {  // P
      throw Failure(offset: index, message: expected)
    }
    index += 1
    var days = 0
    var seconds = 0
    var inTime = false
    var sawComponent = false
    while index < end {
      if ASCII.upper(bytes[index]) == 0x54 {  // T
        guard !inTime else { throw Failure(offset: index, message: expected) }
        inTime = true
        index += 1
        continue
      }
      let digitsStart = index
      var value = 0
      while index < end, bytes[index] &- 0x30 <= 9 {
        // Saturate: durations beyond ten million days are nonsense anyway.
        value = min(value * 10 + Int(bytes[index] &- 0x30), 10_000_000)
        index += 1
      }
      guard index > digitsStart, index < end else {
        throw Failure(offset: index, message: expected)
      }
      switch (ASCII.upper(bytes[index]), inTime) {
      case (0x57, false): days += value * 7  // W
      case (0x44, false): days += value  // D
      case (0x48, true): seconds += value * 3_600  // H
      case (0x4D, true): seconds += value * 60  // M
      case (0x53, true): seconds += value  // S
      default: throw Failure(offset: index, message: expected)
      }
      sawComponent = true
      index += 1
    }
    guard sawComponent else { throw Failure(offset: range.lowerBound, message: expected) }
    return ICalendarDuration(days: sign * days, seconds: sign * seconds)
  }

  /// A UTC-OFFSET such as `+0100`, `-0530` or `+013045`, in seconds.
  static func utcOffset(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) throws(Failure) -> Int {
    let expected = "expected a UTC offset like +0100 or -0530"
    let start = range.lowerBound
    guard range.count == 5 || range.count == 7, bytes[start] == 0x2B || bytes[start] == 0x2D
    else { throw Failure(offset: start, message: expected) }
    let hours = try number(bytes, start + 1, 2, expected)
    let minutes = try number(bytes, start + 3, 2, expected)
    let seconds = range.count == 7 ? try number(bytes, start + 5, 2, expected) : 0
    guard hours < 24, minutes < 60, seconds < 60 else {
      throw Failure(offset: start + 1, message: expected)
    }
    let total = hours * 3_600 + minutes * 60 + seconds
    return bytes[start] == 0x2D ? -total : total
  }

  /// A PERIOD `START/END` or `START/DURATION`.
  static func period(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, zone: ICalendarTime.Zone
  ) throws(Failure) -> ICalendarPeriod {
    let end = range.upperBound
    let slash = bytes[range].firstIndex(of: 0x2F) ?? end
    let first = try time(bytes, from: range.lowerBound, to: slash, zone: zone, type: "DATE-TIME")
    guard slash + 1 < end else {
      throw Failure(offset: slash, message: #"expected "/" and an end or a duration in the PERIOD"#)
    }
    let marker = bytes[slash + 1]
    if marker == 0x50 || marker == 0x70 || marker == 0x2B || marker == 0x2D {  // P p + -
      return ICalendarPeriod(start: first, end: .duration(try duration(bytes, slash + 1..<end)))
    }
    let last = try time(bytes, from: slash + 1, to: end, zone: zone, type: "DATE-TIME")
    return ICalendarPeriod(start: first, end: .time(last))
  }

  /// `count` decimal digits at `index`.
  private static func number(
    _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ count: Int, _ expected: String
  ) throws(Failure) -> Int {
    var value = 0
    for position in index..<index + count {
      let digit = bytes[position] &- 0x30
      guard digit <= 9 else { throw Failure(offset: position, message: expected) }
      value = value * 10 + Int(digit)
    }
    return value
  }

  /// A decimal integer with an optional sign and surrounding spaces, within `Int`'s range.
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    Int(String(decoding: bytes[EventRecord.trimmed(bytes, bytes.indices)], as: UTF8.self))
  }
}
