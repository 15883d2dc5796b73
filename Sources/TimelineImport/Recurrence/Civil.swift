import TimelineCore

/// Calendar arithmetic on wall-clock readings, in seconds since 1970-01-01T00:00:00 local
/// time (no zone), on the proleptic Gregorian calendar. Recurrence rules are defined in local
/// time (RFC 5545 §3.3.10: "every day at 09:00" means 09:00 whatever the UTC offset), so they
/// are expanded here and each reading is placed in its zone afterwards (see ``ResolvedZone``).
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

  /// Monday 0 … Sunday 6.
  @inline(__always)
  static func weekday(ofDay days: Int) -> Int { floorMod(days + 3, 7) }

  /// The first day of ISO-style week 1 of `year` for weeks starting on `weekStart`
  /// (Monday 0): the week that holds at least four days of the year.
  static func firstWeekStart(year: Int, weekStart: Int) -> Int {
    let january1 = CalendarDay.daysSinceEpoch(year: year, month: 1, day: 1)
    let intoWeek = floorMod(weekday(ofDay: january1) - weekStart, 7)
    let start = january1 - intoWeek
    return 7 - intoWeek >= 4 ? start : start + 7
  }

  /// The week number of `day` and the number of weeks of its week-numbering year: the
  /// calendar year, the one before or the one after, the last whose week 1 has begun.
  static func week(ofDay day: Int, weekStart: Int) -> (week: Int, weeks: Int) {
    var year = CalendarDay(daysSinceEpoch: day).year + 1
    while day < firstWeekStart(year: year, weekStart: weekStart) { year -= 1 }
    let first = firstWeekStart(year: year, weekStart: weekStart)
    let weeks = (firstWeekStart(year: year + 1, weekStart: weekStart) - first) / 7
    return ((day - first) / 7 + 1, weeks)
  }
}
