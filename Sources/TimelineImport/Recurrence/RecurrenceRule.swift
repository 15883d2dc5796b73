/// A parsed RRULE (RFC 5545 §3.3.10): how often, how many or until when, and which
/// months, weeks, days and times within each period.
///
/// All BY parts are supported: BYSECOND, BYMINUTE, BYHOUR, BYDAY (with ordinals such as
/// `-1SU`), BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH and BYSETPOS, with WKST. Negative
/// values count from the end of the month or year.
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
}
