/// Collects a `VTIMEZONE` component and its STANDARD and DAYLIGHT observances line by line,
/// then builds a ``VTimeZone``.
///
/// Observances without `DTSTART`, `TZOFFSETFROM` or `TZOFFSETTO` are left out, and so is a
/// zone without `TZID` or without observances: events then read their `TZID` by name.
///
/// ```swift
/// var builder = VTimeZoneBuilder()
/// try builder.add(line, bytes)           // TZID:Custom/Berlin
/// builder.beginObservance()
/// try builder.addToObservance(line, bytes)  // TZOFFSETTO:+0200
/// builder.endObservance()
/// let zone = builder.build()
/// ```
struct VTimeZoneBuilder {
  typealias Failure = ContentLine.Failure

  private var identifier: String?
  private(set) var location: String?
  private var observances: [VTimeZone.Observance] = []
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

  /// Starts a STANDARD or DAYLIGHT observance.
  mutating func beginObservance() { current = (nil, nil, nil, [], []) }

  /// Takes a property of the current observance.
  mutating func addToObservance(
    _ line: ContentLine, _ bytes: UnsafeBufferPointer<UInt8>
  ) throws(Failure) {
    let value = UnsafeBufferPointer(rebasing: bytes[line.value])
    let trimmed = EventRecord.trimmed(bytes, line.value)
    let offset = UnsafeBufferPointer(rebasing: bytes[trimmed])
    let name = line.name
    do throws(Failure) {
      if ASCII.equal(bytes, name, "DTSTART") {
        current.start = try EventRecord.time(line, bytes).seconds
      } else if ASCII.equal(bytes, name, "TZOFFSETFROM") {
        current.offsetFrom = try ICalendarValueParser.utcOffset(offset)
      } else if ASCII.equal(bytes, name, "TZOFFSETTO") {
        current.offsetTo = try ICalendarValueParser.utcOffset(offset)
      } else if ASCII.equal(bytes, name, "RRULE") {
        current.rules.append(try RecurrenceRule.parse(value))
      } else if ASCII.equal(bytes, name, "RDATE") {
        for item in EventRecord.listItems(bytes, line.value) {
          let time = try EventRecord.time(line, bytes, item.startIndex, item.endIndex)
          current.dates.append(time.seconds)
        }
      }
    } catch {
      // Offsets of UTC offsets and rules are relative to the value.
      let relative = ASCII.equal(bytes, name, "DTSTART") || ASCII.equal(bytes, name, "RDATE")
      throw Failure(
        offset: relative ? error.offset : trimmed.lowerBound + error.offset, message: error.message)
    }
  }

  /// Ends the current observance, keeping it if it is complete.
  mutating func endObservance() {
    guard let start = current.start, let from = current.offsetFrom, let to = current.offsetTo
    else { return }
    observances.append(
      VTimeZone.Observance(
        start: start, offsetFrom: from, offsetTo: to, rules: current.rules, dates: current.dates))
  }

  /// The zone, if it has an identifier and at least one observance.
  func build() -> VTimeZone? {
    guard let identifier, !observances.isEmpty else { return nil }
    return VTimeZone(identifier: identifier, observances: observances)
  }
}
