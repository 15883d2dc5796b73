import Foundation
import TimelineCore

/// How long each instance of an event lasts, worked out once from DTEND, DUE or DURATION
/// and applied to every start (RFC 5545 §3.8.5.3: DTEND gives every instance the same exact
/// duration; DURATION's days follow the wall clock, its hours are exact).
enum InstanceLength: Hashable {
  /// A point in time, or a single day.
  case none
  /// Exact seconds after the start.
  case exact(Int)
  /// Nominal days on the wall clock, then exact seconds.
  case nominal(ICalendarDuration)
  /// All-day: the last day is this many days after the first.
  case days(Int)

  /// The model's end for an instance starting at the local reading `start`: a day for an
  /// all-day instance, an instant otherwise, whichever length it was given (an all-day
  /// series can take an RDATE period in hours: it covers the days those hours touch).
  func end(after start: Int, isDate: Bool, in zone: ResolvedZone) -> TimelineDate? {
    if isDate {
      let first = Civil.day(of: start)
      let seconds: Int
      switch self {
      case .none: return nil
      case .days(let days): return .day(CalendarDay(daysSinceEpoch: first + days))
      case .exact(let exact): seconds = exact
      case .nominal(let duration): seconds = duration.days * Civil.secondsPerDay + duration.seconds
      }
      let extraDays = max(0, seconds - 1) / Civil.secondsPerDay
      return extraDays > 0 ? .day(CalendarDay(daysSinceEpoch: first + extraDays)) : nil
    }
    let end: Int
    switch self {
    case .none: return nil
    case .days(let days): end = zone.instant(local: start + (days + 1) * Civil.secondsPerDay)
    case .exact(let seconds): end = zone.instant(local: start) + seconds
    case .nominal(let duration):
      end = zone.instant(local: start + duration.days * Civil.secondsPerDay) + duration.seconds
    }
    return .instant(ItemFactory.date(end))
  }

  /// The longest the instance can last, in seconds, for windowing.
  var maximumSeconds: Int {
    switch self {
    case .none: 0
    case .days(let days): (days + 1) * Civil.secondsPerDay
    case .exact(let seconds): seconds
    case .nominal(let duration): duration.days * Civil.secondsPerDay + duration.seconds + 7_200
    }
  }
}
