/// A time zone defined by a file's `VTIMEZONE` component (RFC 5545 §3.6.5): observances
/// (STANDARD, DAYLIGHT) that each take effect at an onset, given by DTSTART, RRULE and
/// RDATE in the local time before the change, with the offsets before and after it.
///
/// Transitions are expanded lazily, as far into the future as asked for, and cached.
///
/// ```swift
/// let zone = VTimeZone(identifier: "Custom/Berlin", observances: [standard, daylight])
/// zone.offset(atUTC: instant)  // 3600 or 7200
/// ```
final class VTimeZone {
  /// One STANDARD or DAYLIGHT sub-component.
  struct Observance {
    /// DTSTART: the first onset, as a local reading before the change.
    var start: Int
    var offsetFrom: Int
    var offsetTo: Int
    var rules: [RecurrenceRule]
    /// RDATE onsets, as local readings.
    var dates: [Int]
  }

  let identifier: String
  private let observances: [Observance]
  /// Transitions (UTC instant, offset after it), sorted, complete up to `expandedUntil`.
  private var transitions: [(instant: Int, offset: Int)] = []
  private var expandedUntil = Int.min
  /// The offset before the first transition.
  private let initialOffset: Int

  init(identifier: String, observances: [Observance]) {
    self.identifier = identifier
    self.observances = observances
    let first = observances.min { $0.start - $0.offsetFrom < $1.start - $1.offsetFrom }
    initialOffset = first?.offsetFrom ?? 0
  }

  /// The offset from UTC at the UTC instant `utc`.
  func offset(atUTC utc: Int) -> Int {
    if utc >= expandedUntil { expand(through: utc) }
    return transitions.last { $0.instant <= utc }?.offset ?? initialOffset
  }

  /// Expands every observance to two years past `utc`.
  private func expand(through utc: Int) {
    let year = 366 * Civil.secondsPerDay
    let horizon = max(utc, expandedUntil) + 2 * year
    var found: [(instant: Int, offset: Int)] = []
    for observance in observances {
      let offsetFrom = observance.offsetFrom
      var onsets = [observance.start] + observance.dates
      for rule in observance.rules {
        var expander = RecurrenceExpander(
          rule: rule, start: observance.start, isDate: false, horizon: horizon + year,
          skipTo: nil, steps: 200_000,
          isAfterUntil: { local in
            guard let until = rule.until else { return false }
            // UNTIL is UTC in practice; a local UNTIL is compared as local.
            return until.zone == .utc ? local - offsetFrom > until.seconds : local > until.seconds
          })
        while let onset = expander.next() { onsets.append(onset) }
      }
      found += Set(onsets).map { (instant: $0 - offsetFrom, offset: observance.offsetTo) }
    }
    found.sort { $0.instant < $1.instant }
    transitions = found
    expandedUntil = horizon
  }
}
