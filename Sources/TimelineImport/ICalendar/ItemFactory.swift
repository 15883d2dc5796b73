import Foundation
import TimelineCore

/// Makes timeline items from collected ``EventRecord``s: places their times in zones,
/// works out ends, and maps iCalendar properties onto the model's fields.
///
/// Mapping: SUMMARY → title (`Untitled` when absent), DESCRIPTION → description, LOCATION
/// → the first attribute, CATEGORIES → supporting text (joined with ", "), PRIORITY 1
/// (high) … 9 (low) → priority 9 … 1 (higher is more important), STATUS NEEDS-ACTION →
/// open, IN-PROCESS → in progress, COMPLETED → completed, CANCELLED → kind inactive;
/// COMPLETED or PERCENT-COMPLETE 100 → completed, PERCENT-COMPLETE above 0 → in progress
/// (unless STATUS says more). `X-TIMELINE-*` properties override all of these.
///
/// ```swift
/// var factory = ItemFactory(resolver: resolver, floating: berlin)
/// let item = factory.item(from: record, id: "standup@example.com", notes: &summary)
/// ```
struct ItemFactory {
  static let untitled = "Untitled"

  let resolver: ZoneResolver
  /// The zone of floating times: the document's.
  var floating: ResolvedZone

  /// The zone of `time`; a `TZID` that is not known is read as floating time and noted.
  func zone(of time: ICalendarTime, notes: inout ImportSummary) -> ResolvedZone {
    switch time.zone {
    case .utc: return ZoneResolver.utc
    case .floating: return floating
    case .named(let name):
      if time.isDate { return floating }
      if let zone = resolver.zone(named: name) { return zone }
      notes.record(.unknownTimeZone(name, readAs: floating.name))
      return floating
    }
  }

  /// Whether every time of `record` has a known zone.
  func knowsZones(of record: EventRecord) -> Bool {
    record.allTimes.allSatisfy { time in
      guard case .named(let name) = time.zone, !time.isDate else { return true }
      return resolver.zone(named: name) != nil
    }
  }

  /// The UTC instant (seconds since 1970) of a DATE-TIME, or midnight UTC of a DATE.
  func instant(of time: ICalendarTime, notes: inout ImportSummary) -> Int {
    if time.isDate { return time.seconds }
    return zone(of: time, notes: &notes).instant(local: time.seconds)
  }

  /// The item for a single (non-recurring) record, or `nil` if it has no start.
  func item(from record: EventRecord, id: String, notes: inout ImportSummary) -> TimelineItem? {
    guard let startTime = record.startTime else {
      notes.record(.missingStart(component: record.component.rawValue))
      return nil
    }
    let zone = self.zone(of: startTime, notes: &notes)
    let length = self.length(of: record, startingAt: startTime, in: zone, notes: &notes)
    return item(
      from: record, id: id, start: startTime.seconds, isDate: startTime.isDate, zone: zone,
      length: length, notes: &notes)
  }

  /// The item for `record` starting at the local reading `start` in `zone`.
  func item(
    from record: EventRecord, id: String, start: Int, isDate: Bool, zone: ResolvedZone,
    length: InstanceLength, notes: inout ImportSummary
  ) -> TimelineItem? {
    let startInstant = isDate ? start : zone.instant(local: start)
    guard Self.inRange(startInstant) else {
      notes.record(.outOfRange)
      return nil
    }
    let startDate: TimelineDate =
      isDate
      ? .day(CalendarDay(daysSinceEpoch: Civil.day(of: start))) : .instant(Self.date(startInstant))
    var item = TimelineItem(id: id, title: Self.untitled, start: startDate)
    item.end = length.end(after: start, isDate: isDate, in: zone)
    switch item.end {
    case .instant(let date)? where !Self.inRange(Int(date.timeIntervalSince1970)):
      item.end = nil
      notes.record(.endIgnored(property: "end", reason: "it lies outside the years 1 to 9999"))
    case .instant(let date)? where date.timeIntervalSince1970 < Double(startInstant):
      // Possible only in zones whose offset changes by more than the event's length.
      item.end = nil
      notes.record(.endIgnored(property: "end", reason: "it is before the start in its zone"))
    case .day(let day)? where day >= Self.lastDay:
      // The exclusive DTEND after it would lie beyond the year 9999.
      item.end = nil
      notes.record(.endIgnored(property: "end", reason: "it lies outside the years 1 to 9999"))
    default: break
    }
    fill(&item, from: record, notes: &notes)
    return item
  }

  /// Whether a UTC instant is safely inside the years 1...9999 in every zone.
  static func inRange(_ instant: Int) -> Bool {
    instant > Civil.days(year: 1, month: 1, day: 2) * Civil.secondsPerDay
      && instant < Civil.days(year: 9999, month: 12, day: 30) * Civil.secondsPerDay
  }

  /// 9999-12-31, which cannot end an all-day item: its exclusive DTEND would be in 10000.
  static let lastDay = CalendarDay(year: 9999, month: 12, day: 31)!

  static func date(_ instant: Int) -> Date { Date(timeIntervalSince1970: Double(instant)) }
}
