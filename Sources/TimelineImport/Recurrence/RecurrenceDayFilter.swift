/// Decides which days of a recurrence period are instances: BYMONTH, BYWEEKNO,
/// BYYEARDAY, BYMONTHDAY and BYDAY of RFC 5545 §3.3.10, with negative values counted from
/// the end and BYDAY ordinals counted within the month or the year as the frequency says.
///
/// Filtering every day of the period by every rule part is how python-dateutil and
/// libical implement the RFC's "expand" and "limit" table: the period supplies the
/// candidate days, and each part keeps those it names. A day that does not exist (such as
/// the 31st of April) is never a candidate, so it is skipped as the RFC requires.
///
/// ```swift
/// let filter = RecurrenceDayFilter(rule: rule, frequency: .monthly, weekStart: 0)
/// filter.matches(day: Civil.days(year: 2026, month: 2, day: 13))
/// ```
struct RecurrenceDayFilter {
  private let months: [Bool]
  private let monthDays: [Int]
  private let yearDays: [Int]
  private let weekNumbers: [Int]
  private let plainWeekdays: [Bool]
  private let ordinalWeekdays: [RecurrenceRule.WeekdayNumber]
  private let hasWeekdays: Bool
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
    var months = [Bool](repeating: byMonth.isEmpty, count: 13)
    for month in byMonth { months[month] = true }
    self.months = months
    monthDays = byMonthDay
    yearDays = rule.byYearDay
    weekNumbers = rule.byWeekNo
    // Ordinals only mean something in monthly and yearly rules (and not with BYWEEKNO).
    let ordinalsApply =
      (rule.frequency == .monthly || rule.frequency == .yearly) && rule.byWeekNo.isEmpty
    var plain = [Bool](repeating: false, count: 7)
    var ordinals: [RecurrenceRule.WeekdayNumber] = []
    for entry in byDay {
      if entry.ordinal == 0 || !ordinalsApply {
        plain[entry.weekday] = true
      } else {
        ordinals.append(entry)
      }
    }
    plainWeekdays = plain
    ordinalWeekdays = ordinals
    hasWeekdays = !byDay.isEmpty
    ordinalsInMonth = rule.frequency == .monthly || !byMonth.isEmpty
    weekStart = rule.weekStart
  }

  /// The months the rule allows (index 1...12), for iterating a year month by month.
  func allows(month: Int) -> Bool { months[month] }

  /// Whether `day` (days since 1970-01-01) passes every day-level part of the rule.
  func matches(day: Int) -> Bool {
    let date = Civil.date(ofDay: day)
    guard months[date.month] else { return false }
    if !monthDays.isEmpty {
      let length = Civil.daysInMonth(year: date.year, month: date.month)
      guard monthDays.contains(where: { $0 == date.day || $0 == date.day - length - 1 }) else {
        return false
      }
    }
    var yearDay = 0
    var yearLength = 0
    if !yearDays.isEmpty || !ordinalWeekdays.isEmpty {
      yearDay = day - Civil.days(year: date.year, month: 1, day: 1) + 1
      yearLength = Civil.daysInYear(date.year)
    }
    if !yearDays.isEmpty {
      guard yearDays.contains(where: { $0 == yearDay || $0 == yearDay - yearLength - 1 }) else {
        return false
      }
    }
    if !weekNumbers.isEmpty {
      let week = Civil.week(ofDay: day, weekStart: weekStart)
      guard weekNumbers.contains(where: { $0 == week.week || $0 == week.week - week.weeks - 1 })
      else { return false }
    }
    guard hasWeekdays else { return true }
    let weekday = Civil.weekday(ofDay: day)
    if plainWeekdays[weekday] { return true }
    guard !ordinalWeekdays.isEmpty else { return false }
    let (position, length) =
      ordinalsInMonth
      ? (date.day, Civil.daysInMonth(year: date.year, month: date.month)) : (yearDay, yearLength)
    let fromStart = (position - 1) / 7 + 1
    let fromEnd = -((length - position) / 7 + 1)
    return ordinalWeekdays.contains {
      $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd)
    }
  }
}
