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
struct ItemFactory {
  static let untitled = "Untitled"

  let resolver: ZoneResolver
  /// The zone of floating times: the document's.
  var floating: ResolvedZone

  /// The zone of `time`; a `TZID` that is not known is read as floating time and noted.
  func zone(of time: ICalendarTime, notes: inout ImportSummary) -> ResolvedZone {
    switch time.zone {
    case .utc: return .utc
    case .floating: return floating
    case .named(let name):
      if time.isDate { return floating }
      if let zone = resolver.zone(named: name) { return zone }
      notes.record(.unknownTimeZone(name, readAs: floating.name))
      return floating
    }
  }

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

  /// The length of `record`'s instances: from DTEND (events) or DUE (to-dos with a
  /// DTSTART), else from DURATION. Ends before the start, or of another type than the
  /// start (date vs date-time), are dropped and noted.
  func length(
    of record: EventRecord, startingAt start: ICalendarTime, in zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> InstanceLength {
    let endProperty = record.component == .event ? "DTEND" : "DUE"
    let explicitEnd =
      record.component == .event ? record.end : (record.start == nil ? nil : record.due)
    if let end = explicitEnd {
      guard end.isDate == start.isDate else {
        notes.record(
          .endIgnored(property: endProperty, reason: "it is not of the same type as DTSTART"))
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

  /// Fills the fields of `item` other than id, start and end from `record`.
  func fill(_ item: inout TimelineItem, from record: EventRecord, notes: inout ImportSummary) {
    let extensions = record.extensions
    if let summary = record.summary, !summary.isEmpty {
      item.title = summary
    } else {
      notes.record(.untitled(title: Self.untitled))
    }
    item.description = record.description.flatMap { $0.isEmpty ? nil : $0 }
    // The kind and status that STATUS, COMPLETED and PERCENT-COMPLETE imply (SPEC IO-2).
    var kind = ItemKind.event
    var status = ItemStatus.open
    switch record.status {
    case nil, "NEEDS-ACTION", "TENTATIVE", "CONFIRMED": break
    case "IN-PROCESS": status = .inProgress
    case "COMPLETED": status = .completed
    case "CANCELLED": kind = .inactive
    default: notes.record(.invalidValue(property: "STATUS"))
    }
    if status == .open {
      if record.completed || record.percentComplete == 100 {
        status = .completed
      } else if let percent = record.percentComplete, percent > 0 {
        status = .inProgress
      }
    }
    item.kind = extensions.kind ?? kind
    item.status = extensions.status ?? status
    item.priority = extensions.priority ?? record.priority.flatMap { $0 == 0 ? nil : 10 - $0 }
    if let attributes = extensions.attributes {
      item.attributes = attributes
    } else if let place = record.place, !place.isEmpty {
      item.attributes = [place]
    }
    item.supportingText =
      extensions.supportingText
      ?? (record.categories.isEmpty ? nil : record.categories.joined(separator: ", "))
    // The item is new: fields not given are already nil.
    for (name, field) in TimelineExtensions.textFields {
      if let text = extensions.texts[name] { item[keyPath: field] = text }
    }
  }

  /// Whether a UTC instant is safely inside the years 1...9999 in every zone.
  static func inRange(_ instant: Int) -> Bool {
    instant > CalendarDay.daysSinceEpoch(year: 1, month: 1, day: 2) * Civil.secondsPerDay
      && instant < CalendarDay.daysSinceEpoch(year: 9999, month: 12, day: 30) * Civil.secondsPerDay
  }

  /// 9999-12-31, which cannot end an all-day item: its exclusive DTEND would be in 10000.
  static let lastDay = CalendarDay(year: 9999, month: 12, day: 31)!

  static func date(_ instant: Int) -> Date { Date(timeIntervalSince1970: Double(instant)) }
}

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
