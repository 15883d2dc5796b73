import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineServer

/// The app's Sort & Filter dialog offers every filter key a static page offers for the same
/// document (WEB-2), and works without the script: day fields, move buttons, Reset.
@Suite("WEB-2 the app's Sort & Filter dialog")
struct DialogPageTests {
  /// The `filter` values the page's Sort & Filter dialog offers, in order, with whether each
  /// is ticked.
  static func offered(_ page: String) -> [(value: String, checked: Bool)] {
    guard let start = page.range(of: #"<dialog class="tl-dialog" id="tl-sort-filter""#),
      let end = page.range(of: "</dialog>", range: start.upperBound..<page.endIndex)
    else { return [] }
    let dialog = String(page[start.lowerBound..<end.upperBound])
    let pattern = /<input type="checkbox" name="filter" value="([^"]*)"([^>]*)>/
    return dialog.matches(of: pattern).map {
      (unescaped(String($0.output.1)), $0.output.2.contains("checked"))
    }
  }

  /// The sort criteria of the page's dialog, in the dialog's order: field and whether chosen.
  static func criteria(_ page: String) -> [(field: String, chosen: Bool)] {
    page.matches(of: /<li data-field="([a-z]+)" data-selected="(true|false)"/).map {
      (String($0.output.1), $0.output.2 == "true")
    }
  }

  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test(arguments: Backend.all)
  func web2_theDialogOffersTheTimelinesAttributesAndPrioritiesAsAStaticPageDoes(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      var document = randomDocument(count: 400, seed: 29)
      document.items[3].attributes = ["Zone <7> & \"east\"", "Line 4"]
      document.items[9].priority = 9
      _ = try await TimelineImporter.importDocument(document, into: store)
      // What `timeline render` offers for the same document.
      let options = SortFilterDialog.options(for: document.items)
      let expected = options.attributes.map { "attribute=" + $0 }
      let page = try await client.execute(uri: "/timelines/1", method: .get).text
      let values = Self.offered(page).map(\.value).filter {
        $0.hasPrefix("attribute=") || $0.hasPrefix("priority=")
      }
      #expect(values == expected)
      #expect(values.contains("attribute=Zone <7> & \"east\""))
      #expect(page.contains(#"<input type="date" name="from" value="">"#))
      #expect(page.contains(#"<input type="date" name="to" value="">"#))
      // The priority range spans the timeline's priorities, as the static page's does.
      let lowest = try #require(options.priorities.first)
      #expect(page.contains(Self.priorityField("from", value: nil, placeholder: lowest)))
      #expect(page.contains(Self.priorityField("to", value: nil, placeholder: 9)))

      // An item added with a new attribute and priority is offered at once.
      let added = try await client.execute(
        uri: "/api/timelines/1/items", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(
          string:
            #"{"id": "n1", "title": "New", "start": "2026-11-22", "priority": 42, "attributes": ["Aisle 12"]}"#
        ))
      #expect(added.status == .created)
      let after = Self.offered(try await client.execute(uri: "/timelines/1", method: .get).text)
        .map(\.value)
      #expect(after.contains("attribute=Aisle 12"))
      let pageAfter = try await client.execute(uri: "/timelines/1", method: .get).text
      #expect(pageAfter.contains(Self.priorityField("to", value: nil, placeholder: 42)))
    }
  }

  /// The markup of the dialog's priority field `end` (`from`, `to`).
  static func priorityField(_ end: String, value: Int?, placeholder: Int?) -> String {
    #"<input type="number" name="priority-\#(end)" step="1" inputmode="numeric" value="\#(value.map(String.init) ?? "")""#
      + (placeholder.map { #" placeholder="\#($0)">"# } ?? ">")
  }

  @Test func ffb6_anAppliedFilterTheTimelineDoesNotOfferStaysTickedInTheDialog() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 60, seed: 3), into: store)
      let page = try await client.execute(
        uri:
          "/timelines/1?filter=priority%3D2..3&filter=attribute%3DNowhere&filter=from%3D2026-11-10",
        method: .get
      ).text
      let offered = Self.offered(page)
      #expect(offered.contains { $0.value == "attribute=Nowhere" && $0.checked })
      #expect(!offered.contains { $0.value.hasPrefix("priority=") }, "the range holds it")
      #expect(page.contains(#"value="2" placeholder="#))
      #expect(page.contains(#"name="priority-to" step="1" inputmode="numeric" value="3""#))
      #expect(page.contains(#"<input type="date" name="from" value="2026-11-10">"#))
    }
  }

  @Test func sort5_withoutTheScriptCancelLeadsBackToTheViewAsApplied() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 40, seed: 4), into: store)
      let page = try await client.execute(
        uri:
          "/timelines/1?filter=status%3Dopen&filter=attribute%3DLine%204&sort=title:desc&dialog=1",
        method: .get
      ).text
      let cancel = try #require(
        page.firstMatch(of: /<a class="tl-button" href="([^"]*)">Cancel<\/a>/))
      let address = Self.unescaped(String(cancel.output.1))
      #expect(address.hasPrefix("/timelines/1?"))
      for part in ["filter=status%3Dopen", "filter=attribute%3DLine%204", "sort=title%3Adesc"] {
        #expect(address.contains(part), "\(address) keeps \(part)")
      }
      #expect(!address.contains("dialog="), "Cancel closes the dialog")
      // The selection view of a chip's key leads back to the same view.
      let selection = try await client.execute(
        uri: "/timelines/1?filter=status%3Dopen&sort=title:desc&select=status", method: .get
      ).text
      let cancels = selection.matches(of: /<a class="tl-button" href="([^"]*)">Cancel<\/a>/)
        .map { Self.unescaped(String($0.output.1)) }
      #expect(!cancels.isEmpty)
      #expect(cancels.allSatisfy { $0.contains("filter=status%3Dopen") && $0.contains("sort=") })
    }
  }

  /// The form as a browser without the script sends it: the view as applied in `applied`,
  /// the dialog's choices, and the round trip's button.
  static let applied = "applied=filter%3Dstatus%253Dopen"

  @Test func sort5_withoutTheScriptTheDialogsRoundTripsLeaveThePageAsApplied() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 40, seed: 4), into: store)
      // Priority chosen and turned: the dialog shows it, the page behind still is the view as
      // applied (date order, no sort chip), and Cancel leads back to it.
      let page = try await client.execute(
        uri: "/timelines/1?\(Self.applied)&filter=status%3Dopen&sort=date&flip=priority",
        method: .get
      ).text
      #expect(page.contains(#"name="sort" value="priority:desc" checked"#))
      #expect(!page.contains(#"data-kind="sort""#), "the page keeps its order: \(page)")
      #expect(page.contains(#"aria-pressed="true" data-filter="status=open""#))
      let cancel = try #require(
        page.firstMatch(of: /<a class="tl-button" href="([^"]*)">Cancel<\/a>/))
      #expect(Self.unescaped(String(cancel.output.1)) == "/timelines/1?filter=status%3Dopen")
      // The form sends the view as applied along again.
      #expect(page.contains(#"<input type="hidden" name="applied" value="filter=status%3Dopen">"#))
      // Apply: the chosen order is the view.
      let applied = try await client.execute(
        uri: "/timelines/1?\(Self.applied)&filter=status%3Dopen&sort=priority%3Adesc&sort=date",
        method: .get
      ).text
      #expect(applied.contains(#"aria-label="Sort By: Priority, High to Low""#))
    }
  }

  @Test func sort5_withoutTheScriptApplyWithoutACriterionKeepsTheOrderAndSaysWhy() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 40, seed: 4), into: store)
      let page = try await client.execute(
        uri: "/timelines/1?applied=sort%3Dpriority%253Adesc&from=&to=", method: .get
      ).text
      // The page keeps its order; the dialog stays open, nothing chosen, with the error.
      #expect(page.contains(#"aria-label="Sort By: Priority, High to Low""#))
      #expect(page.contains(#"id="tl-sort-filter" aria-labelledby="tl-dialog-title" open"#))
      #expect(!page.contains(#"name="sort" value="priority:desc" checked"#))
      #expect(page.contains(#"data-error="true""#))
      #expect(page.contains(">Select at least one criterion</p>"))
    }
  }

  @Test(arguments: Backend.all)
  func web2_theDialogsPriorityRangeFiltersAsAPriorityFilterDoes(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 300, seed: 11), into: store)
      func ids(_ query: String) async throws -> [String] {
        try await WindowTests.pageThrough(client, timeline: 1, query: query, limit: 500).0
      }
      let all = try await ids("")
      let middle = try await ids("filter=priority%3D2..3")
      #expect(!middle.isEmpty && middle.count < all.count)
      #expect(try await ids("priority-from=2&priority-to=3") == middle)
      #expect(try await ids("priority-from=3&priority-to=2") == middle, "ends read in order")
      #expect(try await ids("priority-from=+2&priority-to=%203") == middle)
      let atLeast = try await ids("filter=priority%3D3..")
      #expect(!atLeast.isEmpty && atLeast.count < all.count)
      #expect(try await ids("priority-from=3&priority-to=") == atLeast)
      #expect(try await ids("priority-to=1") == (try await ids("filter=priority%3D..1")))
      #expect(try await ids("priority-from=&priority-to=") == all, "both ends empty: no filter")
      // The page's chip says what the range is, and the dialog shows it again.
      let page = try await client.execute(
        uri: "/timelines/1?priority-from=3&priority-to=", method: .get
      ).text
      #expect(page.contains("Priority: ≥ 3"))
      #expect(page.contains(#"name="priority-from" step="1" inputmode="numeric" value="3""#))
      for bad in ["priority-from=x", "priority-to=2.5", "priority-to=99999999999999999999"] {
        let answer = try await client.execute(uri: "/api/timelines/1/rows?" + bad, method: .get)
        #expect(answer.status == .badRequest, "\(bad)")
        #expect(answer.text.contains(String(bad.prefix { $0 != "=" })), "\(bad)")
      }
    }
  }

  @Test(arguments: Backend.all)
  func web2_theDialogsDayFieldsFilterAsFromAndToFiltersDo(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 300, seed: 5), into: store)
      func ids(_ query: String) async throws -> [String] {
        try await WindowTests.pageThrough(client, timeline: 1, query: query, limit: 500).0
      }
      let filtered = try await ids("filter=from%3D2026-11-15&filter=to%3D2026-11-25")
      let all = try await ids("")
      #expect(!filtered.isEmpty && filtered.count < all.count)
      #expect(try await ids("from=2026-11-15&to=2026-11-25") == filtered)
      // A day field replaces the filter of its key; an empty one removes it.
      #expect(try await ids("filter=from%3D2026-01-01&from=2026-11-15&to=2026-11-25") == filtered)
      #expect(try await ids("filter=from%3D2026-11-15&from=&to=") == all)
      let bad = try await client.execute(
        uri: "/api/timelines/1/rows?from=2026-02-30", method: .get)
      #expect(bad.status == .badRequest)
      #expect(bad.text.contains("from"))
    }
  }

  @Test func sort3_withoutTheScriptMoveButtonsReorderTheCriteria() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 40, seed: 8), into: store)
      let start = try await client.execute(
        uri: "/timelines/1?sort=priority:desc,date&dialog=1", method: .get
      ).text
      // Each chosen criterion has its two buttons; the first cannot go up, the last not down.
      #expect(start.contains(#"value="priority:up" aria-label="Move Priority up" disabled="""#))
      #expect(start.contains(#"value="date:down" aria-label="Move Date down" disabled="""#))
      #expect(!start.contains(#"value="title:up""#))
      #expect(
        start.contains(
          "move one with its up and down buttons. A criterion you select joins the end."))
      // The form as the browser sends it: the ticked criteria in the dialog's order.
      let moved = try await client.execute(
        uri: "/timelines/1?sort=priority%3Adesc&sort=date&move=date%3Aup&from=&to=", method: .get
      ).text
      #expect(Self.criteria(moved).filter(\.chosen).map(\.field) == ["date", "priority"])
      #expect(moved.contains(#"data-open="page""#), "the dialog stays open")
      let bad = try await client.execute(uri: "/timelines/1?move=date%3Asideways", method: .get)
      #expect(bad.status == .badRequest)
    }
  }

  @Test func sort3_withoutTheScriptResetBringsBackTheDefaultsNotTheAppliedState() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 40, seed: 8), into: store)
      let page = try await client.execute(
        uri: "/timelines/1?q=pump&sort=title%3Adesc&filter=status%3Dopen&defaults=reset",
        method: .get
      ).text
      #expect(Self.criteria(page).filter(\.chosen).map(\.field) == ["date"])
      #expect(!Self.offered(page).contains { $0.checked })
      #expect(page.contains(#"data-open="page""#))
      #expect(page.contains(#"name="q" value="pump""#), "the search is not the dialog's")
      // Reset sends the form: it is a submit button, not the form's own reset.
      #expect(page.contains(#"<button type="submit" name="defaults" value="reset">Reset</button>"#))
    }
  }

  /// The offers' indexes exist for the dialog only: a filter planned through them reads its
  /// matches in priority order and sorts them again (several times slower at a million rows
  /// than walking the timeline in its own order).
  @Test func web2_noFilterIsPlannedThroughTheOffersIndexes() async throws {
    try await withTemporaryStore(.sqlite) { temporary in
      let store = try #require(temporary.store as? SQLiteStore)
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 3_000, seed: 4), into: store)
      for filters in [["priority=2..3"], ["priority=1"], ["attribute=Line 4"], ["status=open"]] {
        for sort in [nil, "priority:desc"] {
          let query = try TimelineQuery(search: nil, filters: filters, sort: sort)
          let sql = WindowSQL(
            timeline: 1, query: query, calendar: Fixtures.context().calendar, dialect: .sqlite)
          let statements = [
            "SELECT section_ts, COUNT(*) FROM items WHERE \(sql.condition) GROUP BY section_ts",
            "SELECT rowid FROM items WHERE \(sql.condition) ORDER BY \(sql.orderBy(reversed: false)) LIMIT 41",
          ]
          for statement in statements {
            let plan = try await store.pool.read { db in
              try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + statement,
                arguments: StatementArguments(sql.arguments)
              ).map { $0["detail"] as String }.joined(separator: "; ")
            }
            #expect(
              !plan.contains("items_priority") && !plan.contains("items_attributes"),
              "\(filters): \(plan)")
          }
        }
      }
      // The dialog's walk does use them: a lookup per value, not a scan.
      let walk = try await store.offers(timeline: 1)
      #expect(walk.priorities == [1, 2, 3])
      #expect(walk.attributes == ["Berlin", "Line 1", "Line 4"])
    }
  }

  @Test func ffb10_withoutFastFiltersTheBarIsHiddenUntilSomethingIsApplied() async throws {
    try await withApp(AppConfiguration(fastFilters: [])) { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 30, seed: 2), into: store)
      func barIsHidden(_ uri: String) async throws -> Bool {
        let page = try await client.execute(uri: uri, method: .get).text
        let nav = try #require(page.firstMatch(of: /<nav class="tl-filter-bar"[^>]*>/))
        return nav.output.contains(#"hidden="""#)
      }
      #expect(try await barIsHidden("/timelines/1"))
      #expect(try await !barIsHidden("/timelines/1?filter=status%3Dopen"))
      #expect(try await !barIsHidden("/timelines/1?sort=title"))
      #expect(try await !barIsHidden("/timelines/1?q=pump"))
      // The labelled control that opens Sort & Filter is there either way (FFB-9).
      let page = try await client.execute(uri: "/timelines/1", method: .get).text
      #expect(page.contains(#"class="tl-button tl-open-dialog""#))
    }
    // The app's default fast filters (Open, In progress, Completed): the bar shows at once.
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 30, seed: 2), into: store)
      let page = try await client.execute(uri: "/timelines/1", method: .get).text
      let nav = try #require(page.firstMatch(of: /<nav class="tl-filter-bar"[^>]*>/))
      #expect(!nav.output.contains(#"hidden="""#), "with fast filters the bar shows")
    }
  }
}
