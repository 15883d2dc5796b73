import Foundation
import TimelineCore

extension RFC3339 {
  /// Writes `date` as RFC 3339: an all-day date as `YYYY-MM-DD`, an instant as a
  /// date-time with the offset `zone` has at that instant (`Z` when it is zero, or when
  /// the offset has seconds RFC 3339 cannot express), with up to nine fraction digits.
  ///
  /// ```swift
  /// RFC3339.string(.instant(date), in: TimeZone(identifier: "Europe/Berlin")!)
  /// // "2026-11-21T09:45:00+01:00"
  /// ```
  public static func string(_ date: TimelineDate, in zone: TimeZone) -> String {
    switch date {
    case .day(let day): return day.description
    case .instant(let instant): return string(instant, in: zone)
    }
  }

  /// Writes an instant as the `TimelineDate` variant of `string(_:in:)` does.
  public static func string(_ instant: Date, in zone: TimeZone) -> String {
    let value = instant.timeIntervalSince1970
    var seconds = value.rounded(.down)
    var nanoseconds = ((value - seconds) * 1e9).rounded()
    if nanoseconds >= 1e9 {
      seconds += 1
      nanoseconds = 0
    }
    let whole = Int(seconds)
    var offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    if offset % 60 != 0
      || !(1...9999).contains(CalendarDay(daysSinceEpoch: Civil.day(of: whole + offset)).year)
    {
      offset = 0
    }
    var text = ICalendarFormat.isoDateTime(whole + offset)
    if nanoseconds > 0 {
      var digits = ICalendarFormat.pad(Int(nanoseconds), 9)
      while digits.hasSuffix("0") { digits.removeLast() }
      text += "." + digits
    }
    if offset == 0 { return text + "Z" }
    let minutes = abs(offset) / 60
    return text + (offset < 0 ? "-" : "+") + ICalendarFormat.pad(minutes / 60, 2) + ":"
      + ICalendarFormat.pad(minutes % 60, 2)
  }
}
