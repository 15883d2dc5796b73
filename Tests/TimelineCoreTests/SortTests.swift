import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("SORT-6 multi-criteria sort within sections")
struct SortTests {
  func item(
    _ id: String, _ start: String, priority: Int?, title: String? = nil, status: ItemStatus = .open
  ) -> TimelineItem {
    TimelineItem(
      id: id, title: title ?? id, start: .instant(Fixtures.instant(start)), status: status,
      priority: priority)
  }

  var items: [TimelineItem] {
    [
      item("d1-low", "2026-11-20T08:00:00Z", priority: 1),
      item("d1-high", "2026-11-20T12:00:00Z", priority: 5),
      item("d1-none", "2026-11-20T09:00:00Z", priority: nil),
      item("d1-high-early", "2026-11-20T07:00:00Z", priority: 5),
      item("d2-mid", "2026-11-22T08:00:00Z", priority: 3),
      item("d2-high", "2026-11-22T18:00:00Z", priority: 5),
    ]
  }

  func rows(_ sort: String) -> (
    ids: [String], sections: [Range<Int>], presentation: TimelinePresentation
  ) {
    let presentation = TimelinePresentation(
      items: items, context: Fixtures.context(),
      query: TimelineQuery(sort: try! SortOrder(parsing: sort)))
    return (
      (0..<presentation.count).map { presentation.item(ofRow: $0).id },
      presentation.sections.map(\.rows), presentation
    )
  }

  @Test func sort6_criteriaOrderRowsWithinChronologicalSections() {
    let result = rows("priority:desc")
    #expect(result.ids == ["d1-high-early", "d1-high", "d1-low", "d1-none", "d2-high", "d2-mid"])
    #expect(result.sections == [0..<4, 4..<6])
    #expect(result.presentation.sectionTitle(at: 0) == "Friday, November 20, 2026")
  }

  @Test func sort6_rowsWithoutPriorityComeLastInBothDirections() {
    #expect(
      rows("priority:asc").ids == [
        "d1-low", "d1-high-early", "d1-high", "d1-none", "d2-mid", "d2-high",
      ])
  }

  @Test func sort6_newestFirstReversesTheSections() {
    let result = rows("date:desc")
    #expect(result.ids == ["d2-high", "d2-mid", "d1-high", "d1-none", "d1-low", "d1-high-early"])
    #expect(result.presentation.sectionTitle(at: 0) == "Sunday, November 22, 2026")
    let mixed = rows("priority:desc,date:desc")
    #expect(mixed.ids == ["d2-high", "d2-mid", "d1-high", "d1-high-early", "d1-low", "d1-none"])
  }

  @Test func sort6_tiesKeepChronologicalOrder() {
    let tied = (0..<50).map { index in
      item(
        "t\(index)",
        "2026-11-20T\(String(format: "%02d", index % 24)):\(String(format: "%02d", index)):00Z",
        priority: index % 3, title: "Same")
    }
    var generator = SeededGenerator(seed: 42)
    let presentation = TimelinePresentation(
      items: tied.shuffled(using: &generator), context: Fixtures.context(),
      query: TimelineQuery(sort: try! SortOrder(parsing: "title,priority")))
    let rows = (0..<presentation.count).map { presentation.item(ofRow: $0) }
    for (a, b) in zip(rows, rows.dropFirst()) {
      #expect(a.priority! <= b.priority!)
      if a.priority == b.priority, case .instant(let x) = a.start, case .instant(let y) = b.start {
        #expect(x <= y, "ties keep chronological order")
      }
    }
  }

  @Test func sort6_titlesCompareWithoutCaseOrDiacritics() {
    let named = [
      item("1", "2026-11-20T08:00:00Z", priority: nil, title: "zebra"),
      item("2", "2026-11-20T09:00:00Z", priority: nil, title: "Émile"),
      item("3", "2026-11-20T10:00:00Z", priority: nil, title: "apple"),
      item("4", "2026-11-20T11:00:00Z", priority: nil, title: "Banana"),
    ]
    let presentation = TimelinePresentation(
      items: named, context: Fixtures.context(),
      query: TimelineQuery(sort: try! SortOrder(parsing: "title")))
    #expect(
      (0..<4).map { presentation.item(ofRow: $0).title } == ["apple", "Banana", "Émile", "zebra"])
  }

  @Test func sort6_sortOrderParsing() throws {
    #expect(
      try SortOrder(parsing: "priority:desc,date").criteria == [
        SortCriterion(.priority, .descending), SortCriterion(.date),
      ])
    #expect(throws: QueryError.self) { try SortOrder(parsing: "colour") }
    #expect(throws: QueryError.self) { try SortOrder(parsing: "date:sideways") }
    #expect(throws: QueryError.self) { try SortOrder(parsing: "date,date") }
  }
}
