import Foundation

/// The package's one way to write a date with a localized template ("yMMMd", "MMMdjmm"):
/// a `DateFormatter` is made once per (template, locale, time zone, calendar) and reused
/// by every caller, since making one costs as much as formatting a thousand dates.
/// Formatting holds a lock: one formatter must not format on two threads at once.
///
/// ```swift
/// DateFormatters.shared.string(from: date, template: "yMMMd", context: context)  // "Nov 21, 2026"
/// ```
public final class DateFormatters: @unchecked Sendable {
  public static let shared = DateFormatters()

  private struct Key: Hashable {
    var template: String
    var locale: String
    var timeZone: String
    var calendar: Calendar.Identifier
  }

  private let lock = NSLock()
  private var formatters: [Key: DateFormatter] = [:]

  init() {}

  /// `date` written with the localized `template` in the context's locale, zone and
  /// calendar.
  public func string(from date: Date, template: String, context: TimelineContext) -> String {
    let key = Key(
      template: template, locale: context.locale.identifier,
      timeZone: context.timeZone.identifier, calendar: context.calendar.identifier)
    lock.lock()
    defer { lock.unlock() }
    if let formatter = formatters[key] { return formatter.string(from: date) }
    let formatter = DateFormatter()
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    formatter.calendar = context.calendar
    formatter.setLocalizedDateFormatFromTemplate(template)
    // A bounded cache: a server sees few contexts, but a hostile one could ask for many.
    if formatters.count >= 256 { formatters.removeAll(keepingCapacity: true) }
    formatters[key] = formatter
    return formatter.string(from: date)
  }
}
