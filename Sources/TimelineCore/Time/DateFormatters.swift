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

  /// How a formatter writes dates.
  enum Style: Hashable {
    /// A localized template ("yMMMd"), as `setLocalizedDateFormatFromTemplate` takes it.
    case template(String)
    /// A fixed pattern ("EEEE d. MMMM"), as `dateFormat` takes it.
    case pattern(String)
    /// `timeStyle = .short` ("9:45 AM").
    case shortTime
    /// `dateStyle = .short` ("12/6/15").
    case shortDate
  }

  private struct Key: Hashable {
    var style: Style
    var locale: String
    var timeZone: String
    var calendar: Calendar.Identifier
    var firstWeekday: Int
  }

  private let lock = NSLock()
  private var formatters: [Key: DateFormatter] = [:]
  private var intervalFormatters: [Key: DateIntervalFormatter] = [:]

  init() {}

  /// `date` written with the localized `template` in the context's locale, zone and
  /// calendar.
  public func string(from date: Date, template: String, context: TimelineContext) -> String {
    string(from: date, style: .template(template), context: context)
  }

  /// `date` written in `style` in the context's locale, zone and calendar.
  func string(from date: Date, style: Style, context: TimelineContext) -> String {
    let key = Self.key(style, context)
    lock.lock()
    defer { lock.unlock() }
    if let formatter = formatters[key] { return formatter.string(from: date) }
    let formatter = DateFormatter()
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    formatter.calendar = context.calendar
    switch style {
    case .template(let template): formatter.setLocalizedDateFormatFromTemplate(template)
    case .pattern(let pattern): formatter.dateFormat = pattern
    case .shortTime: formatter.timeStyle = .short
    case .shortDate: formatter.dateStyle = .short
    }
    // A bounded cache: a server sees few contexts, but a hostile one could ask for many.
    if formatters.count >= 256 { formatters.removeAll(keepingCapacity: true) }
    formatters[key] = formatter
    return formatter.string(from: date)
  }

  /// The interval from `start` to `end` written with the localized `template`.
  func string(from start: Date, to end: Date, template: String, context: TimelineContext)
    -> String
  {
    let key = Self.key(.template(template), context)
    lock.lock()
    defer { lock.unlock() }
    if let formatter = intervalFormatters[key] { return formatter.string(from: start, to: end) }
    let formatter = DateIntervalFormatter()
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    formatter.calendar = context.calendar
    formatter.dateTemplate = template
    if intervalFormatters.count >= 256 { intervalFormatters.removeAll(keepingCapacity: true) }
    intervalFormatters[key] = formatter
    return formatter.string(from: start, to: end)
  }

  private static func key(_ style: Style, _ context: TimelineContext) -> Key {
    Key(
      style: style, locale: context.locale.identifier, timeZone: context.timeZone.identifier,
      calendar: context.calendar.identifier, firstWeekday: context.calendar.firstWeekday)
  }
}
