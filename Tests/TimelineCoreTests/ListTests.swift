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

  @Test func list1_aWindowKnowsWhetherThePreviousRowWasTheSameDay() {
    let window = TimelineList(items: Self.appointments, context: Fixtures.context()).rows(in: 1..<4)
    #expect(window.map(\.dateLabel) == [nil, nil, "Fri\n20"])
  }
}
