import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// Sections that fold with a summary (TL-3 sections): which sections fold, what their
/// summary counts, and how every output of the core says it.
@Suite("TL-3 folded sections")
struct FoldingTests {
  static func presentation(
    _ items: [TimelineItem], sort: String? = nil, folding: [String]
  ) throws -> TimelinePresentation {
    TimelinePresentation(
      items: items, context: Fixtures.context(),
      configuration: TimelineConfiguration(folding: try SectionFolding(parsing: folding)),
      query: TimelineQuery(sort: try sort.map { try SortOrder(parsing: $0) } ?? .default))
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func tl3_foldingThePastSummarizesEverySectionOfPastRowsOnly(seed: UInt64) throws {
    let items = randomDocument(count: 120, seed: seed).items
    let presentation = try Self.presentation(items, folding: ["past"])
    var folded = 0
    for (index, section) in presentation.sections.enumerated() {
      let tenses = section.rows.map { presentation.tense(ofRow: $0) }
      #expect(presentation.isFolded(section: index) == tenses.allSatisfy { $0 == .past })
      if presentation.isFolded(section: index) { folded += 1 }
      // The summary counts the section's rows by node, in the status order.
      let summary = presentation.summary(ofSection: index)
      #expect(summary.count == section.rows.count)
      let nodes = section.rows.map { presentation.node(ofRow: $0) }
      #expect(
        summary.counts.map { [$0.node: $0.count] }
          == Node.allCases.compactMap { node in
            let count = nodes.count(where: { $0 == node })
            return count == 0 ? nil : [node: count]
          })
    }
    #expect(folded > 0 && folded < presentation.sections.count, "some past, some not")
  }

  @Test func tl3_theJSONOfAFoldedSectionHasItsSummaryAndNoRows() throws {
    let items = randomDocument(count: 200, seed: 9).items
    let presentation = try Self.presentation(items, folding: ["past"])
    var text = ""
    PresentationJSON.write(presentation, to: &text)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let sections = try #require(json["sections"] as? [[String: Any]])
    #expect(sections.count == presentation.sections.count)
    var shown = 0
    var summarized = 0
    for (index, section) in sections.enumerated() {
      let rows = try #require(section["rows"] as? [Any])
      guard presentation.isFolded(section: index) else {
        #expect(section["folded"] == nil)
        shown += rows.count
        continue
      }
      #expect(rows.isEmpty)
      #expect(section["folded"] as? Bool == true)
      #expect(section["key"] as? String == presentation.sectionKey(at: index))
      let summary = try #require(section["summary"] as? [String: Any])
      let count = try #require(summary["count"] as? Int)
      let nodes = try #require(summary["nodes"] as? [[String: Any]])
      #expect(nodes.compactMap { $0["count"] as? Int }.reduce(0, +) == count)
      #expect(summary["text"] as? String == presentation.summary(ofSection: index).text(.english))
      summarized += count
    }
    // Nothing is lost: the rows shown and the rows summarized are every row.
    #expect(shown + summarized == presentation.count)
    #expect(summarized > 0)
  }

