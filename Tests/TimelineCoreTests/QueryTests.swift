import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("TL-10 search and filters")
struct QueryTests {
  let items: [TimelineItem] = [
    TimelineItem(
      id: "a", title: "Customer call: Müller & Söhne",
      start: .instant(Fixtures.instant("2026-11-19T16:00:00Z")),
      status: .completed, supportingText: "Sales", attributes: ["Video"], priority: 3),
    TimelineItem(
      id: "b", title: "Design review", subtitle: "Home page",
      start: .instant(Fixtures.instant("2026-11-21T10:00:00Z")),
      status: .inProgress, statusLabel: "Blocked", description: "Waiting for the CAFÉ photos",
      priority: 1),
    TimelineItem(
      id: "c", title: "東京オフィスとの定例会議", start: .instant(Fixtures.instant("2026-11-23T08:00:00Z")),
      attributes: ["Ｖｉｄｅｏ"]),
    TimelineItem(id: "m", kind: .start, title: "Kick-off", start: .day(Fixtures.day("2026-11-01"))),
  ]

  func ids(_ query: TimelineQuery) -> [String] {
    let presentation = TimelinePresentation(items: items, context: Fixtures.context(), query: query)
    return (0..<presentation.count).map { presentation.item(ofRow: $0).id }
  }

  func filter(_ tokens: String...) -> TimelineQuery {
    TimelineQuery(filters: tokens.map { try! FilterToken(parsing: $0) })
  }

  @Test func tl10_searchIgnoresCaseAndDiacritics() {
    #expect(ids(TimelineQuery(search: "MULLER")) == ["a"])
    #expect(ids(TimelineQuery(search: "söhne")) == ["a"])
    #expect(ids(TimelineQuery(search: "cafe")) == ["b"])
    #expect(ids(TimelineQuery(search: "定例")) == ["c"])
  }

  @Test func tl10_searchCoversEveryTextFieldAndNeedsAllWords() {
    #expect(ids(TimelineQuery(search: "home")) == ["b"], "subtitle")
    #expect(ids(TimelineQuery(search: "blocked")) == ["b"], "status label")
    #expect(ids(TimelineQuery(search: "sales")) == ["a"], "supporting text")
    #expect(ids(TimelineQuery(search: "video")) == ["a", "c"], "attributes, width-insensitive")
    #expect(ids(TimelineQuery(search: "design photos")) == ["b"])
    #expect(ids(TimelineQuery(search: "design sales")) == [])
    #expect(ids(TimelineQuery(search: "   ")) == ["m", "a", "b", "c"])
  }

  @Test func tl10_valuesOfOneFilterAreAlternativesAndFiltersCombine() {
    #expect(ids(filter("status=completed", "status=inProgress")) == ["a", "b"])
    #expect(ids(filter("status=completed", "priority=1..2")) == [])
    #expect(ids(filter("priority=1..3")) == ["a", "b"])
    #expect(ids(filter("priority=2..")) == ["a"], "open above; no priority never passes")
    #expect(ids(filter("priority=..2")) == ["b"], "open below")
    #expect(ids(filter("kind=start")) == ["m"])
    #expect(ids(filter("status=open")) == ["c"], "markers have no status")
    #expect(ids(filter("attribute=video")) == ["a", "c"])
    #expect(ids(filter("from=2026-11-21", "to=2026-11-22")) == ["b"])
    #expect(ids(filter("to=2026-11-01")) == ["m"])
  }

  @Test func tl10_badFilterValuesNameTheAcceptedOnes() {
    #expect(throws: QueryError.self) { try FilterToken(parsing: "colour=red") }
    do {
      _ = try FilterToken(parsing: "status=done")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "unknown status 'done'; expected one of: open, inProgress, completed, empty")
    }
    #expect(throws: QueryError.self) { try FilterToken(parsing: "priority=x") }
    #expect(throws: QueryError.self) { try FilterToken(parsing: "priority=5..2") }
    #expect(throws: QueryError.self) { try FilterToken(parsing: "priority=..") }
    #expect(throws: QueryError.self) { try FilterToken(parsing: "priority=1..2..3") }
    #expect(throws: QueryError.self) { try FilterToken(parsing: "from=21.11.2026") }
  }

  @Test func tl10_tenseAndNowIndicatorAreComputedOnTheFilteredRows() {
    let presentation = TimelinePresentation(
      items: items, context: Fixtures.context(), query: filter("status=completed", "status=open"))
    #expect(presentation.count == 2)
    #expect(presentation.nowIndicator == .beforeRow(1))
    #expect(presentation.item(ofRow: 1).id == "c")
    #expect(presentation.lines(ofRow: 0).leading == nil)
    #expect(presentation.lines(ofRow: 1).trailing == nil)
  }

  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func tl10_searchAndFiltersMatchABruteForceFilter(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let words = ["alpha", "Béta", "GAMMA", "delta", "Ünïcode", "東京", "x"]
    let generated: [TimelineItem] = (0..<200).map { index in
      func text() -> String? {
        Bool.random(using: &random)
          ? nil
          : (0..<Int.random(in: 1...3, using: &random)).map { _ in
            words.randomElement(using: &random)!
          }.joined(separator: " ")
      }
      return TimelineItem(
        id: "g\(index)", kind: Int.random(in: 0..<6, using: &random) == 0 ? .end : .event,
        title: text() ?? "untitled", subtitle: text(),
        start: .instant(
          Fixtures.noon.addingTimeInterval(
            Double(Int.random(in: -864_000...864_000, using: &random)))),
        status: ItemStatus.allCases.randomElement(using: &random)!, statusLabel: text(),
        description: text(),
        supportingText: text(), attributes: [text(), text()].compactMap { $0 },
        priority: Bool.random(using: &random) ? Int.random(in: 0...5, using: &random) : nil)
    }
    let search = [
      words.randomElement(using: &random)!.lowercased(),
      words.randomElement(using: &random)!.uppercased(),
    ]
    .prefix(Int.random(in: 0...2, using: &random)).joined(separator: " ")
    let statuses = ItemStatus.allCases.filter { _ in Bool.random(using: &random) }
    let low = Int.random(in: 0...3, using: &random)
    var tokens = statuses.map { try! FilterToken(.status, $0.rawValue) }
    if Bool.random(using: &random) {
      tokens.append(try FilterToken(.priority, "\(low)..\(low + 2)"))
    }
    let query = TimelineQuery(search: search, filters: tokens)
    let presentation = TimelinePresentation(
      items: generated, context: Fixtures.context(), query: query)
    let actual = Set((0..<presentation.count).map { presentation.item(ofRow: $0).id })

    func fold(_ text: String) -> String {
      text.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
    let expected = Set(
      generated.filter { item in
        let fields =
          [
            item.title, item.subtitle, item.description, item.supportingText, item.statusLabel,
            item.substatusLabel,
          ].compactMap { $0 } + item.attributes
        let wordsMatch = search.split(separator: " ").allSatisfy { word in
          fields.contains { fold($0).contains(fold(String(word))) }
        }
        let statusMatch =
          statuses.isEmpty || (item.kind == .event && statuses.contains(item.status))
        let priorityMatch =
          !tokens.contains { $0.key == .priority }
          || (item.priority.map { (low...(low + 2)).contains($0) } ?? false)
        return wordsMatch && statusMatch && priorityMatch
      }.map(\.id))
    #expect(actual == expected)
  }
}
