import Foundation
import TimelineCore

/// Expands one recurring event (RFC 5545 §3.8.5): the instances of its RRULEs (DTSTART
/// first), plus RDATEs, minus EXDATEs, with RECURRENCE-ID overrides replacing the
/// instances they name, inside the import window and up to the instance limit.
///
/// COUNT counts the instances the rule generates before EXDATEs are removed, as the RFC
/// says. Each item's id is the UID followed by `/` and the instance's original start
/// (`20260105T080000Z`, or `20260105` for all-day instances).
///
/// ```swift
/// let items = SeriesExpansion(factory: factory, options: options)
///   .items(master: record, overrides: changes, baseID: "standup@example.com", notes: &notes)
/// ```
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
    let excluded = exclusions(master, start, zone, notes: &notes)
    // Readings that name the same instant (a reading in a DST gap moves onto the next
    // hour) are one instance.
    var seen = Set<Int>()
    instances = instances.filter { instance in
      window.overlaps(instance.start, instance.length ?? length)
        && !excluded.contains(instance.start, isDate: start.isDate, zone: zone)
        && seen.insert(key(instance.start, start.isDate, zone)).inserted
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
      changes[key(reading(of: original, start, zone, notes: &notes), start.isDate, zone)] = override
    }
    var items: [TimelineItem] = []
    for instance in instances {
      let key = key(instance.start, start.isDate, zone)
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
}
