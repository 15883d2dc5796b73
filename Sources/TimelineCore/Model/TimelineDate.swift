import Foundation

/// When an item starts or ends: an instant (a date-time with an offset), or a whole day.
public enum TimelineDate: Sendable, Hashable {
  /// A point in time, e.g. `2026-11-21T09:45:00+01:00`.
  case instant(Date)
  /// An all-day date, e.g. `2015-12-06`, interpreted in the timeline's time zone.
  case day(CalendarDay)

  /// Whether this is an all-day date.
  public var isAllDay: Bool {
    if case .day = self { return true }
    return false
  }

  /// The instant the date starts: the instant itself, or the start of the day in
  /// `calendar`'s time zone.
  public func start(in calendar: Calendar) -> Date {
    switch self {
    case .instant(let date): date
    case .day(let day): day.startDate(in: calendar)
    }
  }

}
