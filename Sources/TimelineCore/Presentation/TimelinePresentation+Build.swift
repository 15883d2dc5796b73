import Foundation

extension TimelinePresentation {
  /// One entry per item, in document order, with all-day dates resolved in the calendar's
  /// time zone (one calendar computation per distinct day).
  static func makeEntries(_ items: [TimelineItem], calendar: Calendar) -> [RowEntry] {
    var dayStarts: [Int: Double] = [:]
    func dayStart(_ day: CalendarDay) -> Double {
      let key = day.daysSinceEpoch
      if let known = dayStarts[key] { return known }
      let value = day.startDate(in: calendar).timeIntervalSinceReferenceDate
      dayStarts[key] = value
      return value
    }
    var entries: [RowEntry] = []
    entries.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let start: Double
      let end: Double
      switch item.start {
      case .instant(let date):
        start = date.timeIntervalSinceReferenceDate
        if case .instant(let last)? = item.end {
          end = max(start, last.timeIntervalSinceReferenceDate)
        } else {
          end = start
        }
      case .day(let first):
        start = dayStart(first)
        let last: CalendarDay
        if case .day(let day)? = item.end, day > first { last = day } else { last = first }
        end = dayStart(last.adding(days: 1))
      }
      let rank: UInt8 = item.kind == .start ? 0 : item.kind == .end ? 2 : 1
      entries.append(
        RowEntry(
          start: start, end: end, item: Int32(truncatingIfNeeded: index),
          node: Node(kind: item.kind, status: item.status), rank: rank,
          isAllDay: item.start.isAllDay, tense: .past))
    }
    return entries
  }

  /// Sets every entry's tense and returns where the now indicator stands (TL-4, TL-6).
  static func assignTenses(
    _ entries: inout [RowEntry], context: TimelineContext, configuration: TimelineConfiguration
  ) -> NowIndicator {
    guard !entries.isEmpty else { return .hidden }
    let calendar = context.calendar
    let todayStart = calendar.startOfDay(for: context.now)
    let tomorrowStart =
      calendar.date(byAdding: .day, value: 1, to: todayStart) ?? todayStart + 86_400
    let today =
      todayStart.timeIntervalSinceReferenceDate..<tomorrowStart.timeIntervalSinceReferenceDate
    let now = context.now.timeIntervalSinceReferenceDate
    var firstCurrent: Int?
    var firstFuture: Int?
    entries.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices {
        let tense = buffer[index].tense(
          granularity: configuration.granularity, now: now, today: today)
        buffer[index].tense = tense
        if tense == .current, firstCurrent == nil { firstCurrent = index }
        if tense == .future, firstFuture == nil { firstFuture = index }
      }
    }
    if let row = firstCurrent ?? firstFuture { return .beforeRow(row) }
    return .afterLastRow
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
