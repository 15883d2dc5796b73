extension EventRecord {
  typealias Failure = ContentLine.Failure

  /// Unusable values are noted in `notes`; malformed dates, durations and rules are errors.
  mutating func add(
    _ line: ContentLine, _ bytes: UnsafeBufferPointer<UInt8>, notes: inout ImportSummary
  ) throws(Failure) {
    let name = line.name
    let value = UnsafeBufferPointer(rebasing: bytes[line.value])
    if ASCII.equal(bytes, name, "UID") {
      if uid == nil { uid = ICalendarText.decode(value) }
    } else if ASCII.equal(bytes, name, "DUE") {
      due = try Self.time(line, bytes)
    } else if ASCII.equal(bytes, name, "DTEND") {
      end = try Self.time(line, bytes)
    } else if ASCII.equal(bytes, name, "RRULE") {
      do throws(Failure) {
        rules.append(try RecurrenceRule.parse(value))
      } catch {
        throw Failure(offset: line.value.lowerBound + error.offset, message: error.message)
      }
    } else if ASCII.equal(bytes, name, "RDATE") {
      for item in Self.listItems(bytes, line.value) {
        dates.append(try Self.recurrenceDate(line, bytes, item.indices))
      }
    } else if ASCII.equal(bytes, name, "STATUS") {
      status = ASCII.upperString(bytes, Self.trimmed(bytes, line.value))
    } else if ASCII.equal(bytes, name, "EXDATE") {
      for item in Self.listItems(bytes, line.value) {
        exceptions.append(try Self.time(line, bytes, item.indices))
      }
    } else if ASCII.equal(bytes, name, "DTSTART") {
      start = try Self.time(line, bytes)
    } else if ASCII.equal(bytes, name, "SUMMARY") {
      if summary == nil { summary = ICalendarText.decode(value) }
    } else if ASCII.equal(bytes, name, "DURATION") {
      duration = try ICalendarValueParser.duration(bytes, Self.trimmed(bytes, line.value))
    } else if ASCII.equal(bytes, name, "LOCATION") {
      if place == nil { place = ICalendarText.decode(value) }
    } else if ASCII.equal(bytes, name, "PRIORITY") {
      priority = Self.integer(value, in: 0...9, "PRIORITY", &notes)
    } else if ASCII.equal(bytes, name, "COMPLETED") {
      completed = true
    } else if ASCII.equal(bytes, name, "DESCRIPTION") {
      if description == nil { description = ICalendarText.decode(value) }
    } else if ASCII.equal(bytes, name, "CATEGORIES") {
      categories += ICalendarText.list(value).filter { !$0.isEmpty }
    } else if ASCII.equal(bytes, name, "PERCENT-COMPLETE") {
      percentComplete = Self.integer(value, in: 0...100, "PERCENT-COMPLETE", &notes)
    } else if ASCII.equal(bytes, name, "RECURRENCE-ID") {
      recurrenceID = try Self.time(line, bytes)
      thisAndFuture = line.parameter("RANGE", in: bytes)?.uppercased() == "THISANDFUTURE"
    } else if ASCII.equal(bytes, name, "RELATED-TO") {
      let type = line.parameter("RELTYPE", in: bytes)?.uppercased() ?? "PARENT"
      if type == "PARENT", parent == nil { parent = ICalendarText.decode(value) }
    } else if name.count > 11,
      ASCII.equal(bytes, name.lowerBound..<name.lowerBound + 11, "X-TIMELINE-")
    {
      let suffix = ASCII.upperString(bytes, name.lowerBound + 11..<name.upperBound)
      if !extensions.take(suffix, value: value) {
        notes.record(.invalidValue(property: "X-TIMELINE-" + suffix))
      }
    }
  }

  /// The DATE or DATE-TIME value at `item` (a list item), else the line's value, with the
  /// line's `VALUE` and `TZID` parameters.
  static func time(
    _ line: ContentLine, _ bytes: UnsafeBufferPointer<UInt8>, _ item: Range<Int>? = nil
  ) throws(Failure) -> ICalendarTime {
    let range = trimmed(bytes, item ?? line.value)
    let zone = line.parameter("TZID", in: bytes).map { ICalendarTime.Zone.named($0) } ?? .floating
    return try ICalendarValueParser.time(
      bytes, from: range.lowerBound, to: range.upperBound, zone: zone,
      type: line.parameter("VALUE", in: bytes))
  }

  private static func recurrenceDate(
    _ line: ContentLine, _ bytes: UnsafeBufferPointer<UInt8>, _ item: Range<Int>
  ) throws(Failure) -> RecurrenceDate {
    let range = trimmed(bytes, item)
    guard bytes[range].contains(0x2F) else { return .time(try time(line, bytes, item)) }
    let zone = line.parameter("TZID", in: bytes).map { ICalendarTime.Zone.named($0) } ?? .floating
    return .period(try ICalendarValueParser.period(bytes, range, zone: zone))
  }

  /// The comma-separated items of a list value (empty ones included), indexed as `bytes`.
  static func listItems(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> [Slice<UnsafeBufferPointer<UInt8>>] {
    bytes[range].split(separator: 0x2C, omittingEmptySubsequences: false)
  }

  /// `range` without leading and trailing spaces.
  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    let lower = bytes[range].firstIndex(where: { $0 != 0x20 }) ?? range.upperBound
    let last = bytes[lower..<range.upperBound].lastIndex(where: { $0 != 0x20 })
    return lower..<(last.map { $0 + 1 } ?? lower)
  }

  private static func integer(
    _ value: UnsafeBufferPointer<UInt8>, in range: ClosedRange<Int>, _ name: String,
    _ notes: inout ImportSummary
  ) -> Int? {
    guard let number = ICalendarValueParser.integer(value), range.contains(number) else {
      notes.record(.invalidValue(property: name))
      return nil
    }
    return number
  }
}
