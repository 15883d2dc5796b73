/// An iCalendar DURATION (RFC 5545 §3.3.6): nominal days (weeks count 7) that follow the
/// wall clock across daylight-saving changes, and exact seconds.
///
/// ```swift
/// // P1DT2H: one calendar day, then two exact hours.
/// ICalendarDuration(days: 1, seconds: 7_200)
/// ```
struct ICalendarDuration: Hashable, Sendable {
  var days: Int
  var seconds: Int

  var isNegative: Bool { days < 0 || seconds < 0 }
}
