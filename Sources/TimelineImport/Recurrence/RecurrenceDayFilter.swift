/// Decides which days of a recurrence period are instances: BYMONTH, BYWEEKNO,
/// BYYEARDAY, BYMONTHDAY and BYDAY of RFC 5545 §3.3.10, with negative values counted from
/// the end and BYDAY ordinals counted within the month or the year as the frequency says.
///
/// Filtering every day of the period by every rule part is how python-dateutil and
/// libical implement the RFC's "expand" and "limit" table: the period supplies the
/// candidate days, and each part keeps those it names. A day that does not exist (such as
/// the 31st of April) is never a candidate, so it is skipped as the RFC requires.
struct RecurrenceDayFilter {
  /// BYMONTH; empty for every month.
  private let months: [Int]
  private let monthDays: [Int]
  private let yearDays: [Int]
  private let weekNumbers: [Int]
  /// The weekdays of BYDAY entries that match every such weekday (no ordinal, or one that
  /// does not apply).
  private let plainWeekdays: [Int]
  private let ordinalWeekdays: [RecurrenceRule.WeekdayNumber]
  /// Whether BYDAY ordinals count within the month (else within the year).
  private let ordinalsInMonth: Bool
  private let weekStart: Int

  /// A filter for `rule` with the defaults of RFC 5545 filled in for `start` (the day of
  /// DTSTART): a yearly rule without day parts repeats DTSTART's month and day, a monthly
  /// one its day of the month, a weekly one its weekday.
  init(rule: RecurrenceRule, startDay: Int) {
    let start = Civil.date(ofDay: startDay)
    var byMonth = rule.byMonth
    var byMonthDay = rule.byMonthDay
    var byDay = rule.byDay
    if rule.byWeekNo.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
      switch rule.frequency {
      case .yearly:
        if byMonth.isEmpty { byMonth = [start.month] }
        byMonthDay = [start.day]
      case .monthly: byMonthDay = [start.day]
      case .weekly: byDay = [.init(ordinal: 0, weekday: Civil.weekday(ofDay: startDay))]
      default: break
      }
    }
    months = byMonth
    monthDays = byMonthDay
    yearDays = rule.byYearDay
    weekNumbers = rule.byWeekNo
    // Ordinals only mean something in monthly and yearly rules (and not with BYWEEKNO).
    let ordinalsApply =
      (rule.frequency == .monthly || rule.frequency == .yearly) && rule.byWeekNo.isEmpty
    plainWeekdays = byDay.filter { $0.ordinal == 0 || !ordinalsApply }.map(\.weekday)
    ordinalWeekdays = byDay.filter { $0.ordinal != 0 && ordinalsApply }
    ordinalsInMonth = rule.frequency == .monthly || !byMonth.isEmpty
    weekStart = rule.weekStart
  }

  /// The months the rule allows (1...12), for iterating a year month by month.
  func allows(month: Int) -> Bool { months.isEmpty || months.contains(month) }

  /// Whether `day` (days since 1970-01-01) passes every day-level part of the rule.
  func matches(day: Int) -> Bool {
    let date = Civil.date(ofDay: day)
    let monthLength = Civil.daysInMonth(year: date.year, month: date.month)
    let yearDay = day - Civil.days(year: date.year, month: 1, day: 1) + 1
    let yearLength = Civil.daysInYear(date.year)
    guard allows(month: date.month), Self.names(monthDays, date.day, of: monthLength),
      Self.names(yearDays, yearDay, of: yearLength)
    else { return false }
    if !weekNumbers.isEmpty {
      let week = Civil.week(ofDay: day, weekStart: weekStart)
      guard Self.names(weekNumbers, week.week, of: week.weeks) else { return false }
    }
    guard !plainWeekdays.isEmpty || !ordinalWeekdays.isEmpty else { return true }
    let weekday = Civil.weekday(ofDay: day)
    if plainWeekdays.contains(weekday) { return true }
    let (position, length) = ordinalsInMonth ? (date.day, monthLength) : (yearDay, yearLength)
    let fromStart = (position - 1) / 7 + 1
    let fromEnd = -((length - position) / 7 + 1)
    return ordinalWeekdays.contains {
      $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd)
    }
  }

  /// Whether `values` is empty or names `position` (1-based) in a period of `length`, where
  /// negative values count from the end (-1 is the last).
  private static func names(_ values: [Int], _ position: Int, of length: Int) -> Bool {
    values.isEmpty || values.contains { $0 == position || $0 == position - length - 1 }
  }
}