  @Test func tl3_aSectionFoldsByItsKeyInDateAndRankedOrder() throws {
    let items = [
      Fixtures.event("a", "2026-11-19T09:00:00Z", status: .completed),
      Fixtures.event("b", "2026-11-19T15:00:00Z", status: .open),
      Fixtures.event("c", "2026-11-23T09:00:00Z", status: .inProgress),
      Fixtures.event("s", "2026-11-18T09:00:00Z", kind: .start),
    ]
    let byDay = try Self.presentation(items, folding: ["2026-11-19"])
    #expect(
      byDay.sections.indices.map { byDay.sectionKey(at: $0) } == [
        "2026-11-18", "2026-11-19", "2026-11-23",
      ])
    #expect(byDay.sections.indices.map { byDay.isFolded(section: $0) } == [false, true, false])
    #expect(byDay.summary(ofSection: 1).text(.english) == "2 items — Open: 1, Completed: 1")
    let byStatus = try Self.presentation(
      items, sort: "status", folding: ["status-open,markers-start"])
    #expect(
      byStatus.sections.indices.map { byStatus.sectionKey(at: $0) } == [
        "markers-start", "status-open", "status-inProgress", "status-completed",
      ])
    #expect(
      byStatus.sections.indices.map { byStatus.isFolded(section: $0) } == [
        true, true, false, false,
      ])
    let byPriority = try Self.presentation(
      [Fixtures.event("p", "2026-11-19T09:00:00Z")], sort: "priority", folding: [])
    #expect(byPriority.sectionKey(at: 0) == "priority-none")
  }

  @Test func tl3_foldingReadsPastAndKeysAndRefusesOtherText() throws {
    let folding = try SectionFolding(parsing: ["past, 2026-11-19", "priority-5"])
    #expect(folding.past)
    #expect(folding.keys == ["2026-11-19", "priority-5"])
    #expect(folding.values == ["past", "2026-11-19", "priority-5"])
    #expect(try SectionFolding(parsing: [""]).isEmpty)
    let shown = try SectionFolding(parsing: ["past,-2026-11-19,-priority-5"])
    #expect(shown.shown == ["2026-11-19", "priority-5"])
    #expect(shown.values == ["past", "-2026-11-19", "-priority-5"])
    #expect(throws: QueryError.self) { try SectionFolding(parsing: ["-"]) }
    #expect(throws: QueryError.self) { try SectionFolding(parsing: ["two words"]) }
    #expect(throws: QueryError.self) { try SectionFolding(parsing: ["tab\there"]) }
    #expect(throws: QueryError.self) {
      try SectionFolding(parsing: [String(repeating: "k", count: 101)])
    }
  }

  @Test(arguments: [3, 7] as [UInt64])
  func tl3_onePastSectionUnfoldsAloneAndFoldsBack(seed: UInt64) throws {
    // With the past folded, a header's link shows that section alone (`-KEY`) and the
    // other past sections stay folded; its link then folds it back to `past` as it was.
    let items = randomDocument(count: 120, seed: seed).items
    let past = try Self.presentation(items, folding: ["past"])
    let foldedByPast = past.sections.indices.filter { past.isFolded(section: $0) }
    try #require(foldedByPast.count >= 2, "seed \(seed) has two past sections")
    let key = past.sectionKey(at: foldedByPast[0])
    let shown = past.folding.folding(section: key, folded: false)
    #expect(shown.values == ["past", "-" + key])
    #expect(try SectionFolding(parsing: shown.values) == shown, "the address reads back")
    let one = try Self.presentation(items, folding: shown.values)
    #expect(
      one.sections.indices.filter { one.isFolded(section: $0) } == Array(foldedByPast.dropFirst()))
    #expect(shown.folding(section: key, folded: true) == SectionFolding(past: true))
    // A section folded by its key unfolds by leaving the address; "Show the past" forgets
    // the sections shown one by one.
    let named = SectionFolding(keys: [key])
    #expect(named.folding(section: key, folded: false) == SectionFolding())
    #expect(SectionFolding().folding(section: key, folded: true) == named)
    #expect(shown.foldingPast(false).values.isEmpty)
  }

  @Test func tl3_theNowIndicatorAmongFoldedRowsIsLeftOutWithThem() throws {
    // Now (noon on the 21st) falls inside the 21st's section, between its rows.
    let items = [
      Fixtures.event("morning", "2026-11-21T09:00:00Z"),
      Fixtures.event("evening", "2026-11-21T18:00:00Z"),
      Fixtures.event("later", "2026-11-23T09:00:00Z"),
    ]
    var steps: [String] = []
    let folded = try Self.presentation(items, folding: ["2026-11-21"])
    folded.forEachStep(texts: folded.texts()) { step in
      switch step {
      case .sectionStart(_, let title, _): steps.append("start " + title)
      case .now: steps.append("now")
      case .row(let row, _): steps.append(row.id)
      case .sectionEnd: steps.append("end")
      }
    }
    #expect(
      steps == [
        "start Saturday, November 21, 2026", "end", "start Monday, November 23, 2026", "later",
        "end",
      ])
  }

  @Test func tl3_theSummaryIsWordedInEveryLanguage() {
    let summary = SectionSummary(
      count: 12, counts: [.init(node: .open, count: 3), .init(node: .completed, count: 9)])
    let expected = [
      "en_US": "12 items — Open: 3, Completed: 9",
      "de_DE": "12 Einträge — Offen: 3, Erledigt: 9",
      "fr_FR": "12 éléments — Ouvert : 3, Terminé : 9",
      "ja_JP": "12 項目：未着手 3、完了 9",
    ]
    for (locale, text) in expected {
      let strings = TimelineStrings.localized(for: Locale(identifier: locale))
      #expect(summary.text(strings) == text, "\(locale)")
    }
  }
}
