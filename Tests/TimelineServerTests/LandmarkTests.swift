import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineServer
import _TimelineTestSupport

/// The landmarks of the app's pages have distinct roles or names (axe's `landmark-unique`),
/// also when several timelines share a title.
@Suite("A11Y-1 landmarks of the app's pages")
struct LandmarkTests {
  /// The landmarks of `html` as "role: name": `nav`, `main` and `aside` elements, and
  /// `section` and `form` elements that have a name (only those are landmarks).
  static func landmarks(_ html: String) -> [String] {
    var texts: [String: String] = [:]
    for match in html.matches(of: /\sid="([^"]+)"[^>]*>([^<]*)</) {
      texts[String(match.output.1)] = texts[String(match.output.1)] ?? String(match.output.2)
    }
    var found: [String] = []
    for match in html.matches(of: /<(nav|main|aside|section|form)(\s[^>]*)?>/) {
      let tag = String(match.output.1)
      let attributes = match.output.2.map(String.init) ?? ""
      var name = attributes.firstMatch(of: /aria-label="([^"]*)"/).map { String($0.output.1) }
      if name == nil, let id = attributes.firstMatch(of: /aria-labelledby="([^"]*)"/) {
        name = texts[String(id.output.1)] ?? ""
      }
      if (tag == "section" || tag == "form") && name == nil { continue }
      found.append(tag + ": " + (name ?? ""))
    }
    return found
  }

  @Test(arguments: Backend.all)
  func a11y1_theIndexNamesNoTwoLandmarksAlikeWhenTimelinesShareATitle(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      for id in ["a", "b"] {
        _ = try await TimelineImporter.importDocument(
          TimelineDocument(
            title: "Tasks", items: [TimelineItem(id: id, title: id, start: .instant(Fixtures.noon))]
          ),
          into: store)
      }
      let page = try await client.execute(uri: "/?now=2026-11-21T12:00:00Z", method: .get)
      #expect(page.status == .ok)
      let landmarks = Self.landmarks(page.text)
      #expect(landmarks.contains { $0.hasPrefix("main") })
      #expect(landmarks.contains { $0.hasPrefix("nav") })
      #expect(Set(landmarks).count == landmarks.count, "\(landmarks)")
      // Each preview is still named by its heading, as an article of the list.
      #expect(page.text.contains(#"<article class="tl-preview" aria-labelledby="tl-preview-1">"#))
      #expect(page.text.contains(#"<article class="tl-preview" aria-labelledby="tl-preview-2">"#))
    }
  }

  /// An item's page (the timeline with the item open beside it) is titled by the item,
  /// then its timeline, so that a tab or a screen reader's page list tells items apart
  /// (WCAG 2.4.2); the title is text, however it is written.
  @Test func a11y1_anItemsPageIsTitledByTheItemThenItsTimeline() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(
          title: "Tasks",
          items: [TimelineItem(id: "a", title: "Fix <b> & ship", start: .instant(Fixtures.noon))]),
        into: store)
      let item = try await client.execute(
        uri: "/timelines/1/items/a?now=2026-11-21T12:00:00Z", method: .get)
      #expect(item.status == .ok)
      // Each part isolated, so that a right-to-left page keeps the dashes between them.
      #expect(
        item.text.contains(
          "<title>\u{2068}Fix &lt;b&gt; &amp; ship\u{2069} – \u{2068}Tasks\u{2069}</title>"))
      let timeline = try await client.execute(
        uri: "/timelines/1?now=2026-11-21T12:00:00Z", method: .get)
      #expect(timeline.text.contains("<title>Tasks</title>"))
    }
  }
}
