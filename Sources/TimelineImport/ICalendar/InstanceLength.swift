import Foundation
import TimelineCore

/// How long each instance of an event lasts, worked out once from DTEND, DUE or DURATION
/// and applied to every start (RFC 5545 §3.8.5.3: DTEND gives every instance the same exact
/// duration; DURATION's days follow the wall clock, its hours are exact).
///
/// ```swift
/// InstanceLength.exact(3_600).end(after: nine, isDate: false, in: berlin)  // ten o'clock
/// InstanceLength.days(2).end(after: day, isDate: true, in: berlin)         // .day(day + 2)
/// ```
enum InstanceLength: Hashable {
  /// A point in time, or a single day.
  case none
  /// Exact seconds after the start.
  case exact(Int)
  /// Nominal days on the wall clock, then exact seconds.
  case nominal(ICalendarDuration)
  /// All-day: the last day is this many days after the first.
  case days(Int)

  /// The model's end for an instance starting at the local reading `start`.
  func end(after start: Int, isDate: Bool, in zone: ResolvedZone) -> TimelineDate? {
    switch self {
    case .none: return nil
    case .days(let days): return .day(Civil.calendarDay(Civil.day(of: start) + days))
    case .exact(let seconds):
      return .instant(ItemFactory.date(zone.instant(local: start) + seconds))
    case .nominal(let duration):
      let end = zone.instant(local: start + duration.days * Civil.secondsPerDay) + duration.seconds
      return .instant(ItemFactory.date(end))
    }
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

extension ItemFactory {
  /// The length of `record`'s instances: from DTEND (events) or DUE (to-dos with a
  /// DTSTART), else from DURATION. Ends before the start, or of another type than the
  /// start (date vs date-time), are dropped and noted.
  func length(
    of record: EventRecord, startingAt start: ICalendarTime, in zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> InstanceLength {
    let endProperty = record.component == .event ? "DTEND" : "DUE"
    let explicitEnd = record.component == .event ? record.end : (record.start == nil ? nil : record.due)
    if let end = explicitEnd {
      guard end.isDate == start.isDate else {
        notes.record(.endIgnored(property: endProperty, reason: "it is not of the same type as DTSTART"))
        return .none
      }
      if start.isDate {
        // DTEND is exclusive; DUE names the last day.
        let last = end.day - (record.component == .event ? 1 : 0)
        if last >= start.day { return .days(last - start.day) }
        if end.day < start.day {
          notes.record(.endIgnored(property: endProperty, reason: "it is before DTSTART"))
        }
        return .none
      }
      let seconds = instant(of: end, notes: &notes) - zone.instant(local: start.seconds)
      guard seconds >= 0 else {
        notes.record(.endIgnored(property: endProperty, reason: "it is before DTSTART"))
        return .none
      }
      return .exact(seconds)
    }
    guard let duration = record.duration, record.start != nil else { return .none }
    guard !duration.isNegative else {
      notes.record(.endIgnored(property: "DURATION", reason: "it is negative"))
      return .none
    }
    if start.isDate {
      return duration.days >= 1 ? .days(duration.days - 1) : .none
    }
    return .nominal(duration)
  }
}
