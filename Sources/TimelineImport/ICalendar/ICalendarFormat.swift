import TimelineCore

/// Writes iCalendar DATE and DATE-TIME values: `20260105` and `20260105T080000Z`.
enum ICalendarFormat {
  /// `YYYYMMDD` for a day since 1970-01-01.
  static func date(day: Int) -> String {
    let date = CalendarDay(daysSinceEpoch: day)
    return pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
  }

  /// `YYYYMMDDTHHMMSSZ` for a UTC instant in seconds since 1970.
  static func utc(instant: Int) -> String { dateTime(instant, "", "") + "Z" }

  /// `YYYY-MM-DDTHH:MM:SS` for a local reading.
  static func isoDateTime(_ reading: Int) -> String { dateTime(reading, "-", ":") }

  private static func dateTime(_ reading: Int, _ dash: String, _ colon: String) -> String {
    let date = CalendarDay(daysSinceEpoch: Civil.day(of: reading))
    let time = Civil.secondOfDay(reading)
    return pad(date.year, 4) + dash + pad(date.month, 2) + dash + pad(date.day, 2) + "T"
      + pad(time / 3_600, 2) + colon + pad(time / 60 % 60, 2) + colon + pad(time % 60, 2)
  }

  /// The part of an occurrence's id after its series' UID and `/`: the day of an all-day
  /// occurrence, else its instant in UTC.
  static func occurrence(_ key: Int, isDate: Bool) -> String {
    isDate ? date(day: key) : utc(instant: key)
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
