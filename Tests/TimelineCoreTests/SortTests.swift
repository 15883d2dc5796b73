import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("SORT-6 multi-criteria sort: ranked by another criterion, within sections by date")
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

  func titles(_ presentation: TimelinePresentation) -> [String] {
    presentation.sections.indices.map { presentation.sectionTitle(at: $0) }
  }

  @Test func sort6_anotherCriterionFirstRanksTheWholeTimelineInSectionsOfItsValues() {
    let result = rows("priority:desc")
    #expect(result.ids == ["d1-high-early", "d1-high", "d2-high", "d2-mid", "d1-low", "d1-none"])
    #expect(result.sections == [0..<3, 3..<4, 4..<5, 5..<6])
    #expect(
      titles(result.presentation) == ["Priority 5", "Priority 3", "Priority 1", "No priority"])
    #expect(result.presentation.nowIndicator == .hidden, "now is shown only in date order")
  }

  @Test func sort6_rowsWithoutPriorityComeLastInBothDirections() {
    let result = rows("priority:asc")
    #expect(result.ids == ["d1-low", "d2-mid", "d1-high-early", "d1-high", "d2-high", "d1-none"])
    #expect(titles(result.presentation).last == "No priority")
  }

  @Test func sort6_dateFirstKeepsChronologicalSectionsAndNewestFirstReversesThem() {
    let result = rows("date:desc")
    #expect(result.ids == ["d2-high", "d2-mid", "d1-high", "d1-none", "d1-low", "d1-high-early"])
    #expect(result.presentation.sectionTitle(at: 0) == "Sunday, November 22, 2026")
    let ranked = rows("priority:desc,date:desc")
    #expect(ranked.ids == ["d2-high", "d1-high", "d1-high-early", "d2-mid", "d1-low", "d1-none"])
    let dated = rows("date,priority:desc")
    #expect(dated.sections == [0..<4, 4..<6])
    #expect(dated.presentation.sectionTitle(at: 0) == "Friday, November 20, 2026")
  }

  @Test func sort6_dateFirstTheOtherCriteriaOrderTheRowsOfEachDay() throws {
    // Each day's rows from the highest priority down, no priority last, equal priorities
    // in time; the days stay in chronological order.
    let dated = rows("date,priority:desc")
    #expect(dated.ids == ["d1-high-early", "d1-high", "d1-low", "d1-none", "d2-high", "d2-mid"])
    #expect(dated.sections == [0..<4, 4..<6])
    // Newest first: the days reversed, each still from the highest priority, and equal
    // priorities newest first.
    let newest = rows("date:desc,priority:desc")
    #expect(newest.ids == ["d2-high", "d2-mid", "d1-high", "d1-high-early", "d1-low", "d1-none"])
    #expect(newest.presentation.sectionTitle(at: 0) == "Sunday, November 22, 2026")
    #expect(
      try SortOrder(parsing: "date:desc,title").withinSections == [
        SortCriterion(.title), SortCriterion(.date, .descending),
      ])
  }

  @Test(arguments: [
    "title", "title:desc", "status", "status:desc", "kind", "kind:desc", "priority:desc",
  ])
  func sort6_markersStayFirstAndLastAndTheLineStaysWhole(_ sort: String) {
    var items = self.items
    items.append(
      TimelineItem(
        id: "begin", kind: .start, title: "Zulu begins",
        start: .instant(Fixtures.instant("2026-11-19T08:00:00Z"))))
    items.append(
      TimelineItem(
        id: "finish", kind: .end, title: "Alpha ends",
        start: .instant(Fixtures.instant("2026-11-30T08:00:00Z"))))
    items[0].status = .completed
    let presentation = TimelinePresentation(
      items: items, context: Fixtures.context(),
      query: TimelineQuery(sort: try! SortOrder(parsing: sort)))
    let ids = (0..<presentation.count).map { presentation.item(ofRow: $0).id }
    #expect(ids.first == "begin" && ids.last == "finish", "\(sort): \(ids)")
    #expect(titles(presentation).first == "Start" && titles(presentation).last == "End")
    // Every gap between two rows is drawn: the line is continuous from start to end.
    for row in 0..<(presentation.count - 1) {
      #expect(presentation.lines(ofRow: row).trailing != nil, "\(sort): gap after row \(row)")
    }
    // Each row keeps its own tense and node, whatever its place.
    let whole = TimelinePresentation(items: items, context: Fixtures.context())
    for row in 0..<presentation.count {
      let id = presentation.item(ofRow: row).id
      let chronological = (0..<whole.count).first { whole.item(ofRow: $0).id == id }!
      #expect(presentation.tense(ofRow: row) == whole.tense(ofRow: chronological))
      #expect(presentation.node(ofRow: row) == whole.node(ofRow: chronological))
    }
  }

  @Test func sort6_sectionsNameTheStatusTheKindAndTheInitial() {
    var named = [
      item("1", "2026-11-20T08:00:00Z", priority: nil, title: "zebra"),
      item("2", "2026-11-20T09:00:00Z", priority: nil, title: "Émile", status: .completed),
      item("3", "2026-11-20T10:00:00Z", priority: nil, title: "apple"),
      item("4", "2026-11-20T11:00:00Z", priority: nil, title: "eagle"),
    ]
    named[3].kind = .inactive
    func titles(_ sort: String, _ locale: String = "en_US") -> [String] {
      let presentation = TimelinePresentation(
        items: named, context: Fixtures.context(locale: locale),
        query: TimelineQuery(sort: try! SortOrder(parsing: sort)))
      return self.titles(presentation)
    }
    #expect(titles("title") == ["A", "E", "Z"])
    #expect(titles("title:desc") == ["Z", "E", "A"])
    #expect(titles("status") == ["Open", "Completed", "Inactive"])
    #expect(titles("kind") == ["Events", "Inactive"])
    #expect(titles("priority", "de_DE") == ["Keine Priorität"])
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
