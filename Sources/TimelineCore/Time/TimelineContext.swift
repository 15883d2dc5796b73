import Foundation

/// The world a timeline is computed in: the current instant, the time zone, the locale and
/// the calendar. Always passed in; the core never reads the clock or `Locale.current`.
///
/// ```swift
/// let context = TimelineContext(
///   now: Date(timeIntervalSince1970: 1_795_000_000),
///   timeZone: TimeZone(identifier: "Europe/Berlin")!,
///   locale: Locale(identifier: "de_DE"))
/// ```
public struct TimelineContext: Sendable {
  public var now: Date
  public var timeZone: TimeZone
  public var locale: Locale
  /// Carries `timeZone` and `locale` (first weekday, minimum days in the first week).
  public var calendar: Calendar

  /// Creates a context; the calendar defaults to Gregorian in `timeZone` and `locale`.
  public init(now: Date, timeZone: TimeZone, locale: Locale, calendar: Calendar? = nil) {
    self.now = now
    self.timeZone = timeZone
    self.locale = locale
    var resolved = calendar ?? Calendar(identifier: .gregorian)
    resolved.timeZone = timeZone
    resolved.locale = locale
    self.calendar = resolved
  }
}
