import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineServer

/// The app's cards page lays a feed out as `timeline render --view cards --layout` does:
/// vertical, or horizontal (CARD-6), with links that keep the layout (WEB-2).
@Suite("CARD-6, WEB-2 the app's cards page")
struct CardsPageTests {
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "examples/cards.json")

  @Test func pv1_web2_aDocumentOfCardsOnlyPreviewsItsFirstCardsOnTheIndex() async throws {
    try await withApp { client, store in
      let bytes = try [UInt8](Data(contentsOf: Self.example))
      let imported = try await client.execute(
        uri: "/api/timelines", method: .post, headers: [.contentType: "application/json"],
        body: .init(bytes: bytes))
      #expect(imported.status == .created)
      let index = try await client.execute(uri: "/", method: .get).text
      // "See All" counts the cards and opens the feed; the strip names the first cards.
      #expect(index.contains(#"<a href="/timelines/1/cards" class="tl-see-all">See All (3)</a>"#))
      #expect(index.contains(#"<a class="tl-preview-link" href="/timelines/1/cards">"#))
      let names = index.matches(of: /<p class="tl-card-name" dir="auto">([^<]*)<\/p>/).map {
        String($0.output.1)
      }
      let document = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      let cards = try #require(document?["cards"] as? [[String: Any]])
      let titles = cards.prefix(4).compactMap { $0["title"] as? String }
      #expect(titles.count == 3 && titles.first == "Release 2.0")
      // The regular strip, then the compact one (its first two).
      #expect(names == titles + titles.prefix(2))
      #expect(!index.contains("No items"))
      // A timeline of items keeps the preview of its items.
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 20, seed: 2), into: store)
      let both = try await client.execute(uri: "/", method: .get).text
      #expect(both.contains(#"<a href="/timelines/2#tl-now" class="tl-see-all">See All (20)</a>"#))
      #expect(both.contains(#"<a href="/timelines/1/cards" class="tl-see-all">"#))
    }
  }

  @Test func card6_web2_theFeedIsLaidOutSideBySideWhenAskedAndTheLinksKeepIt() async throws {
    try await withApp { client, store in
      let bytes = try [UInt8](Data(contentsOf: Self.example))
      let imported = try await client.execute(
        uri: "/api/timelines", method: .post, headers: [.contentType: "application/json"],
        body: .init(bytes: bytes))
      #expect(imported.status == .created)
      let vertical = try await client.execute(uri: "/timelines/1/cards", method: .get).text
      #expect(vertical.contains(#"data-layout="vertical""#))
      #expect(
        vertical.contains(
          #"<a href="/timelines/1/cards?layout=horizontal&amp;start=0">Side by side</a>"#))
      let horizontal = try await client.execute(
        uri: "/timelines/1/cards?layout=horizontal", method: .get)
      #expect(horizontal.status == .ok)
      #expect(horizontal.text.contains(#"class="tl-feed" role="feed""#))
      #expect(horizontal.text.contains(#"data-layout="horizontal""#))
      #expect(!horizontal.text.contains(#"data-layout="vertical""#))
      #expect(
        horizontal.text.contains(#"<a href="/timelines/1/cards?start=0">One above another</a>"#))
      // The same cards in either layout.
      let ids = { (page: String) in
        page.matches(of: /<article role="article" class="tl-feed-card" id="(card-\d+)"/).map {
          String($0.output.1)
        }
      }
      #expect(!ids(vertical).isEmpty)
      #expect(ids(horizontal.text) == ids(vertical))
      // The app's Content-Security-Policy allows no inline style: the cards' appearance and
      // the feed's spacing come from a stylesheet of the feed's own.
      #expect(!horizontal.text.contains(" style="))
      let link = try #require(
        horizontal.text.firstMatch(of: /<link rel="stylesheet" href="([^"]*cards\.css[^"]*)">/))
      let css = try await client.execute(uri: String(link.output.1), method: .get)
      #expect(css.status == .ok)
      #expect(css.headers[.contentType] == "text/css; charset=utf-8")
      #expect(css.text.contains(".tl-feed{--tl-feed-gap:"))
      #expect(css.text.contains("--tl-card-border:#8a2be2"))
      #expect(horizontal.text.contains(#"class="tl-card-box tl-look-"#))
      let refused = try await client.execute(
        uri: "/timelines/1/cards?layout=diagonal", method: .get)
      #expect(refused.status == .badRequest)
      #expect(refused.text.contains("layout"))
    }
  }
}
