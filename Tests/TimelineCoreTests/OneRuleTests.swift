import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// Rules the core decides once for every client (CLI, renderers, the app): a query read
/// from flags or an address, a date read from text, the text a renderer may draw, the
/// status a reader hears and the direction a language reads in.
@Suite("TL-10 SORT-6 A11Y-1 SEC-1 rules decided once")
struct OneRuleTests {
  @Test func tl10_sort6_aQueryReadsAlikeFromFlagsAndAddressesAndWritesItselfBack() throws {
    let fromFlags = try TimelineQuery(
      search: "dock b", filters: ["status=open", "priority=2..5", "from=2026-11-20"],
      sort: "priority:desc,title")
    let fromAddress = try TimelineQuery(parameters: [
      ("q", "dock b"), ("filter", "status=open"), ("sort", "priority:desc"),
      ("filter", "priority=2..5"), ("page", "2"), ("sort", "title"),
      ("filter", "from=2026-11-20"),
    ])
    #expect(fromFlags == fromAddress)
    #expect(fromFlags.sort.description == "priority:desc,title")
    // Written back, the parameters read as the same query; defaults are left out.
    #expect(try TimelineQuery(parameters: fromFlags.parameters) == fromFlags)
    #expect(TimelineQuery().parameters.isEmpty)
    #expect(
      fromFlags.parameters.map { "\($0.0)=\($0.1)" } == [
        "q=dock b", "filter=status=open", "filter=priority=2..5", "filter=from=2026-11-20",
        "sort=priority:desc,title",
      ])
  }

  @Test func tl10_aBadQueryParameterIsNamedWithWhatWasExpected() {
    #expect(throws: QueryParameterError.self) {
      try TimelineQuery(parameters: [("filter", "colour=red")])
    }
    do {
      _ = try TimelineQuery(parameters: [("q", "x"), ("sort", "priority:sideways")])
      Issue.record("a bad sort direction was accepted")
    } catch {
      #expect(error.parameter == "sort")
      #expect(error.description.contains("'sideways'"))
      #expect(error.description.contains("asc, desc"))
    }
  }

  @Test func sort3_aToggledCriterionTurnsOrJoinsDescending() {
    let order = SortOrder([SortCriterion(.priority), SortCriterion(.date)])
    #expect(order.toggling(.priority).description == "priority:desc,date")
    #expect(order.toggling(.title).description == "priority,date,title:desc")
    #expect(SortOrder.default.toggling(.title, replacingDefault: true).description == "title:desc")
    #expect(SortOrder.default.toggling(.date).description == "date:desc")
  }

  @Test func tl10_filterBoundsReadDatesAsRFC3339Does() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
    let from = try FilterToken(parsing: "from=2026-11-20")
    #expect(from.boundary(in: calendar) == Fixtures.instant("2026-11-19T23:00:00Z"))
    let offset = try FilterToken(parsing: "to=2026-11-20T10:00:00+01:00")
    #expect(offset.boundary(in: calendar) == Fixtures.instant("2026-11-20T09:00:00Z"))
    // A date-time without an offset is a wall time of the calendar's zone.
    let floating = try FilterToken(parsing: "from=2026-11-20T10:00:00")
    #expect(floating.boundary(in: calendar) == Fixtures.instant("2026-11-20T09:00:00Z"))
    // A day that does not exist is refused as RFC 3339 refuses it, saying why.
    do {
      _ = try FilterToken(parsing: "from=2026-02-30")
      Issue.record("2026-02-30 was accepted")
    } catch {
      #expect(error.description.hasPrefix("invalid date '2026-02-30': day must be"))
      #expect(error.description.hasSuffix("expected one of: YYYY-MM-DD, an RFC 3339 date-time"))
    }
    #expect(CalendarDay(parsing: "2026-02-30") == nil)
    #expect(RFC3339.instant("2026-11-21", in: .gmt) == Fixtures.instant("2026-11-21T00:00:00Z"))
    #expect(RFC3339.instant("21.11.2026", in: .gmt) == nil)
  }

  @Test func sec1_oneCleanerGivesEveryRendererSafeText() {
    let hostile = "a\u{7}b\tc\r\nd\u{2028}e\u{85}f\u{FFFF}g\u{1B}[2J"
    #expect(
      TextCleaner.clean(hostile, controls: .pictures) == "a␇b c  d e\u{FFFD}f\u{FFFD}g␛[2J")
    #expect(
      TextCleaner.clean(hostile, controls: .replacement)
        == "a\u{FFFD}b c  d e\u{FFFD}f\u{FFFD}g\u{FFFD}[2J")
    #expect(
      TextCleaner.clean("one\u{2029}two\nthree", keepingNewlines: true, controls: .replacement)
        == "one\ntwo\nthree")
    // Clean text comes back as it is.
    let plain = "Unloading at Dock B — 東京"
    #expect(TextCleaner.clean(plain, controls: .pictures) == plain)
  }

  @Test func tl2_truncationKeepsWhatFitsAndEndsInAnEllipsis() {
    let cells: (Character) -> Double = { $0.unicodeScalars.first!.value > 0x2E80 ? 2 : 1 }
    #expect(LineBreaker.truncate("Unloading at Dock B", width: 10, measure: cells) == "Unloading…")
    #expect(LineBreaker.truncate("Dock B", width: 10, measure: cells) == "Dock B")
    #expect(LineBreaker.truncate("東京オフィス", width: 7, measure: cells) == "東京オ…")
    #expect(LineBreaker.truncate("Unloading", width: 0.5, measure: cells) == "")
  }

  @Test func a11y1_rowsListsAndPreviewsSpeakOneStatus() {
    let items = [
      TimelineItem(
        id: "a", title: "Only a second label", start: .instant(Fixtures.noon),
        status: .inProgress, substatusLabel: "Waiting"),
      TimelineItem(
        id: "b", title: "No labels", start: .instant(Fixtures.noon.addingTimeInterval(3_600)),
        status: .completed),
    ]
    let context = Fixtures.context()
    let presentation = TimelinePresentation(items: items, context: context)
    let rows = (0..<presentation.count).map { presentation.row(at: $0) }
    let preview = TimelinePreview(presentation, count: 2)
    let list = TimelineList(items: items, context: context)
    let listRows = list.rows(in: 0..<list.count)
    // The state is heard when no label names it (the eye reads it from the node), and the
    // second label after it: "High" alone hid that the item is in progress.
    #expect(rows.map(\.spokenStatus) == ["In progress, Waiting", "Completed"])
    for (index, spoken) in rows.map(\.spokenStatus).enumerated() {
      #expect(rows[index].accessibilityLabel.contains(", \(spoken), "))
      #expect(preview.items[index].accessibilityLabel.contains(", \(spoken), "))
      #expect(listRows[index].accessibilityLabel.contains(", \(spoken), "))
    }
  }

  @Test(arguments: [
    ("ar_EG", ReadingDirection.rightToLeft), ("he_IL", .rightToLeft), ("fa_IR", .rightToLeft),
    ("ur_PK", .rightToLeft), ("en_US", .leftToRight), ("de_DE", .leftToRight),
    ("ja_JP", .leftToRight),
  ])
  func tl12_theReadingDirectionIsDecidedFromTheLanguage(
    locale: String, direction: ReadingDirection
  ) {
    #expect(ReadingDirection(Locale(identifier: locale)) == direction)
    #expect(Fixtures.context(locale: locale).readingDirection == direction)
  }
}
