import Foundation
import TimelineCore

/// Expands one recurring event (RFC 5545 §3.8.5): the instances of its RRULEs (DTSTART
/// first), plus RDATEs, minus EXDATEs, with RECURRENCE-ID overrides replacing the
/// instances they name, inside the import window and up to the instance limit.
///
/// COUNT counts the instances the rule generates before EXDATEs are removed, as the RFC
/// says. Each item's id is the UID followed by `/` and the instance's original start
/// (`20260105T080000Z`, or `20260105` for all-day instances).
struct SeriesExpansion {
  let factory: ItemFactory
  let options: ImportOptions

  /// One instance: its local start, and a period's own end when RDATE gives one.
  struct Instance {
    var start: Int
    var length: InstanceLength?
  }

  func items(
    master: EventRecord, overrides: [EventRecord], baseID: String, notes: inout ImportSummary
  ) -> [TimelineItem] {
    guard let start = master.startTime else {
      notes.record(.missingStart(component: master.component.rawValue))
      return []
    }
    let zone = factory.zone(of: start, notes: &notes)
    let length = factory.length(of: master, startingAt: start, in: zone, notes: &notes)
    let window = LocalWindow(options.window, zone: zone, isDate: start.isDate, length: length)
    var instances = ruleInstances(master, start, zone, window, length, notes: &notes)
    instances += extraDates(master, start, zone, notes: &notes)
    let isExcluded = exclusionTest(master, start, zone, notes: &notes)
    // Readings that name the same instant (a reading in a DST gap moves onto the next
    // hour) are one instance.
    var seen = Set<Int>()
    instances = instances.filter { instance in
      window.overlaps(instance.start, instance.length ?? length)
        && !isExcluded(instance.start)
        && seen.insert(window.key(instance.start)).inserted
    }
    instances.sort { $0.start < $1.start }
    if instances.count > options.instanceLimit {
      instances.removeLast(instances.count - options.instanceLimit)
      notes.record(.recurrenceCapped(limit: options.instanceLimit))
    }
    var changes: [Int: EventRecord] = [:]
    for var override in overrides {
      guard let original = override.recurrenceID else { continue }
      if override.thisAndFuture { notes.record(.rangeNotSupported) }
      if override.start == nil { override.start = original }
      changes[window.key(reading(of: original, start, zone, notes: &notes))] = override
    }
    var items: [TimelineItem] = []
    for instance in instances {
      let key = window.key(instance.start)
      let id = baseID + "/" + ICalendarFormat.occurrence(key, isDate: start.isDate)
      if let override = changes.removeValue(forKey: key) {
        if let item = factory.item(from: override, id: id, notes: &notes) { items.append(item) }
      } else if let item = factory.item(
        from: master, id: id, start: instance.start, isDate: start.isDate, zone: zone,
        length: instance.length ?? length, notes: &notes)
      {
        items.append(item)
      }
    }
    // Overrides of instances the rules do not produce (or outside the window) stand alone.
    for (key, override) in changes.sorted(by: { $0.key < $1.key }) {
      guard let time = override.start, window.contains(factory, time, notes: &notes) else {
        continue
      }
      let id = baseID + "/" + ICalendarFormat.occurrence(key, isDate: start.isDate)
      if let item = factory.item(from: override, id: id, notes: &notes) { items.append(item) }
    }
    return items
  }

  /// The readings of every RRULE, DTSTART included, within the window's horizon.
  private func ruleInstances(
    _ master: EventRecord, _ start: ICalendarTime, _ zone: ResolvedZone, _ window: LocalWindow,
    _ length: InstanceLength, notes: inout ImportSummary
  ) -> [Instance] {
    guard !master.rules.isEmpty else { return [Instance(start: start.seconds)] }
    var result: [Instance] = []
    for rule in master.rules {
      if start.isDate, rule.frequency < .daily {
        notes.record(.invalidValue(property: "RRULE"))
        result.append(Instance(start: start.seconds))
        continue
      }
      var expander = RecurrenceExpander(
        rule: rule, start: start.seconds, isDate: start.isDate, horizon: window.horizon,
        skipTo: window.skipTo, steps: options.expansionStepLimit,
        isAfterUntil: untilTest(rule.until, start: start, zone: zone))
      var inWindow = 0
      while let reading = expander.next() {
        result.append(Instance(start: reading))
        if window.overlaps(reading, length) {
          inWindow += 1
          if inWindow > options.instanceLimit { break }
        }
      }
      if expander.ranOutOfSteps {
        notes.record(.recurrenceStopped(steps: options.expansionStepLimit))
      }
    }
    return result
  }

