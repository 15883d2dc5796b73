import Foundation

/// A day on the calendar without a time or a time zone, such as the `2015-12-06` of an
/// all-day item. It becomes an instant only in a time zone.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  // Stored narrow, so that a `TimelineDate` fits in 16 bytes and a million items stay small.
  private var storedYear: Int32
  private var storedMonth: UInt8
  private var storedDay: UInt8

  public var year: Int {
    get { Int(storedYear) }
    set { storedYear = Int32(clamping: newValue) }
  }
  public var month: Int {
    get { Int(storedMonth) }
    set { storedMonth = UInt8(clamping: newValue) }
  }
  public var day: Int {
    get { Int(storedDay) }
    set { storedDay = UInt8(clamping: newValue) }
  }

  private init(unchecked year: Int, _ month: Int, _ day: Int) {
    storedYear = Int32(clamping: year)
    storedMonth = UInt8(clamping: month)
    storedDay = UInt8(clamping: day)
  }

  /// Creates a day; returns `nil` unless it exists on the proleptic Gregorian calendar.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDay.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    self.init(unchecked: year, month, day)
  }

  /// Days since 1970-01-01 (negative before), independent of any time zone.
  public var daysSinceEpoch: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }

  /// Days since 1970-01-01 of a date of any year (calendar arithmetic may go beyond the
  /// years 1...9999); its month and day must exist.
  public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The day `count` days later (or earlier, for a negative count).
  public func adding(days count: Int) -> CalendarDay {
    CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
  }

  /// The day `days` days after 1970-01-01 (before, when negative).
  public init(daysSinceEpoch z0: Int) {
    let z = z0 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.init(unchecked: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// The calendar day on which `date` falls in `calendar`'s time zone.
  public init(_ date: Date, in calendar: Calendar) {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    self.init(unchecked: parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }

  /// The first instant of this day in `calendar`'s time zone (midnight, or the first
  /// existing instant after it when a DST change skips midnight).
  public func startDate(in calendar: Calendar) -> Date {
    let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
    return calendar.startOfDay(for: noon ?? Date(timeIntervalSince1970: 0))
  }

  /// The number of days in `month` (1…12) of `year` on the proleptic Gregorian calendar.
  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.storedYear, lhs.storedMonth, lhs.storedDay)
      < (rhs.storedYear, rhs.storedMonth, rhs.storedDay)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}
