import Foundation

extension TimelinePresentation {
  /// One entry per item that `matcher` accepts, in document order, with all-day dates
  /// resolved in the calendar's time zone (one calendar computation per distinct day).
  /// Items are read in place, never copied.
  static func makeEntries(_ items: [TimelineItem], calendar: Calendar, matcher: QueryMatcher?)
    -> [RowEntry]
  {
    var dayStarts: [Int: Double] = [:]
    func dayStart(_ day: CalendarDay) -> Double {
      let key = day.daysSinceEpoch
      if let known = dayStarts[key] { return known }
      let value = day.startDate(in: calendar).timeIntervalSinceReferenceDate
      dayStarts[key] = value
      return value
    }
    var entries: [RowEntry] = []
    entries.reserveCapacity(matcher == nil ? items.count : 0)
    items.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        let start: Double
        let end: Double
        let isAllDay: Bool
        switch buffer[index].start {
        case .instant(let date):
          start = date.timeIntervalSinceReferenceDate
          isAllDay = false
          if case .instant(let last)? = buffer[index].end {
            end = max(start, last.timeIntervalSinceReferenceDate)
          } else {
            end = start
          }
        case .day(let first):
          start = dayStart(first)
          isAllDay = true
          var last = first
          if case .day(let day)? = buffer[index].end, day > first { last = day }
          end = dayStart(last.adding(days: 1))
        }
        let kind = buffer[index].kind
        let entry = RowEntry(
          start: start, end: end, item: Int32(truncatingIfNeeded: index),
          node: Node(kind: kind, status: buffer[index].status),
          rank: kind == .start ? 0 : kind == .end ? 2 : 1, isAllDay: isAllDay, tense: .past)
        if let matcher, !matcher.matches(buffer[index], entry) { continue }
        entries.append(entry)
      }
    }
    return entries
  }

  /// Sets every entry's tense (TL-4).
  static func assignTenses(
    _ entries: inout [RowEntry], context: TimelineContext, configuration: TimelineConfiguration
  ) {
    guard !entries.isEmpty else { return }
    let calendar = context.calendar
    let todayStart = calendar.startOfDay(for: context.now)
    let tomorrowStart =
      calendar.date(byAdding: .day, value: 1, to: todayStart) ?? todayStart + 86_400
    let today =
      todayStart.timeIntervalSinceReferenceDate..<tomorrowStart.timeIntervalSinceReferenceDate
    let now = context.now.timeIntervalSinceReferenceDate
    entries.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices {
        buffer[index].tense = buffer[index].tense(
          granularity: configuration.granularity, now: now, today: today)
      }
    }
  }

  /// Where the now indicator stands in display order (TL-6): before the first current row;
  /// else before the future row closest to now; else after the last row (before the first
  /// when sections run newest first).
  static func nowIndicator(_ entries: [RowEntry], newestFirst: Bool) -> NowIndicator {
    guard !entries.isEmpty else { return .hidden }
    var closestFuture: Int?
    for index in entries.indices {
      switch entries[index].tense {
      case .current: return .beforeRow(index)
      case .future:
        if let known = closestFuture, entries[known].start <= entries[index].start { continue }
        closestFuture = index
      case .past: continue
      }
    }
    if let closestFuture { return .beforeRow(closestFuture) }
    return newestFirst ? .beforeRow(0) : .afterLastRow
  }

  /// Groups consecutive entries by the calendar unit their start falls in, asking the
  /// calendar only once per section rather than once per row.
  static func makeSections(
    _ entries: [RowEntry], unit: HeaderUnit, calendar: Calendar
  ) -> [TimelineSection] {
    var sections: [TimelineSection] = []
    var current: DateInterval?
    var firstRow = 0
    for (index, entry) in entries.enumerated() {
      let start = Date(timeIntervalSinceReferenceDate: entry.start)
      if let interval = current, interval.start <= start, start < interval.end { continue }
      if let interval = current {
        sections.append(TimelineSection(rows: firstRow..<index, interval: interval))
      }
      current =
        calendar.dateInterval(of: unit.calendarComponent, for: start)
        ?? DateInterval(start: start, duration: 1)
      firstRow = index
    }
    if let interval = current {
      sections.append(TimelineSection(rows: firstRow..<entries.count, interval: interval))
    }
    return sections
  }
}
