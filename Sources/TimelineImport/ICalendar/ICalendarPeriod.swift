/// An iCalendar PERIOD (RFC 5545 §3.3.9), as RDATE may give: a start, and an explicit end
/// or a duration.
struct ICalendarPeriod: Hashable, Sendable {
  enum End: Hashable, Sendable {
    case time(ICalendarTime)
    case duration(ICalendarDuration)
  }

  var start: ICalendarTime
  var end: End
}
