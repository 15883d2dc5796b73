import Foundation

/// The import window as seen by one series: instants for timed events, days in the
/// document's zone for all-day ones, and the local readings that bound the expansion.
struct LocalWindow {
  let zone: ResolvedZone
  let isDate: Bool
  let startInstant: Int
  let endInstant: Int
  let startDay: Int
  let endDay: Int
  /// Readings after this cannot overlap the window.
  let horizon: Int
  /// Readings before this cannot overlap the window.
  let skipTo: Int

  init(_ interval: DateInterval, zone: ResolvedZone, isDate: Bool, length: InstanceLength) {
    self.zone = zone
    self.isDate = isDate
    let bound = 300_000 * 366 * Civil.secondsPerDay  // far beyond the years 1...9999
    startInstant = max(-bound, min(bound, Int(interval.start.timeIntervalSince1970.rounded(.down))))
    endInstant = max(-bound, min(bound, Int(interval.end.timeIntervalSince1970.rounded(.up))))
    startDay = Civil.day(of: zone.local(atUTC: startInstant))
    endDay = Civil.day(of: zone.local(atUTC: endInstant))
    horizon = zone.local(atUTC: endInstant) + 2 * Civil.secondsPerDay
    skipTo = zone.local(atUTC: startInstant) - length.maximumSeconds - 2 * Civil.secondsPerDay
  }

  /// Whether an instance starting at `reading` and lasting `length` touches the window.
  func overlaps(_ reading: Int, _ length: InstanceLength) -> Bool {
    if isDate {
      let first = Civil.day(of: reading)
      var last = first
      if case .days(let days) = length { last += days }
      return last >= startDay && first <= endDay
    }
    let start = zone.instant(local: reading)
    var end = start
    switch length {
    case .exact(let seconds): end += seconds
    case .nominal(let duration):
      end = zone.instant(local: reading + duration.days * Civil.secondsPerDay) + duration.seconds
    case .none, .days: break
    }
    return end >= startInstant && start <= endInstant
  }

  /// Whether `time` (of an override standing alone) starts inside the window.
  func contains(_ factory: ItemFactory, _ time: ICalendarTime, notes: inout ImportSummary) -> Bool {
    if time.isDate { return time.day >= startDay && time.day <= endDay }
    let instant = factory.instant(of: time, notes: &notes)
    return instant >= startInstant && instant <= endInstant
  }
}
