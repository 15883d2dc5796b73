import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("PV-1 … PV-6 timeline preview")
struct PreviewTests {
  let items = [
    Fixtures.allDay("start", "2026-01-05", kind: .start, title: "Kick-off"),
    Fixtures.event("p1", "2026-11-10T10:00:00Z", status: .completed),
    Fixtures.event("overdue", "2026-11-15T10:00:00Z", status: .open),
    Fixtures.event("p2", "2026-11-19T10:00:00Z", status: .completed),
    Fixtures.event("today", "2026-11-21T15:00:00Z", status: .inProgress),
    Fixtures.event("f1", "2026-11-24T10:00:00Z"),
    Fixtures.event("f2", "2026-11-28T10:00:00Z"),
    Fixtures.allDay("end", "2026-12-20", kind: .end, title: "Go-live"),
  ]

  func preview(_ items: [TimelineItem]? = nil, count: Int, overdue: Bool = false) -> TimelinePreview
  {
    let presentation = TimelinePresentation(
      items: items ?? self.items, title: "Rollout", context: Fixtures.context())
    return TimelinePreview(presentation, count: count, prioritizeOverdue: overdue)
  }

  @Test func pv2_compactShowsTwoAndRegularFour() {
    #expect(PreviewSize.compact.itemCount == 2)
    #expect(PreviewSize.regular.itemCount == 4)
    #expect(preview(count: PreviewSize.compact.itemCount).items.count == 2)
    #expect(preview(count: PreviewSize.regular.itemCount).items.count == 4)
    #expect(preview(count: 3).items.count == 3)
  }

  @Test func pv6_startsAtNowWithCurrentThenUpcoming() {
    #expect(preview(count: 2).items.map(\.id) == ["today", "f1"])
    #expect(preview(count: 4).items.map(\.id) == ["today", "f1", "f2", "end"])
  }

  @Test func pv6_recentPastFillsTheStripWhenTooFewRemain() {
    #expect(preview(count: 6).items.map(\.id) == ["overdue", "p2", "today", "f1", "f2", "end"])
    let allPast = [
      Fixtures.event("a", "2026-01-01T10:00:00Z"), Fixtures.event("b", "2026-02-01T10:00:00Z"),
      Fixtures.event("c", "2026-03-01T10:00:00Z"),
    ]
    #expect(preview(allPast, count: 2).items.map(\.id) == ["b", "c"])
    #expect(preview(allPast, count: 5).items.map(\.id) == ["a", "b", "c"])
  }

  @Test func pv6_overdueOpenObjectsComeFirstWhenPrioritized() {
    let items = preview(count: 3, overdue: true).items
    #expect(items.map(\.id) == ["overdue", "today", "f1"])
    #expect(items.map(\.isOverdue) == [true, false, false])
  }

  @Test func pv4_currentObjectReadsToday() {
    let items = preview(count: 2).items
    #expect(items[0].timestamp == "Today")
    #expect(items[1].timestamp == "Nov 24")
    let german = TimelinePreview(
      TimelinePresentation(items: self.items, context: Fixtures.context(locale: "de_DE")), count: 1)
    #expect(german.items[0].timestamp == "Heute")
  }

  @Test func pv3_seeAllCountsEveryObjectAndTitleIsOptional() {
    let strip = preview(count: 2)
    #expect(strip.seeAll.label == "See All (8)")
    #expect(strip.seeAll.count == 8)
    #expect(strip.title == "Rollout")
    let untitled = TimelinePreview(
      TimelinePresentation(items: items, context: Fixtures.context()), count: 2)
    #expect(untitled.title == nil)
  }

  @Test func pv5_diamondsForStartAndEndAndNoLinePastTheLast() {
    let strip = preview(count: 8)
    #expect(strip.items.first?.node == .start)
    #expect(strip.items.last?.node == .end)
    #expect(strip.items.map(\.showsTrailingLine) == Array(repeating: true, count: 7) + [false])
    #expect(
      strip.items.map(\.tone) == [
        .accent, .accent, .accent, .accent, .accent, .neutral, .neutral, .neutral,
      ])
  }

  @Test func pv1_previewItemsCarryTimestampNodeAndTitle() {
    let item = preview(count: 1).items[0]
    #expect(item.title == "today")
    #expect(item.node == .inProgress)
    #expect(item.tense == .current)
    #expect(PreviewItem.titleLineLimit == 2)
  }
}
