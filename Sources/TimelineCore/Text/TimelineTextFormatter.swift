import Foundation

/// Formats the texts of rows, headers and previews in one context. Creating formatters is
/// expensive, so one instance serves a whole window of rows; it is not shared across
/// threads.
final class TimelineTextFormatter {
  let context: TimelineContext
  let strings: TimelineStrings

  init(context: TimelineContext, strings: TimelineStrings) {
    self.context = context
    self.strings = strings
    clock = WallClock(zone: context.timeZone)
  }

  /// The time of `instant` (`timeStyle = .short`), once per local minute of the day.
  private func timeText(_ instant: Date) -> String {
    let minute = clock.local(instant).secondOfDay / 60
    if let known = timeTexts[minute] { return known }
    let text = time.string(from: instant)
    timeTexts[minute] = text
    return text
  }

  /// `formatter`'s text of `date`, once per local day, kept in `texts`.
  private func dayText(
    _ date: Date, day: Int, formatter: DateFormatter, in texts: inout [Int: String]
  ) -> String {
    if let known = texts[day] { return known }
    let text = formatter.string(from: date)
    texts[day] = text
    return text
  }

  private lazy var time = makeFormatter { $0.timeStyle = .short }
  private lazy var shortDate = makeFormatter { $0.dateStyle = .short }
  private lazy var monthDay = makeFormatter { $0.setLocalizedDateFormatFromTemplate("MMMd") }
  private lazy var monthDayYear = makeFormatter {
    $0.setLocalizedDateFormatFromTemplate("yMMMd")
  }
  private lazy var listDate = makeFormatter { $0.setLocalizedDateFormatFromTemplate("EEEd") }
  private lazy var weekday = makeFormatter { $0.setLocalizedDateFormatFromTemplate("EEE") }
  private lazy var dayOfMonth = makeFormatter { $0.setLocalizedDateFormatFromTemplate("dd") }
  /// Texts already formatted: a time by its local minute of the day, a date by its local
  /// day. `DateFormatter` costs microseconds per call (ICU resets the formatter each time),
  /// and a large timeline repeats the same few thousand texts.
  private var clock: WallClock
  private var timeTexts: [Int: String] = [:]
  private var shortDateTexts: [Int: String] = [:]
  private var monthDayTexts: [Int: String] = [:]
  private var headerFormatters: [SectionHeaderFormat: DateFormatter] = [:]
  private var intervalFormatters: [String: DateIntervalFormatter] = [:]

  private func makeFormatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    formatter.calendar = context.calendar
    configure(formatter)
    return formatter
  }

  /// The timestamp column: the time when sections are days; date and time otherwise; the
  /// short date for all-day objects ("12/6/15").
  func timestamp(for date: TimelineDate, unit: HeaderUnit) -> String {
    switch date {
    case .day(let day):
      return dayText(
        day.startDate(in: context.calendar), day: day.daysSinceEpoch, formatter: shortDate,
        in: &shortDateTexts)
    case .instant(let instant):
      if unit == .day { return timeText(instant) }
      return dayText(
        instant, day: clock.local(instant).day, formatter: monthDay, in: &monthDayTexts)
        + "\n" + timeText(instant)
    }
  }

  /// The preview's timestamp (PV-4): "Today" for current objects, the time for other
  /// objects of today, the date otherwise.
  func previewTimestamp(for date: TimelineDate, tense: Tense) -> String {
    if tense == .current { return strings.today }
    let calendar = context.calendar
    let start: Date
    switch date {
    case .day(let day): start = day.startDate(in: calendar)
    case .instant(let instant):
      if calendar.isDate(instant, inSameDayAs: context.now) { return time.string(from: instant) }
      start = instant
    }
    let sameYear =
      calendar.component(.year, from: start) == calendar.component(.year, from: context.now)
    return (sameYear ? monthDay : monthDayYear).string(from: start)
  }

  /// The local day `date` falls on (see ``WallClock/day(of:)``), on the clock the texts use.
  func day(of date: TimelineDate) -> Int { clock.day(of: date) }

  /// The list's date label (LIST-1): weekday over day of month, "Sat\n21".
  func listDateLabel(for date: Date) -> String {
    weekday.string(from: date) + "\n" + dayOfMonth.string(from: date)
  }

  /// RFC 3339 in the context's zone, or `YYYY-MM-DD` for an all-day date.
  func machineReadable(_ date: TimelineDate) -> String {
    switch date {
    case .day(let day): day.description
    case .instant(let instant): clock.rfc3339(instant)
    }
  }

  /// A section header (TL-3).
  func sectionTitle(_ interval: DateInterval, unit: HeaderUnit, format: SectionHeaderFormat)
    -> String
  {
    let skeleton: String
    switch format.representation {
    case .pattern(let pattern):
      return headerFormatter(format) { $0.dateFormat = pattern }.string(from: interval.start)
    case .template(let template): skeleton = template
    case .automatic: skeleton = SectionHeaderFormat.automaticSkeleton(for: unit)
    }
    if unit == .week {
      let formatter = intervalFormatter(skeleton)
      let lastInstant = interval.end.addingTimeInterval(-1)
      return formatter.string(from: interval.start, to: lastInstant)
    }
    return headerFormatter(format) { $0.setLocalizedDateFormatFromTemplate(skeleton) }
      .string(from: interval.start)
  }

  private func headerFormatter(
    _ format: SectionHeaderFormat, configure: (DateFormatter) -> Void
  ) -> DateFormatter {
    if let known = headerFormatters[format] { return known }
    let formatter = makeFormatter(configure)
    headerFormatters[format] = formatter
    return formatter
  }

  private func intervalFormatter(_ skeleton: String) -> DateIntervalFormatter {
    if let known = intervalFormatters[skeleton] { return known }
    let formatter = DateIntervalFormatter()
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    formatter.calendar = context.calendar
    formatter.dateTemplate = skeleton
    intervalFormatters[skeleton] = formatter
    return formatter
  }
}
