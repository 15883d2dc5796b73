/// An iCalendar PERIOD (RFC 5545 §3.3.9), as RDATE may give: a start, and an explicit end
/// or a duration.
///
/// ```swift
/// // RDATE;VALUE=PERIOD:20260110T120000Z/PT3H
/// ICalendarPeriod(start: noon, end: .duration(ICalendarDuration(days: 0, seconds: 10_800)))
/// ```
struct ICalendarPeriod: Hashable, Sendable {
  enum End: Hashable, Sendable {
    case time(ICalendarTime)
    case duration(ICalendarDuration)
  }

  var start: ICalendarTime
  var end: End
}