  /// RDATE instances, as readings in the series' zone, with a period's own length.
  private func extraDates(
    _ master: EventRecord, _ start: ICalendarTime, _ zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> [Instance] {
    master.dates.map { date in
      let reading = self.reading(of: date.start, start, zone, notes: &notes)
      guard case .period(let period) = date else { return Instance(start: reading) }
      let length: InstanceLength
      switch period.end {
      case .duration(let duration): length = duration.isNegative ? .none : .nominal(duration)
      case .time(let end):
        let seconds =
          factory.instant(of: end, notes: &notes) - factory.instant(of: period.start, notes: &notes)
        length = seconds >= 0 ? .exact(seconds) : .none
      }
      return Instance(start: reading, length: length)
    }
  }

  /// Whether the EXDATEs remove a reading: by its instant for timed series, by its day for
  /// all-day ones (and for DATE exceptions, which remove every instance on that day).
  private func exclusionTest(
    _ master: EventRecord, _ start: ICalendarTime, _ zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> (Int) -> Bool {
    var days = Set<Int>()
    var instants = Set<Int>()
    for exception in master.exceptions {
      if exception.isDate || start.isDate {
        days.insert(Civil.day(of: reading(of: exception, start, zone, notes: &notes)))
      } else {
        instants.insert(factory.instant(of: exception, notes: &notes))
      }
    }
    return { [days, instants] local in
      if !days.isEmpty, days.contains(Civil.day(of: local)) { return true }
      return !instants.isEmpty && instants.contains(zone.instant(local: local))
    }
  }

  /// `time` as a reading in the series' zone: a DATE takes DTSTART's time of day, a
  /// DATE-TIME in another zone is converted.
  private func reading(
    of time: ICalendarTime, _ start: ICalendarTime, _ zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> Int {
    if start.isDate {
      let local =
        time.isDate || time.zone == .floating
        ? time.seconds : factory.floating.local(atUTC: factory.instant(of: time, notes: &notes))
      return Civil.day(of: local) * Civil.secondsPerDay
    }
    if time.isDate { return time.seconds + Civil.secondOfDay(start.seconds) }
    if time.zone == start.zone { return time.seconds }
    return zone.local(atUTC: factory.instant(of: time, notes: &notes))
  }

  /// Whether a reading lies after UNTIL: compared by day for dates, as instants for UTC,
  /// and as readings for a floating UNTIL.
  private func untilTest(
    _ until: ICalendarTime?, start: ICalendarTime, zone: ResolvedZone
  ) -> (Int) -> Bool {
    guard let until else { return { _ in false } }
    if until.isDate || start.isDate {
      let local =
        until.zone == .utc && !until.isDate ? zone.local(atUTC: until.seconds) : until.seconds
      let last = Civil.day(of: local)
      return { Civil.day(of: $0) > last }
    }
    let limit = until.seconds
    if until.zone == .utc { return { zone.instant(local: $0) > limit } }
    return { $0 > limit }
  }
}

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

  /// The identity of an instance: its day (all-day) or UTC instant.
  func key(_ reading: Int) -> Int { isDate ? Civil.day(of: reading) : zone.instant(local: reading) }

  /// Whether `time` (of an override standing alone) starts inside the window.
  func contains(_ factory: ItemFactory, _ time: ICalendarTime, notes: inout ImportSummary) -> Bool {
    if time.isDate { return time.day >= startDay && time.day <= endDay }
    let instant = factory.instant(of: time, notes: &notes)
    return instant >= startInstant && instant <= endInstant
  }
}
