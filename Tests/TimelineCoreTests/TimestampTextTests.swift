import Foundation
import Testing
import _TimelineTestSupport

@testable import TimelineCore

/// TL-1 timestamps and the machine-readable dates of rows, formatted once per local minute
/// or day and by arithmetic: the texts are the ones Foundation's formatters give.
@Suite("TL-1 timestamp texts")
struct TimestampTextTests {
  static let zones = [
    "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu",
    "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham", "Europe/London",
  ]

  /// Instants over six years around 2026, with a share of them close to the zones'
  /// transitions (whole and half hours), in seconds.
  static func instants(seed: UInt64) -> [Date] {
    var generator = SeededGenerator(seed: seed)
    let base = Fixtures.noon.timeIntervalSince1970
    return (0..<3_000).map { index in
      let offset = Double.random(in: -3 * 365 * 86_400...3 * 365 * 86_400, using: &generator)
      let snapped = index % 3 == 0 ? (offset / 1_800).rounded() * 1_800 : offset.rounded()
      return Date(timeIntervalSince1970: base + snapped)
    }
  }

  @Test(arguments: zones)
  func tl1_machineReadableDatesAreRFC3339AsFoundationWritesThem(zone: String) {
    let timeZone = TimeZone(identifier: zone)!
    let reference = ISO8601DateFormatter()
    reference.timeZone = timeZone
    var clock = WallClock(zone: timeZone)
    for instant in Self.instants(seed: 3) {
      #expect(clock.rfc3339(instant) == reference.string(from: instant), "\(instant)")
    }
    // Before 1970 and around the turn of a century.
    for text in ["1969-12-31T23:59:59Z", "1900-02-28T12:00:00Z", "2000-02-29T00:30:00Z"] {
      let instant = ISO8601DateFormatter().date(from: text)!
      #expect(clock.rfc3339(instant) == reference.string(from: instant))
    }
  }

  @Test(arguments: [
    ("en_US", "Europe/Berlin"), ("de_DE", "America/New_York"),
    ("ar_EG", "Asia/Kolkata"), ("ja_JP", "Australia/Lord_Howe"),
  ])
  func tl1_timestampsAreTheFormattersTexts(locale: String, zone: String) {
    let context = TimelineContext(
      now: Fixtures.noon, timeZone: TimeZone(identifier: zone)!,
      locale: Locale(identifier: locale))
    let formatter = TimelineTextFormatter(context: context, strings: .english)
    func reference(_ configure: (DateFormatter) -> Void) -> DateFormatter {
      let formatter = DateFormatter()
      formatter.locale = context.locale
      formatter.timeZone = context.timeZone
      formatter.calendar = context.calendar
      configure(formatter)
      return formatter
    }
    let time = reference { $0.timeStyle = .short }
    let monthDay = reference { $0.setLocalizedDateFormatFromTemplate("MMMd") }
    let shortDate = reference { $0.dateStyle = .short }
    for instant in Self.instants(seed: 5) {
      #expect(formatter.timestamp(for: .instant(instant), unit: .day) == time.string(from: instant))
      #expect(
        formatter.timestamp(for: .instant(instant), unit: .month)
          == monthDay.string(from: instant) + "\n" + time.string(from: instant))
      let day = CalendarDay(instant, in: context.calendar)
      #expect(
        formatter.timestamp(for: .day(day), unit: .day)
          == shortDate.string(from: day.startDate(in: context.calendar)))
    }
  }
}
