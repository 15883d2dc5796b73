import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// WEB-1: what the item page's edit form stores.
@Suite("WEB-1 the edit form")
struct EditFormTests {
  /// A browser sends a text area's line breaks as CRLF (HTML's form submission); the item
  /// keeps them as the LF it had, so saving a description unchanged leaves it as it was,
  /// and writes no new version.
  @Test(arguments: Backend.all) func web1_io1_aDescriptionSavedFromTheFormKeepsItsLineBreaks(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(
          title: "Plans",
          items: [
            TimelineItem(
              id: "a", title: "A", start: .instant(Fixtures.noon), description: "One\nTwo")
          ]),
        into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      let tag = try #require(try await store.item(timeline: 1, id: "a")?.tag)
      let saved = try await postForm(
        client, "/timelines/1/items/a", token: token,
        [
          ("title", "A"), ("start", "2026-11-21T12:00"), ("description", "One\r\nTwo"),
          ("tag", tag),
        ])
      #expect(saved.status == .seeOther)
      // Nothing was edited, so no new version was written: the tag is the one the form had.
      let stored = try #require(try await store.item(timeline: 1, id: "a"))
      #expect(stored.item.description == "One\nTwo")
      #expect(stored.tag == tag)
      // An edit is written, with a new tag.
      let edited = try await postForm(
        client, "/timelines/1/items/a", token: token,
        [
          ("title", "B"), ("start", "2026-11-21T12:00"), ("description", "One\r\nTwo"),
          ("tag", tag),
        ])
      #expect(edited.status == .seeOther)
      let after = try #require(try await store.item(timeline: 1, id: "a"))
      #expect(after.item.title == "B" && after.tag != tag)
    }
  }

  /// A description that starts with a line break, or ends with one or with spaces, is
  /// shown in the text area as it is (HTML drops a line break right after `<textarea>`, so
  /// the page writes one more) and saved unchanged keeps it: no new version.
  @Test(arguments: Backend.all) func web1_io1_aDescriptionKeepsItsWhiteSpaceThroughTheForm(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      let description = "\nSteps:\n  1. Call\n  2. Write  \n"
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(
          title: "Plans",
          items: [
            TimelineItem(
              id: "a", title: "A", start: .instant(Fixtures.noon), description: description)
          ]),
        into: store)
      let page = String(
        buffer: try await client.execute(uri: "/timelines/1/items/a", method: .get).body)
      #expect(page.contains(#"dir="auto">"# + "\n" + description + "</textarea>"))
      let token = try await formToken(client, "/timelines/1/items/a")
      let tag = try #require(try await store.item(timeline: 1, id: "a")?.tag)
      // What a browser sends from that text area: the text, its line breaks as CRLF.
      let sent = description.replacingOccurrences(of: "\n", with: "\r\n")
      let saved = try await postForm(
        client, "/timelines/1/items/a", token: token,
        [("title", "A"), ("start", "2026-11-21T12:00"), ("description", sent), ("tag", tag)])
      #expect(saved.status == .seeOther)
      let stored = try #require(try await store.item(timeline: 1, id: "a"))
      #expect(stored.item.description == description)
      #expect(stored.tag == tag)
      // A description of only white space is removed.
      _ = try await postForm(
        client, "/timelines/1/items/a", token: token,
        [("title", "A"), ("start", "2026-11-21T12:00"), ("description", " \r\n "), ("tag", tag)])
      #expect(try await store.item(timeline: 1, id: "a")?.item.description == nil)
    }
  }

  /// Under the date pickers, the timeline's zone is isolated from the sentence around it,
  /// so that in a right-to-left language the full stop stays at the sentence's end.
  @Test func web1_a11y1_theZoneHintIsolatesTheZonesId() async throws {
    try await withApp(AppConfiguration(locale: Locale(identifier: "ar"))) { client, store in
      try await importOneItem(into: store)
      let page = String(
        buffer: try await client.execute(uri: "/timelines/1/items/a", method: .get).body)
      #expect(page.contains(#"<p class="tl-hint" id="tl-zone-hint">"#))
      #expect(page.contains("\u{2068}GMT\u{2069}."))
    }
  }
}
