import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineHTML
import _TimelineTestSupport

@testable import TimelineServer

/// The app's timeline list (`?view=list`, LIST-1, LIST-2) shows what `timeline render --view
/// list` shows for the same document, window by window (WEB-2).
@Suite("WEB-2, LIST-1, LIST-2 the app's timeline list")
struct ListPageTests {
  /// One row of a list as a reader meets it: its spoken label, its date label, its dot and
  /// the halves of its line.
  struct Row: Equatable, CustomStringConvertible {
    var spoken: String
    var dateLabel: String
    var dot: Bool
    var upper: Bool
    var lower: Bool
    var description: String { "\(spoken) [\(dateLabel)] dot:\(dot) \(upper)/\(lower)" }
  }

  /// The rows of the `ol.tl-list` in `html`.
  static func rows(_ html: String) -> [Row] {
    guard let start = html.range(of: #"<ol class="tl-list""#),
      let end = html.range(of: "</ol>", range: start.upperBound..<html.endIndex)
    else { return [] }
    let list = html[start.upperBound..<end.lowerBound]
    return list.split(separator: /<li[ >]/).dropFirst().map { row in
      func first(_ pattern: Regex<(Substring, Substring)>) -> String {
        row.firstMatch(of: pattern).map { String($0.output.1) } ?? ""
      }
      return Row(
        spoken: first(/<span class="tl-sr">([^<]*)</),
        dateLabel: first(/<time datetime="[^"]*">([^<]*)</),
        dot: row.contains("tl-dot"), upper: row.contains(#"data-upper="true""#),
        lower: row.contains(#"data-lower="true""#))
    }
  }

  /// The link of the page's "Earlier" or "Later" link, unescaped; `nil` at the list's end.
  static func link(_ text: String, in html: String) -> String? {
    let pattern = try! Regex<(Substring, Substring)>(
      #"<a class="tl-more tl-link" href="([^"]*)">"# + text + "</a>")
    return html.firstMatch(of: pattern).map {
      String($0.output.1).replacingOccurrences(of: "&amp;", with: "&")
    }
  }

  /// A document whose items are in the order the timeline shows them, as a list of
  /// appointments is given (LIST-1), and what `timeline render --view list` draws of it.
  static func document(count: Int, seed: UInt64) -> (TimelineDocument, [Row]) {
    var document = randomDocument(count: count, seed: seed)
    let presentation = TimelinePresentation(
      document: document, context: Fixtures.context(), query: TimelineQuery())
    document.items = (0..<presentation.count).map { presentation.item(ofRow: $0) }
    let list = TimelineList(items: document.items, context: Fixtures.context())
    return (document, rows(HTMLRenderer().render(HTMLRenderer().list(list))))
  }

  @Test(arguments: Backend.all)
  func list1_list2_web2_theAppsListIsTheListTimelineRenderDraws(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      let (document, expected) = Self.document(count: 90, seed: 12)
      _ = try await TimelineImporter.importDocument(document, into: store)
      let page = try await client.execute(
        uri: "/timelines/1?view=list&now=2026-11-21T12:00:00Z", method: .get)
      #expect(page.status == .ok)
      #expect(expected.count == 90)
      #expect(Self.rows(page.text) == expected)
      // Each row but a marker's (TL-7) opens its item's page (TL-8), which leads back to the
      // list, to the row (its id).
      let links = page.text.matches(of: /<li id="([^"]*)"><a class="tl-list-link" href="([^"]*)">/)
      let selectable = document.items.filter { !$0.kind.isMarker }
      #expect(selectable.count < document.items.count)
      #expect(
        links.map { String($0.output.1) }
          == selectable.map { HTMLRenderer.elementID(forItem: $0.id) })
      #expect(
        links.map { String($0.output.2) }
          == selectable.map {
            "/timelines/1/items/" + HTMLRenderer.percentEncoded($0.id)
              + "?view=list&amp;now=2026-11-21T12%3A00%3A00Z"
          })
      // The item's page leads back to the list by name, around the item, to its row; the
      // timeline beside it keeps its own links (its rows open items of the timeline).
      let opened = try await client.execute(
        uri: String(links[0].output.2).replacingOccurrences(of: "&amp;", with: "&"),
        method: .get
      ).text
      let back = try #require(
        opened.firstMatch(of: /<a class="tl-link tl-back" href="([^"]*)">Back to the list</))
      let backAddress = String(back.output.1)
      #expect(backAddress.hasPrefix("/timelines/1?view=list&amp;now="))
      #expect(backAddress.hasSuffix("#" + links[0].output.1))
      let beside = opened.matches(of: /href="(\/timelines\/1\/items\/[^"]*)"/).map {
        String($0.output.1)
      }
      let own = "/timelines/1/items/" + HTMLRenderer.percentEncoded(selectable[0].id)
      let others = beside.filter { !$0.hasPrefix(own + "?") && !$0.hasPrefix(own + "/") }
      #expect(!others.isEmpty)
      #expect(others.allSatisfy { !$0.contains("view=list") })
      #expect(Self.link("Earlier", in: page.text) == nil)
      #expect(Self.link("Later", in: page.text) == nil)
      // The timeline links to its list, and the list back to it.
      let timeline = try await client.execute(
        uri: "/timelines/1?now=2026-11-21T12:00:00Z", method: .get
      ).text
      #expect(
        timeline.contains(#"href="/timelines/1?view=list&amp;now=2026-11-21T12%3A00%3A00Z">List<"#))
      #expect(
        page.text.contains(
          #"href="/timelines/1?now=2026-11-21T12%3A00%3A00Z">Back to the timeline<"#))
    }
  }

  @Test(arguments: Backend.all)
  func list2_tl11_windowsOfTheListReadAsOneList(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      let (document, expected) = Self.document(count: 230, seed: 4)
      _ = try await TimelineImporter.importDocument(document, into: store)
      // The page opens around now, in the middle of the list.
      var uri = "/timelines/1?view=list&limit=25&now=2026-11-21T12:00:00Z"
      var page = try await client.execute(uri: uri, method: .get).text
      #expect(Self.link("Earlier", in: page) != nil, "the first window is not at the top")
      #expect(Self.rows(page).count == 25)
      while let earlier = Self.link("Earlier", in: page) {
        uri = earlier
        page = try await client.execute(uri: uri, method: .get).text
      }
      var shown = Self.rows(page)
      var windows = 1
      while let later = Self.link("Later", in: page) {
        page = try await client.execute(uri: later, method: .get).text
        shown += Self.rows(page)
        windows += 1
      }
      // The first window holds 25 rows; the links go on in windows of the page's size.
      #expect(windows >= 3)
      // Positions, dots and the line's halves are the whole list's; only the date label
      // differs: every window's first row names its day, as a page of a long list does.
      #expect(shown.count == expected.count)
      for (index, (row, whole)) in zip(shown, expected).enumerated() {
        var comparable = row
        if !whole.dot && whole.dateLabel.isEmpty { comparable.dateLabel = "" }
        #expect(comparable == whole, "row \(index)")
      }
    }
  }

  @Test func list1_theListTakesNoQueryAndNamesWhatItRefuses() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 5, seed: 1), into: store)
      for (query, parameter) in [
        ("view=list&q=pump", "q"), ("view=list&filter=status%3Dopen", "filter"),
        ("view=list&sort=title", "sort"), ("view=list&fold=past", "fold"), ("view=grid", "view"),
      ] {
        let response = try await client.execute(uri: "/timelines/1?" + query, method: .get)
        #expect(response.status == .badRequest, "\(query)")
        #expect(response.text.contains(parameter), "\(query)")
      }
      // An empty timeline's list says so.
      let empty = try await client.execute(
        uri: "/api/timelines", method: .post, headers: [.contentType: "application/json"],
        body: .init(string: #"{"version": 1, "title": "Empty", "items": []}"#))
      #expect(empty.status == .created)
      let page = try await client.execute(uri: "/timelines/2?view=list", method: .get).text
      #expect(page.contains(#"<p class="tl-empty">"#))
    }
  }
}
