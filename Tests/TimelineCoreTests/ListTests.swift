import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("LIST-1, LIST-2 timeline list")
struct ListTests {
  /// Seed 004: eight appointments over four days, newest day first.
  static let appointments: [TimelineItem] = [
    ("Dentist", "2026-11-21T09:00:00Z"), ("Business meeting", "2026-11-21T11:00:00Z"),
    ("Gym", "2026-11-21T18:00:00Z"), ("Client meeting", "2026-11-20T10:00:00Z"),
    ("Groceries", "2026-11-20T17:00:00Z"), ("Gym", "2026-11-19T18:00:00Z"),
    ("Board meeting", "2026-11-18T09:00:00Z"), ("Meeting follow-up", "2026-11-18T14:00:00Z"),
  ].enumerated().map { index, appointment in
    Fixtures.event("a\(index)", appointment.1, title: appointment.0)
  }

  let rows = TimelineList(items: appointments, context: Fixtures.context()).rows(in: 0..<8)

  @Test func list1_rowsKeepTheGivenOrder() {
    #expect(rows.map(\.title) == Self.appointments.map(\.title))
  }

  @Test func list1_dateLabelOnlyOnEachDaysFirstRow() {
    #expect(
      rows.map(\.dateLabel) == ["Sat\n21", nil, nil, "Fri\n20", nil, "Thu\n19", "Wed\n18", nil])
  }

  @Test func list2_linesJoinNeighboursAndDotsMarkEachDaysFirstRow() {
    #expect(rows.map(\.showsUpperLine) == [false] + Array(repeating: true, count: 7))
    #expect(rows.map(\.showsLowerLine) == Array(repeating: true, count: 7) + [false])
    #expect(rows.map(\.showsDot) == [true, false, false, true, false, true, true, false])
  }

  /// The label shows the weekday and the day; a screen reader hears the whole date, so that
  /// rows of other months and years are not mistaken for each other (A11Y-1).
  @Test func list1_a11y1_theSpokenLabelSaysTheWholeDate() {
    #expect(rows[0].accessibilityLabel.hasPrefix("Item 1 of 8, Saturday, November 21, 2026, "))
    #expect(rows[7].accessibilityLabel.hasPrefix("Item 8 of 8, Wednesday, November 18, 2026, "))
  }

  /// As in the timeline, marker rows do not open (TL-7); the others do (TL-8).
  @Test func tl7_tl8_markerRowsOfTheListAreNotSelectable() {
    var items = Self.appointments
    items[2].kind = .start
    items[5].kind = .earlyEnd
    let rows = TimelineList(items: items, context: Fixtures.context()).rows(in: 0..<8)
    #expect(rows.map(\.isSelectable) == [true, true, false, true, true, false, true, true])
  }

  @Test func list1_aWindowKnowsWhetherThePreviousRowWasTheSameDay() {
    let window = TimelineList(items: Self.appointments, context: Fixtures.context()).rows(in: 1..<4)
    #expect(window.map(\.dateLabel) == [nil, nil, "Fri\n20"])
  }
}

extension ListTests {
  /// Seed 004's list runs newest day first; a window still stands at today's first row.
  @Test func tl11_list1_aWindowStandsAroundTodayWhicheverWayTheListRuns() {
    func window(_ items: [TimelineItem], now: String, limit: Int = 3) -> Range<Int>? {
      TimelineList(items: items, context: Fixtures.context(now: Fixtures.instant(now)))
        .pageWindow(limit: limit)
    }
    let newestFirst = Self.appointments
    let oldestFirst = Array(newestFirst.reversed())
    // Friday the 20th: rows 3 and 4 newest first, 3 and 4 oldest first too.
    #expect(window(newestFirst, now: "2026-11-20T12:00:00Z") == 2..<5)
    #expect(window(oldestFirst, now: "2026-11-20T12:00:00Z") == 2..<5)
    // Saturday the 21st: the top of the newest-first list; in the other, its first row
    // (5) a third of the way down.
    #expect(window(newestFirst, now: "2026-11-21T12:00:00Z") == 0..<3)
    #expect(window(oldestFirst, now: "2026-11-21T12:00:00Z") == 4..<7)
    // Long after the last day, the nearest day is the newest.
    #expect(window(newestFirst, now: "2027-03-01T12:00:00Z") == 0..<3)
    #expect(window(oldestFirst, now: "2027-03-01T12:00:00Z") == 4..<7)
    // Long before the first, the oldest.
    #expect(window(newestFirst, now: "2025-01-01T12:00:00Z") == 5..<8)
    #expect(window(oldestFirst, now: "2025-01-01T12:00:00Z") == 0..<3)
    // Friday the 20th with no rows that day: Saturday and Thursday are as near, and the
    // later day wins, whichever way the list runs.
    let noFriday = newestFirst.filter { !$0.title.contains("Client") && $0.title != "Groceries" }
    #expect(window(noFriday, now: "2026-11-20T12:00:00Z", limit: 1) == 0..<1)
    #expect(window(noFriday.reversed(), now: "2026-11-20T12:00:00Z", limit: 1) == 3..<4)
    // A selected row wins; a list within the limit needs no window.
    let list = TimelineList(items: oldestFirst, context: Fixtures.context())
    #expect(list.pageWindow(limit: 3, selectedID: "a7") == 0..<3)
    #expect(list.pageWindow(limit: 8) == nil)
    #expect(list.dayCount == 4)
  }

