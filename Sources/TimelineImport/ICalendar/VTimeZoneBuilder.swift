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
  private var start: Int?
  private var offsetFrom: Int?
  private var offsetTo: Int?
  private var rules: [RecurrenceRule] = []
  private var dates: [Int] = []

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
  mutating func beginObservance() {
    start = nil
    offsetFrom = nil
    offsetTo = nil
    rules = []
    dates = []
  }

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
        start = try EventRecord.time(line, bytes).seconds
      } else if ASCII.equal(bytes, name, "TZOFFSETFROM") {
        offsetFrom = try ICalendarValueParser.utcOffset(offset)
      } else if ASCII.equal(bytes, name, "TZOFFSETTO") {
        offsetTo = try ICalendarValueParser.utcOffset(offset)
      } else if ASCII.equal(bytes, name, "RRULE") {
        rules.append(try RecurrenceRule.parse(value))
      } else if ASCII.equal(bytes, name, "RDATE") {
        for (itemStart, itemEnd) in EventRecord.listItems(bytes, line.value) {
          dates.append(try EventRecord.time(line, bytes, itemStart, itemEnd).seconds)
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
    guard let start, let offsetFrom, let offsetTo else { return }
    observances.append(
      VTimeZone.Observance(
        start: start, offsetFrom: offsetFrom, offsetTo: offsetTo, rules: rules, dates: dates))
  }

  /// The zone, if it has an identifier and at least one observance.
  func build() -> VTimeZone? {
    guard let identifier, !observances.isEmpty else { return nil }
    return VTimeZone(identifier: identifier, observances: observances)
  }
}
