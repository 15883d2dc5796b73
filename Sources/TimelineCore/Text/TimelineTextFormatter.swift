import Foundation

/// Formats the texts of rows, headers and previews in one context. Its formatters come
/// from the process's `DateFormatters` (making one costs as much as formatting a thousand
/// dates, and every request of a server would make them again); the texts it has written
/// are kept per instance, which serves one window of rows and is not shared across threads.
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
    let text = format(instant, .shortTime)
    timeTexts[minute] = text
    return text
  }

  /// `formatter`'s text of `date`, once per local day, kept in `texts`.
  private func dayText(
    _ date: Date, day: Int, style: DateFormatters.Style, in texts: inout [Int: String]
  ) -> String {
    if let known = texts[day] { return known }
    let text = format(date, style)
    texts[day] = text
    return text
  }

  private func format(_ date: Date, _ style: DateFormatters.Style) -> String {
    DateFormatters.shared.string(from: date, style: style, context: context)
  }

  /// Texts already formatted: a time by its local minute of the day, a date by its local
  /// day. `DateFormatter` costs microseconds per call (ICU resets the formatter each time),
  /// and a large timeline repeats the same few thousand texts.
  private var clock: WallClock
  private var timeTexts: [Int: String] = [:]
  private var shortDateTexts: [Int: String] = [:]
  private var monthDayTexts: [Int: String] = [:]

  /// The timestamp column: the time when sections are days; date and time otherwise; the
  /// short date for all-day objects ("12/6/15").
  /// With `fullDate` (rows ranked by another criterion than the date, whose section
  /// headers name no day, SORT-6), a time carries its whole date.
  func timestamp(for date: TimelineDate, unit: HeaderUnit, fullDate: Bool = false) -> String {
    switch date {
    case .day(let day):
      return dayText(
        day.startDate(in: context.calendar), day: day.daysSinceEpoch, style: .shortDate,
        in: &shortDateTexts)
    case .instant(let instant):
      if fullDate {
        return dayText(
          instant, day: clock.local(instant).day, style: .shortDate, in: &shortDateTexts)
          + "\n" + timeText(instant)
      }
      if unit == .day { return timeText(instant) }
      return dayText(
        instant, day: clock.local(instant).day, style: .template("MMMd"), in: &monthDayTexts)
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
      if calendar.isDate(instant, inSameDayAs: context.now) { return format(instant, .shortTime) }
      start = instant
    }
    let sameYear =
      calendar.component(.year, from: start) == calendar.component(.year, from: context.now)
    return format(start, .template(sameYear ? "MMMd" : "yMMMd"))
  }

  /// The local day `date` falls on (see ``WallClock/day(of:)``), on the clock the texts use.
  func day(of date: TimelineDate) -> Int { clock.day(of: date) }

  /// The list's date label (LIST-1): weekday over day of month, "Sat\n21".
  func listDateLabel(for date: Date) -> String {
    format(date, .template("EEE")) + "\n" + format(date, .template("dd"))
  }

  /// The list's date as a screen reader says it: the whole date, "Saturday, November 21,
  /// 2026", as the label's weekday and day alone do not tell the month or the year.
  func listSpokenDate(for date: Date) -> String { format(date, .template("yMMMMEEEEd")) }

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
    case .pattern(let pattern): return self.format(interval.start, .pattern(pattern))
    case .template(let template): skeleton = template
    case .automatic: skeleton = SectionHeaderFormat.automaticSkeleton(for: unit)
    }
    if unit == .week {
      let lastInstant = interval.end.addingTimeInterval(-1)
      return DateFormatters.shared.string(
        from: interval.start, to: lastInstant, template: skeleton, context: context)
    }
    return self.format(interval.start, .template(skeleton))
  }
}
