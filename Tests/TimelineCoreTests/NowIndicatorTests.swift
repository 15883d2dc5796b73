import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("TL-6 now indicator and empty state")
struct NowIndicatorTests {
  func indicator(_ items: [TimelineItem], granularity: TenseGranularity = .day) -> (
    NowIndicator, TimelinePresentation
  ) {
    let presentation = TimelinePresentation(
      items: items, context: Fixtures.context(),
      configuration: TimelineConfiguration(granularity: granularity))
    return (presentation.nowIndicator, presentation)
  }

  @Test func tl6_nowIndicatorBeforeFirstCurrentRow() {
    let (now, presentation) = indicator([
      Fixtures.event("past", "2026-11-19T10:00:00Z"),
      Fixtures.event("current1", "2026-11-21T08:00:00Z"),
      Fixtures.event("current2", "2026-11-21T18:00:00Z"),
      Fixtures.event("future", "2026-11-24T10:00:00Z"),
    ])
    guard case .beforeRow(let row) = now else {
      Issue.record("expected a row")
      return
    }
    #expect(presentation.item(ofRow: row).id == "current1")
  }

  @Test func tl6_longRunningCurrentRowComesBeforeLaterPastRows() {
    let (now, presentation) = indicator([
      Fixtures.event("sprint", "2026-11-10T10:00:00Z", end: "2026-11-28T10:00:00Z"),
      Fixtures.event("review", "2026-11-12T10:00:00Z"),
    ])
    guard case .beforeRow(let row) = now else {
      Issue.record("expected a row")
      return
    }
    #expect(presentation.item(ofRow: row).id == "sprint")
  }

  @Test func tl6_withoutCurrentRowsTheIndicatorPrecedesTheClosestFutureRow() {
    let (now, presentation) = indicator([
      Fixtures.event("past", "2026-11-19T10:00:00Z"),
      Fixtures.event("soon", "2026-11-23T10:00:00Z"),
      Fixtures.event("later", "2026-12-24T10:00:00Z"),
    ])
    guard case .beforeRow(let row) = now else {
      Issue.record("expected a row")
      return
    }
    #expect(presentation.item(ofRow: row).id == "soon")
  }

  @Test func tl6_entirelyFutureTimelineHasTheIndicatorFirst() {
    let (now, _) = indicator([
      Fixtures.event("a", "2027-01-01T10:00:00Z"), Fixtures.event("b", "2027-02-01T10:00:00Z"),
    ])
    #expect(now == .beforeRow(0))
  }

  @Test func tl6_entirelyPastTimelineHasTheIndicatorAfterTheLastRow() {
    let (now, _) = indicator([
      Fixtures.event("a", "2025-01-01T10:00:00Z"), Fixtures.event("b", "2026-11-20T23:00:00Z"),
    ])
    #expect(now == .afterLastRow)
  }

  @Test func tl6_emptyTimelineShowsEmptyStateAndNoIndicator() {
    let (now, presentation) = indicator([])
    #expect(now == .hidden)
    #expect(presentation.isEmpty)
    #expect(presentation.emptyStateMessage == "No items")
    #expect(presentation.sections.isEmpty)
  }

  @Test func tl6_tl10_aSearchOrFilterThatLeavesNoRowSaysNothingMatches() throws {
    let items = [
      Fixtures.event("pump", "2026-11-19T10:00:00Z", title: "Replace the pump"),
      Fixtures.event("valve", "2026-11-24T10:00:00Z", status: .completed, title: "Check valve"),
    ]
    func message(_ query: TimelineQuery, locale: String = "en_US") -> String? {
      TimelinePresentation(
        items: items, context: Fixtures.context(locale: locale), query: query
      ).emptyStateMessage
    }
    // Hidden rows are not absent rows: the reader is told the query found nothing.
    #expect(message(TimelineQuery(search: "boiler")) == "No matching items")
    let inProgress = try FilterToken(parsing: "status=inProgress")
    #expect(message(TimelineQuery(filters: [inProgress])) == "No matching items")
    #expect(
      message(TimelineQuery(search: "boiler"), locale: "fr_FR") == "Aucun élément correspondant")
    // A query that leaves rows shows them; a blank search is no search.
    #expect(message(TimelineQuery(search: "pump")) == nil)
    let empty = TimelinePresentation(
      items: [], context: Fixtures.context(), query: TimelineQuery(search: "  "))
    #expect(empty.emptyStateMessage == "No items")
  }

  @Test func tl6_onlyMarkersStillGetExactlyOneIndicator() {
    let (now, presentation) = indicator([
      Fixtures.allDay("start", "2026-01-01", kind: .start),
      Fixtures.allDay("end", "2026-12-31", kind: .end),
    ])
    #expect(now == .beforeRow(1))
    #expect(presentation.item(ofRow: 1).id == "end")
    #expect(presentation.emptyStateMessage == nil)
  }

  @Test func tl6_instantGranularityPlacesIndicatorBetweenEarlierAndLaterToday() {
    let (now, presentation) = indicator(
      [
        Fixtures.event("morning", "2026-11-21T08:00:00Z"),
        Fixtures.event("evening", "2026-11-21T18:00:00Z"),
      ], granularity: .instant)
    #expect(now == .beforeRow(1))
    #expect(presentation.item(ofRow: 1).id == "evening")
  }
}
