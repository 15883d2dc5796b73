import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import TimelineSVG
import _TimelineTestSupport

@testable import TimelineServer

/// Export what you see: the view's search, filters and sort go with an export, for the
/// whole view, not the loaded window.
@Suite("WEB-1 exports of a view")
struct ExportViewTests {
  static let views = [
    "q=pump", "filter=status%3Dopen&filter=status%3Dcompleted", "sort=priority:desc,date",
    "sort=title:desc", "q=cafe&filter=priority%3D2..3&sort=status,title",
  ]

  @Test(arguments: Backend.all) func web1_anExportOfAViewHoldsExactlyTheViewsRowsInItsOrder(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      var document = randomDocument(count: 1_300, seed: 17)
      for index in document.items.indices {
        if case .day = document.items[index].start { document.items[index].end = nil }
      }
      _ = try await TimelineImporter.importDocument(document, into: store)
      for view in Self.views {
        let (expected, _) = try await WindowTests.pageThrough(
          client, timeline: 1, query: view, limit: 97)
        #expect(!expected.isEmpty, "\(view)")
        let json = try await client.execute(
          uri: "/api/timelines/1/export?format=json&\(view)", method: .get)
        let read = try TimelineJSONReader.read(text: json.text, file: "view.json")
        #expect(read.items.map(\.id) == expected, "\(view)")
        let csv = try await client.execute(
          uri: "/api/timelines/1/export?format=csv&\(view)", method: .get)
        let csvIDs = csv.text.split(separator: "\r\n").dropFirst().map {
          String($0.split(separator: ",", maxSplits: 1)[0])
        }
        #expect(csvIDs == expected, "\(view)")
        let ics = try await client.execute(
          uri: "/api/timelines/1/export?format=ics&\(view)", method: .get)
        let uids = ics.text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map {
          String($0.dropFirst(4))
        }
        #expect(uids == expected, "\(view)")
      }
      let bad = try await client.execute(
        uri: "/api/timelines/1/export?format=json&filter=status%3Dnope", method: .get)
      #expect(bad.status == .badRequest)
    }
  }

  /// The timeline page's Export menu carries the view on screen: each of its links exports
  /// what the address's search, filters and sort show, and nothing of the loaded window.
  @Test func web1_thePagesExportMenuExportsTheViewOnScreen() async throws {
    try await withApp { client, store in
      var document = randomDocument(count: 300, seed: 5)
      for index in document.items.indices {
        if case .day = document.items[index].start { document.items[index].end = nil }
      }
      _ = try await TimelineImporter.importDocument(document, into: store)
      let view = "q=pump&filter=status%3Dopen&sort=title:desc"
      let page = try await client.execute(
        uri: "/timelines/1?\(view)&limit=10&now=2026-11-21T12:00:00Z", method: .get
      ).text
      let menu = try #require(page.range(of: #"<details class="tl-export">"#))
      let links = String(page[menu.upperBound...]).components(separatedBy: "</details>")[0]
        .components(separatedBy: #"href=""#).dropFirst()
        .map { String($0.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&") }
      #expect(links.count == 5)
      // The last prints the view (Self.web1_aPrintedViewIsTheWholeViewWithoutControls).
      #expect(links.last?.hasPrefix("/timelines/1/print?") == true, "\(links)")
      #expect(links.last.map { !$0.contains("limit=") } == true)
      for (link, format) in zip(links, ["json", "csv", "ics"]) {
        #expect(link.hasPrefix("/api/timelines/1/export?format=\(format)&"), "\(link)")
        #expect(!link.contains("limit="), "\(link): the whole view, not the window")
        let followed = try await client.execute(uri: link, method: .get)
        let direct = try await client.execute(
          uri: "/api/timelines/1/export?format=\(format)&\(view)", method: .get)
        #expect(followed.status == .ok)
        if format == "json" {
          let items = { (text: String) in
            try TimelineJSONReader.read(text: text, file: "view.json").items.map(\.id)
          }
          #expect(try items(followed.text) == items(direct.text), "\(link)")
        } else if format == "ics" {
          // Each export stamps its own time (DTSTAMP); the events are the same.
          func events(_ text: String) -> [Substring] {
            text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP") }
          }
          #expect(events(followed.text) == events(direct.text), "\(link)")
        } else {
          #expect(followed.text == direct.text, "\(link)")
        }
        #expect(!direct.text.isEmpty)
      }
    }
  }

  /// The export menu's Print opens the whole view (every row of its search, filters and
  /// sort, in its order, not the window on screen) without the bar, dialogs or window links;
  /// a view of more rows than a printout takes says how many it shows.
  @Test(arguments: Backend.all) func web1_aPrintedViewIsTheWholeViewWithoutControls(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      let document = randomDocument(count: 700, seed: 8)
      _ = try await TimelineImporter.importDocument(document, into: store)
      for view in Self.views {
        let (expected, _) = try await WindowTests.pageThrough(
          client, timeline: 1, query: view, limit: 97)
        let page = try await client.execute(
          uri: "/timelines/1/print?\(view)&now=2026-11-21T12:00:00Z", method: .get)
        #expect(page.status == .ok)
        let ids = page.text.matches(of: /<li class="tl-row" id="item-([^"]+)"/).map {
          String($0.output.1)
        }
        #expect(ids == expected, "\(view)")
        for control in [#"class="tl-bar"#, "tl-more", "<dialog", "tl-note"] {
          #expect(!page.text.contains(control), "\(view): \(control)")
        }
        #expect(page.text.contains(#"data-print="" hidden="">Print</button>"#))
        // It says what the view holds: its search, then its filters and sort as the bar's
        // chips say them.
        let said = try #require(
          page.text.firstMatch(of: /<p class="tl-print-view">([^<]*)<\/p>/)?.output.1, "\(view)")
        let query = try ViewQuery(FormBody.parse(view), defaultLimit: 1).query
        if !query.search.isEmpty { #expect(said.hasPrefix("Matching “\(query.search)”")) }
        if query.sort != .default { #expect(said.contains("Sort By: "), "\(said)") }
        for filter in query.filters where filter.key == .status {
          #expect(said.localizedCaseInsensitiveContains(filter.value), "\(said)")
        }
        // The view as an image: what the core and TimelineSVG draw for the same document,
        // view and moment.
        let image = try await client.execute(
          uri: "/api/timelines/1/export?format=svg&\(view)&now=2026-11-21T12:00:00Z",
          method: .get)
        #expect(image.headers[.contentType] == "image/svg+xml; charset=utf-8")
        var expectedImage = ""
        try SVGRenderer().write(
          TimelinePresentation(document: document, context: Fixtures.context(), query: query),
          to: &expectedImage)
        #expect(image.text == expectedImage, "\(view)")
      }
    }
  }

  @Test func web1_aPrintedViewSaysWhenItHoldsTheFirstRowsOnly() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: Pages.printedRows + 40, seed: 3), into: store)
      let page = try await client.execute(
        uri: "/timelines/1/print?now=2026-11-21T12:00:00Z", method: .get
      ).text
      #expect(page.components(separatedBy: #"<li class="tl-row" "#).count - 1 == Pages.printedRows)
      let note = try #require(page.firstMatch(of: /<p class="tl-note">([^<]*)<\/p>/)?.output.1)
      #expect(
        note.hasPrefix("The first 5,000 of the view") && note.hasSuffix("5,040 rows are shown."))
    }
  }
}
