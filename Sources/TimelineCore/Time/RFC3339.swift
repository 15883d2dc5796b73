import Foundation

/// Parses RFC 3339 dates and date-times into ``TimelineDate`` values, exactly and without
/// a `DateFormatter`.
///
/// Accepted forms:
/// - `YYYY-MM-DD`: an all-day date, ``TimelineDate/day(_:)``.
/// - `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`: an instant. `t`, `z` and a space in
///   place of `T` are accepted too. Second 60 (a leap second) is read as 59.
/// - The same without `Z` or an offset: a floating local time, placed in `floatingIn`.
///   A local time skipped by a daylight-saving change moves forward by the gap; a
///   repeated one takes its first occurrence.
///
/// ```swift
/// let berlin = TimeZone(identifier: "Europe/Berlin")!
/// try RFC3339.parse("2026-11-21T09:45:00+01:00", floatingIn: berlin)  // .instant(…)
/// try RFC3339.parse("2024-02-29", floatingIn: berlin)                 // .day(2024-02-29)
/// RFC3339.date(from: "2023-02-29", floatingIn: berlin)                // nil
/// ```
public enum RFC3339 {
  static let expectedForm =
    "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS with an optional fraction and Z or ±HH:MM"

  /// Parses `text`, placing a date-time without offset in `timeZone`.
  public static func parse(
    _ text: String, floatingIn timeZone: TimeZone
  ) throws(RFC3339Error) -> TimelineDate {
    var utf8 = text
    return try utf8.withUTF8 { parse(utf8: $0, floatingIn: timeZone) }.get()
  }

  /// Parses UTF-8 `bytes` like ``parse(_:floatingIn:)`` without creating a `String` (the
  /// importers read dates straight from their buffers).
  public static func parse(
    utf8 bytes: UnsafeBufferPointer<UInt8>, floatingIn timeZone: TimeZone
  ) -> Result<TimelineDate, RFC3339Error> {
    if let instant = canonicalInstant(bytes), supported.contains(instant) {
      return .success(.instant(instant))
    }
    var scanner = Scanner(bytes: bytes)
    do throws(RFC3339Error) {
      return .success(try parse(&scanner, floatingIn: timeZone))
    } catch {
      return .failure(error)
    }
  }

  /// The instants a timeline accepts: years 1 to 9999 in UTC, so that every stored date
  /// can be written again in every format (RFC 3339, iCalendar, CSV) and read back.
  public static let supported =
    Date(timeIntervalSince1970: -62_135_596_800)..<Date(timeIntervalSince1970: 253_402_300_800)

  static let outsideSupported = "the instant falls outside years 0001...9999 in UTC"

  /// Parses the whole text of `scanner`.
  private static func parse(
    _ scanner: inout Scanner, floatingIn timeZone: TimeZone
  ) throws(RFC3339Error) -> TimelineDate {
    let day = try scanner.calendarDay()
    if scanner.isAtEnd { return .day(day) }
    guard scanner.skip(0x54, or: 0x74) || scanner.skip(0x20) else {  // T t space
      throw scanner.failure(#"expected "T" between the date and the time"#)
    }
    let hour = try scanner.number(digits: 2, named: "hour", in: 0, 23)
    try scanner.expect(0x3A, "\":\" after the hour")
    let minute = try scanner.number(digits: 2, named: "minute", in: 0, 59)
    try scanner.expect(0x3A, "\":\" after the minute")
    let second = try scanner.number(digits: 2, named: "second", in: 0, 60)
    let fraction = try scanner.fraction()
    let local = day.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)
    let instant: Date
    if scanner.isAtEnd {
      instant = floatingInstant(localSeconds: local, in: timeZone).addingTimeInterval(fraction)
    } else {
      let offset = try scanner.offset()
      guard scanner.isAtEnd else { throw scanner.failure(expectedForm) }
      instant = Date(timeIntervalSince1970: Double(local - offset) + fraction)
    }
    guard supported.contains(instant) else { throw scanner.failure(outsideSupported) }
    return .instant(instant)
  }

  /// The instant of `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS±HH:MM`, the form
  /// nearly every file uses, read at fixed positions; `nil` for any other text, valid or
  /// not, which the full parser then reads (and explains).
  static func canonicalInstant(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    let count = bytes.count
    guard count == 20 || count == 25, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A
    else { return nil }
    func pair(_ at: Int) -> Int? {
      let tens = bytes[at] &- 0x30
      let ones = bytes[at + 1] &- 0x30
      return tens <= 9 && ones <= 9 ? Int(tens) * 10 + Int(ones) : nil
    }
    guard let century = pair(0), let yearOfCentury = pair(2), let month = pair(5),
      let day = pair(8), let hour = pair(11), let minute = pair(14), let second = pair(17),
      (1...12).contains(month), day >= 1, hour <= 23, minute <= 59, second <= 59
    else { return nil }
    let year = century * 100 + yearOfCentury
    guard year >= 1, let calendarDay = CalendarDay(year: year, month: month, day: day) else {
      return nil
    }
    var offset = 0
    if count == 25 {
      let sign = bytes[19]
      guard sign == 0x2B || sign == 0x2D, bytes[22] == 0x3A, let hours = pair(20),
        let minutes = pair(23), hours <= 23, minutes <= 59
      else { return nil }
      offset = (hours * 3_600 + minutes * 60) * (sign == 0x2B ? 1 : -1)
    } else {
      guard bytes[19] == 0x5A else { return nil }
    }
    let local = calendarDay.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(local - offset))
  }

  /// Parses `text` like ``parse(_:floatingIn:)``, returning `nil` when it is invalid.
  public static func date(from text: String, floatingIn timeZone: TimeZone) -> TimelineDate? {
    try? parse(text, floatingIn: timeZone)
  }

  /// The instant at which clocks in `timeZone` show `localSeconds` (seconds since
  /// 1970-01-01T00:00:00 as a wall-clock reading).
  static func floatingInstant(localSeconds local: Int, in timeZone: TimeZone) -> Date {
    func offset(at seconds: Int) -> Int {
      timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    }
    // The offsets in force a day either side cover any single transition.
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    let valid = [before, after].filter { offset(at: local - $0) == $0 }
    let chosen: Int
    if let largest = valid.max() {
      // Two valid readings: the wall time repeats; the larger offset is the earlier one.
      chosen = largest
    } else {
      // No valid reading: the wall time was skipped; keep the offset from before the gap,
      // which lands as far after the transition as the time was past it.
      chosen = before
    }
    return Date(timeIntervalSince1970: Double(local - chosen))
  }
}

extension RFC3339 {
  /// The instant `text` stands for: an RFC 3339 date-time (one without an offset in
  /// `timeZone`), or a date meaning its midnight in `timeZone`; `nil` when it is neither.
  /// The one reading of a moment given as text: `--now`, `?now=`, `?around=` and filter
  /// bounds.
  ///
  /// ```swift
  /// RFC3339.instant("2026-11-21", in: .gmt)  // 2026-11-21T00:00:00Z
  /// ```
  public static func instant(_ text: String, in timeZone: TimeZone) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return date(from: text, floatingIn: timeZone)?.start(in: calendar)
  }
}
