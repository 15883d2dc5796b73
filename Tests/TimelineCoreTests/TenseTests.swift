import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("TL-4 tense")
struct TenseTests {
  func tenses(
    _ items: [TimelineItem], context: TimelineContext = Fixtures.context(),
    granularity: TenseGranularity = .day
  ) -> [String: Tense] {
    let presentation = TimelinePresentation(
      items: items, context: context,
      configuration: TimelineConfiguration(granularity: granularity))
    return Dictionary(
      uniqueKeysWithValues: (0..<presentation.count).map {
        (presentation.item(ofRow: $0).id, presentation.tense(ofRow: $0))
      })
  }

  @Test func tl4_dayGranularityUsesTodaysCalendarDay() {
    let result = tenses([
      Fixtures.event("yesterday", "2026-11-20T23:59:59Z"),
      Fixtures.event("earlyToday", "2026-11-21T00:00:00Z"),
      Fixtures.event("lateToday", "2026-11-21T23:59:59Z"),
      Fixtures.event("tomorrow", "2026-11-22T00:00:00Z"),
    ])
    #expect(
      result == [
        "yesterday": .past, "earlyToday": .current, "lateToday": .current, "tomorrow": .future,
      ])
  }

  @Test func tl4_itemSpanningMidnightIntoTodayIsCurrent() {
    let result = tenses([
      Fixtures.event("night", "2026-11-20T22:00:00Z", end: "2026-11-21T02:00:00Z"),
      Fixtures.event("endsAtMidnight", "2026-11-20T22:00:00Z", end: "2026-11-20T23:59:00Z"),
      Fixtures.event("intoTomorrow", "2026-11-21T22:00:00Z", end: "2026-11-22T02:00:00Z"),
    ])
    #expect(result["night"] == .current)
    #expect(result["endsAtMidnight"] == .past)
    #expect(result["intoTomorrow"] == .current)
  }

  @Test func tl4_allDayItemTodayIsCurrentInBothGranularities() {
    let items = [
      Fixtures.allDay("today", "2026-11-21"), Fixtures.allDay("yesterday", "2026-11-20"),
      Fixtures.allDay("week", "2026-11-16", end: "2026-11-22"),
      Fixtures.allDay("tomorrow", "2026-11-22"),
    ]
    let day = tenses(items)
    #expect(day == ["today": .current, "yesterday": .past, "week": .current, "tomorrow": .future])
    #expect(tenses(items, granularity: .instant) == day)
  }

  @Test func tl4_todayFollowsTheTimelinesTimeZone() {
    // Now is 13:00 in Berlin and 07:00 in New York, both on Saturday the 21st.
    // 23:30Z is Sunday 00:30 in Berlin but Saturday 18:30 in New York;
    // 02:00Z is Saturday 03:00 in Berlin but Friday 21:00 in New York.
    let items = [
      Fixtures.event("late", "2026-11-21T23:30:00Z"),
      Fixtures.event("early", "2026-11-21T02:00:00Z"),
    ]
    #expect(
      tenses(items, context: Fixtures.context(zone: "Europe/Berlin")) == [
        "late": .future, "early": .current,
      ])
    #expect(
      tenses(items, context: Fixtures.context(zone: "America/New_York")) == [
        "late": .current, "early": .past,
      ])
    #expect(
      tenses(items, context: Fixtures.context(zone: "UTC")) == [
        "late": .current, "early": .current,
      ])
  }

  @Test func tl4_dstSpringForwardDayInBerlinIs23Hours() {
    // 2026-03-29 has 23 hours in Berlin: 00:00+01:00 to 24:00+02:00 = 22:00Z.
    let now = Fixtures.instant("2026-03-29T12:00:00+02:00")
    let context = Fixtures.context(now: now, zone: "Europe/Berlin")
    let result = tenses(
      [
        Fixtures.event("first", "2026-03-28T23:00:00Z"),
        Fixtures.event("last", "2026-03-29T21:59:00Z"),
        Fixtures.event("next", "2026-03-29T22:00:00Z"),
        Fixtures.allDay("allDay", "2026-03-29"),
      ], context: context)
    #expect(result == ["first": .current, "last": .current, "next": .future, "allDay": .current])
  }

  @Test func tl4_dstFallBackDayInNewYorkIs25Hours() {
    // 2026-11-01 has 25 hours in New York: 04:00Z to 05:00Z next day.
    let now = Fixtures.instant("2026-11-01T10:00:00-05:00")
    let context = Fixtures.context(now: now, zone: "America/New_York")
    let result = tenses(
      [
        Fixtures.event("before", "2026-11-01T03:59:00Z"),
        Fixtures.event("repeatedHour", "2026-11-01T06:30:00Z"),
        Fixtures.event("lastMinute", "2026-11-02T04:59:00Z"),
        Fixtures.event("nextDay", "2026-11-02T05:00:00Z"),
      ], context: context)
    #expect(
      result == [
        "before": .past, "repeatedHour": .current, "lastMinute": .current, "nextDay": .future,
      ])
  }

  @Test func tl4_instantGranularityNeedsNowInsideTheInterval() {
    let result = tenses(
      [
        Fixtures.event("running", "2026-11-21T11:00:00Z", end: "2026-11-21T13:00:00Z"),
        Fixtures.event("endedAtNow", "2026-11-21T10:00:00Z", end: "2026-11-21T12:00:00Z"),
        Fixtures.event("startsAtNow", "2026-11-21T12:00:00Z", end: "2026-11-21T12:30:00Z"),
        Fixtures.event("pointAtNow", "2026-11-21T12:00:00Z"),
        Fixtures.event("pointEarlierToday", "2026-11-21T08:00:00Z"),
        Fixtures.event("pointLaterToday", "2026-11-21T18:00:00Z"),
      ], granularity: .instant)
    #expect(
      result == [
        "running": .current, "endedAtNow": .past, "startsAtNow": .current, "pointAtNow": .past,
        "pointEarlierToday": .past, "pointLaterToday": .future,
      ])
  }

  @Test func tl4_nodeAndLineTonesFollowTense() {
    #expect(LineTone(.past) == .accent)
    #expect(LineTone(.current) == .accent)
    #expect(LineTone(.future) == .neutral)
  }

  @Test func tl4_currentRowsAreHighlightedWithTodayMarker() {
    let presentation = TimelinePresentation(
      items: [
        Fixtures.event("past", "2026-11-20T10:00:00Z"),
        Fixtures.event("now", "2026-11-21T09:00:00Z"),
        Fixtures.allDay("marker", "2026-11-21", kind: .start),
      ], context: Fixtures.context())
    let rows = presentation.rows(in: 0..<3)
    let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    #expect(byID["now"]?.isHighlighted == true)
    #expect(byID["now"]?.showsTodayMarker == true)
    #expect(byID["past"]?.isHighlighted == false)
    #expect(byID["past"]?.showsTodayMarker == false)
    #expect(byID["marker"]?.isHighlighted == false, "markers have no card to highlight")
    #expect(byID["marker"]?.showsTodayMarker == true)
  }
}
