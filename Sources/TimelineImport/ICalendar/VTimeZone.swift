/// A time zone defined by a file's `VTIMEZONE` component (RFC 5545 §3.6.5): observances
/// (STANDARD, DAYLIGHT) that each take effect at an onset, given by DTSTART, RRULE and
/// RDATE in the local time before the change, with the offsets before and after it.
///
/// Transitions are expanded lazily, as far into the future as asked for, and cached.
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

  /// Collects a `VTIMEZONE` and its observances line by line.
  ///
  /// Observances without `DTSTART`, `TZOFFSETFROM` or `TZOFFSETTO` are left out, and so is
  /// a zone without `TZID` or without observances: events then read their `TZID` by name.
  struct Builder {
    typealias Failure = ContentLine.Failure

    private var identifier: String?
    private(set) var location: String?
    private var observances: [Observance] = []
    /// The observance being read: DTSTART, TZOFFSETFROM, TZOFFSETTO, RRULEs and RDATEs.
    private var current: Pending = (nil, nil, nil, [], [])
    private typealias Pending = (
      start: Int?, offsetFrom: Int?, offsetTo: Int?, rules: [RecurrenceRule], dates: [Int]
    )

    /// Takes a property of the `VTIMEZONE` itself.
    mutating func add(_ line: ContentLine, _ bytes: UnsafeBufferPointer<UInt8>) {
      let value = UnsafeBufferPointer(rebasing: bytes[line.value])
      if ASCII.equal(bytes, line.name, "TZID") {
        identifier = ICalendarText.decode(value)
      } else if ASCII.equal(bytes, line.name, "X-LIC-LOCATION") {
        location = String(decoding: value, as: UTF8.self)
      }
    }

    mutating func addToObservance(
      _ line: ContentLine, _ bytes: UnsafeBufferPointer<UInt8>
    ) throws(Failure) {
      let trimmed = EventRecord.trimmed(bytes, line.value)
      let name = line.name
      if ASCII.equal(bytes, name, "DTSTART") {
        current.start = try EventRecord.time(line, bytes).seconds
      } else if ASCII.equal(bytes, name, "TZOFFSETFROM") {
        current.offsetFrom = try ICalendarValueParser.utcOffset(bytes, trimmed)
      } else if ASCII.equal(bytes, name, "TZOFFSETTO") {
        current.offsetTo = try ICalendarValueParser.utcOffset(bytes, trimmed)
      } else if ASCII.equal(bytes, name, "RRULE") {
        do throws(Failure) {
          current.rules.append(
            try RecurrenceRule.parse(UnsafeBufferPointer(rebasing: bytes[line.value])))
        } catch {
          throw Failure(offset: trimmed.lowerBound + error.offset, message: error.message)
        }
      } else if ASCII.equal(bytes, name, "RDATE") {
        for item in EventRecord.listItems(bytes, line.value) {
          current.dates.append(try EventRecord.time(line, bytes, item.indices).seconds)
        }
      }
    }

    /// Ends the current observance, keeping it if it is complete, and starts the next one.
    mutating func endObservance() {
      defer { current = (nil, nil, nil, [], []) }
      guard let start = current.start, let from = current.offsetFrom, let to = current.offsetTo
      else { return }
      observances.append(
        Observance(
          start: start, offsetFrom: from, offsetTo: to, rules: current.rules,
          dates: current.dates))
    }

    func build() -> VTimeZone? {
      guard let identifier, !observances.isEmpty else { return nil }
      return VTimeZone(identifier: identifier, observances: observances)
    }
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