  @Test func tl11_list1_aWindowsFirstRowNamesItsDay() {
    let list = TimelineList(items: Self.appointments, context: Fixtures.context())
    let window = list.rows(in: 1..<4, labelingFirst: true)
    #expect(window.map(\.dateLabel) == ["Sat\n21", nil, "Fri\n20"])
    // The dot still marks only the first row of a day (LIST-2).
    #expect(window.map(\.showsDot) == [false, false, true])
  }
}

extension ListTests {
  /// Days are found by arithmetic on the zone's offsets, not asked of the calendar row by
  /// row: in zones with half-hour daylight saving (Lord Howe), a 45-minute offset
  /// (Kathmandu) and a DST change at midnight (Santiago), every row's dot and label, the day
  /// count and today's window agree with the calendar's own days.
  @Test(arguments: ["Australia/Lord_Howe", "Asia/Kathmandu", "America/Santiago", "UTC"])
  func list2_tl11_daysAreTheCalendarsDaysInEveryZone(zone: String) {
    // Every 97 minutes over a year: rows on either side of every midnight and DST change;
    // every 11th row an all-day item on its instant's day.
    let start = Fixtures.instant("2026-01-01T00:00:00Z")
    let now = Fixtures.instant("2026-09-06T04:20:00Z")
    let context = Fixtures.context(now: now, zone: zone)
    let calendar = context.calendar
    let items = (0..<5_500).map { index in
      let instant = start.addingTimeInterval(Double(index) * 97 * 60)
      return TimelineItem(
        id: "r\(index)", title: "Row \(index)",
        start: index % 11 == 5 ? .day(CalendarDay(instant, in: calendar)) : .instant(instant))
    }
    let list = TimelineList(items: items, context: context)
    let days = items.map { item -> DateComponents in
      switch item.start {
      case .instant(let date): calendar.dateComponents([.year, .month, .day], from: date)
      case .day(let day): DateComponents(year: day.year, month: day.month, day: day.day)
      }
    }
    let startsDay = days.indices.map { $0 == 0 || days[$0] != days[$0 - 1] }
    var rows: [TimelineListRow] = []
    list.forEachRow { rows.append($0) }
    #expect(rows.map(\.showsDot) == startsDay)
    #expect(rows.map { $0.dateLabel != nil } == startsDay)
    #expect(list.dayCount == startsDay.filter { $0 }.count)
    // Today's first row stands a third of the way down a window of 300, whose first row
    // names its day even when it continues one.
    let today = calendar.dateComponents([.year, .month, .day], from: now)
    let first = days.firstIndex(of: today)!
    let window = list.pageWindow(limit: 300)
    #expect(window == (first - 100)..<(first + 200))
    var windowRows: [TimelineListRow] = []
    list.forEachRow(in: window) { windowRows.append($0) }
    let dayOfFirst = rows[...(first - 100)].last { $0.dateLabel != nil }?.dateLabel
    #expect(windowRows.first?.dateLabel != nil)
    #expect(windowRows.first?.dateLabel == dayOfFirst)
    #expect(Array(windowRows.dropFirst()) == Array(rows[(first - 99)..<(first + 200)]))
  }

  /// Rows made one at a time for a window are the rows of the window, its first row labeled
  /// with its day; over the whole list, the rows of the whole list.
  @Test func tl11_list1_rowsMadeOneAtATimeAreTheWindowsRows() {
    let list = TimelineList(items: Self.appointments, context: Fixtures.context())
    var window: [TimelineListRow] = []
    list.forEachRow(in: 1..<4) { window.append($0) }
    #expect(window == list.rows(in: 1..<4, labelingFirst: true))
    var all: [TimelineListRow] = []
    list.forEachRow { all.append($0) }
    #expect(all == list.rows(in: 0..<8))
  }
}
