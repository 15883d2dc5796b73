import Foundation

/// Local wall-clock time in one zone by arithmetic: the zone's offset is asked once per
/// quarter of an hour (its transitions fall on quarter hours), and the rest is integer
/// arithmetic. Gives what `ISO8601DateFormatter` and the calendar give, at memory speed.
struct WallClock {
  let zone: TimeZone
  /// The zone's offset in seconds per quarter hour since 1970; `nil` for a quarter hour in
  /// which the offset changes (asked per instant there).
  private var offsets: [Int: Int?] = [:]

  init(zone: TimeZone) { self.zone = zone }

  /// The zone's offset from UTC at `instant`, in seconds.
  mutating func offset(at instant: Date) -> Int {
    let quarter = Int((instant.timeIntervalSince1970 / 900).rounded(.down))
    if let known = offsets[quarter] { return known ?? zone.secondsFromGMT(for: instant) }
    let start = Date(timeIntervalSince1970: Double(quarter) * 900)
    let first = zone.secondsFromGMT(for: start)
    let last = zone.secondsFromGMT(for: start.addingTimeInterval(899.999))
    offsets.updateValue(first == last ? first : nil, forKey: quarter)
    return first == last ? first : zone.secondsFromGMT(for: instant)
  }

  /// `instant` on the zone's clock: whole days since 1970-01-01 and the second of that day.
  mutating func local(_ instant: Date) -> (day: Int, secondOfDay: Int, offset: Int) {
    let offset = offset(at: instant)
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
    let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    return (day, seconds - day * 86_400, offset)
  }

  /// The local day `date` falls on, in days since 1970-01-01: an all-day date's own day,
  /// an instant's day on the zone's clock.
  mutating func day(of date: TimelineDate) -> Int {
    switch date {
    case .day(let day): day.daysSinceEpoch
    case .instant(let instant): local(instant).day
    }
  }

  /// RFC 3339 in the zone, whole seconds: `2026-11-23T08:00:00+01:00`, `Z` for UTC itself.
  mutating func rfc3339(_ instant: Date) -> String {
    let (day, second, offset) = local(instant)
    let date = CalendarDay(daysSinceEpoch: day)
    let (year, month, dayOfMonth) = (date.year, date.month, date.day)
    // 25 bytes at most ("2026-11-23T08:00:00+05:21:10" is 28 with LMT seconds).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(28)
    func digits(_ value: Int, _ width: Int) {
      var divisor = 1
      for _ in 1..<width { divisor *= 10 }
      var rest = value
      if value >= divisor * 10 {  // more digits than the width (a year past 9999)
        bytes += Array(String(value).utf8)
        return
      }
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    digits(year, 4)
    bytes.append(UInt8(ascii: "-"))
    digits(month, 2)
    bytes.append(UInt8(ascii: "-"))
    digits(dayOfMonth, 2)
    bytes.append(UInt8(ascii: "T"))
    digits(second / 3_600, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(second / 60 % 60, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(second % 60, 2)
    if offset == 0 {
      bytes.append(UInt8(ascii: "Z"))
    } else {
      let size = abs(offset)
      bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
      digits(size / 3_600, 2)
      bytes.append(UInt8(ascii: ":"))
      digits(size / 60 % 60, 2)
      // Local mean time before a zone's first standard offset has seconds; Foundation
      // writes them as a third part, and so does this.
      if size % 60 != 0 {
        bytes.append(UInt8(ascii: ":"))
        digits(size % 60, 2)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
