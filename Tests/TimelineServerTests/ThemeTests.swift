import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineHTML
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// `timeline serve --theme` (TL-13): the app's stylesheet, its pages' node glyphs and its
/// SVG exports take the theme's colors and icons.
@Suite("TL-13 the app's theme")
struct ThemeTests {
  @Test func tl13_theAppsStylesheetPagesAndImagesTakeTheTheme() async throws {
    var configuration = AppConfiguration()
    configuration.theme.light.accent = try #require(CSSValue("#6a1fb0"))
    configuration.theme.icons.checkmark = try #require(NodeIconPath("M4 8l3 3 5-6"))
    try await withApp(configuration) { client, store in
      var document = randomDocument(count: 30, seed: 5)
      for index in document.items.indices { document.items[index].status = .completed }
      _ = try await TimelineImporter.importDocument(document, into: store)
      let stylesheet = try await client.execute(uri: "/static/timeline.css", method: .get).text
      #expect(stylesheet.contains("--tl-accent: #6a1fb0;"))
      #expect(!stylesheet.contains("--tl-accent: #0a5fb4;"), "the standard light accent is gone")
      let page = try await client.execute(
        uri: "/timelines/1?now=2026-11-21T12:00:00Z", method: .get
      ).text
      #expect(page.contains(#"d="M4 8l3 3 5-6""#), "completed nodes draw the theme's glyph")
      let image = try await client.execute(
        uri: "/api/timelines/1/export?format=svg&now=2026-11-21T12:00:00Z", method: .get
      ).text
      #expect(image.contains("#6a1fb0") && image.contains(#"d="M4 8l3 3 5-6""#))
    }
    // Without a theme, the standard ones.
    try await withApp { client, _ in
      let stylesheet = try await client.execute(uri: "/static/timeline.css", method: .get).text
      #expect(stylesheet.contains("--tl-accent: #0a5fb4;"))
    }
  }
}
