import TimelineCore

/// Calendar arithmetic on wall-clock readings counted in seconds since
/// 1970-01-01T00:00:00 (local time, no zone), on the proleptic Gregorian calendar.
///
/// Recurrence rules are defined in local time (RFC 5545 §3.3.10): "every day at 09:00"
/// means 09:00 on the wall clock whatever the UTC offset, so rules are expanded here and
/// each reading is placed in its zone afterwards (see ``ResolvedZone``).
enum Civil {
  static let secondsPerDay = 86_400

  /// `value / divisor` rounded towards negative infinity.
  @inline(__always)
  static func floorDiv(_ value: Int, _ divisor: Int) -> Int {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  /// `value` modulo `divisor`, always in `0..<divisor` for a positive divisor.
  @inline(__always)
  static func floorMod(_ value: Int, _ divisor: Int) -> Int {
    value - floorDiv(value, divisor) * divisor
  }

  /// The day (days since 1970-01-01) of a local reading.
  @inline(__always)
  static func day(of seconds: Int) -> Int { floorDiv(seconds, secondsPerDay) }

  /// The second of the day (0..<86400) of a local reading.
  @inline(__always)
  static func secondOfDay(_ seconds: Int) -> Int { floorMod(seconds, secondsPerDay) }

  /// Days since 1970-01-01 of a date, which must be valid (see ``isValid(year:month:day:)``).
  static func days(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil, valid for any year.
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The year, month and day of a day since 1970-01-01.
  static func date(ofDay days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// Monday 0 … Sunday 6.
  @inline(__always)
  static func weekday(ofDay days: Int) -> Int { floorMod(days + 3, 7) }

  static func daysInMonth(year: Int, month: Int) -> Int {
    CalendarDay.daysInMonth(year: year, month: month)
  }

  /// February's 28 or 29 days and the 337 of the other months.
  static func daysInYear(_ year: Int) -> Int { daysInMonth(year: year, month: 2) + 337 }

  /// Whether the date exists and lies in the years 1...9999 the model supports.
  static func isValid(year: Int, month: Int, day: Int) -> Bool {
    CalendarDay(year: year, month: month, day: day) != nil
  }

  /// The first day of ISO-style week 1 of `year` for weeks starting on `weekStart`
  /// (Monday 0): the week that holds at least four days of the year.
  static func firstWeekStart(year: Int, weekStart: Int) -> Int {
    let january1 = days(year: year, month: 1, day: 1)
    let intoWeek = floorMod(weekday(ofDay: january1) - weekStart, 7)
    let start = january1 - intoWeek
    return 7 - intoWeek >= 4 ? start : start + 7
  }

  /// The week number of `day` and the number of weeks of its week-numbering year: the
  /// calendar year, the one before or the one after, the last whose week 1 has begun.
  static func week(ofDay day: Int, weekStart: Int) -> (week: Int, weeks: Int) {
    var year = date(ofDay: day).year + 1
    while day < firstWeekStart(year: year, weekStart: weekStart) { year -= 1 }
    let first = firstWeekStart(year: year, weekStart: weekStart)
    let weeks = (firstWeekStart(year: year + 1, weekStart: weekStart) - first) / 7
    return ((day - first) / 7 + 1, weeks)
  }
}
