/// An iCalendar DURATION (RFC 5545 §3.3.6): nominal days (weeks count 7) that follow the
/// wall clock across daylight-saving changes, and exact seconds.
struct ICalendarDuration: Hashable, Sendable {
  var days: Int
  var seconds: Int

  var isNegative: Bool { days < 0 || seconds < 0 }
}
