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
  /// keeps them as the LF it had, so saving a description unchanged leaves it as it was.
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
      let saved = try await client.execute(
        uri: "/timelines/1/items/a", method: .post,
        headers: [
          .contentType: "application/x-www-form-urlencoded", .cookie: "tl_csrf=\(token)",
        ],
        body: ByteBuffer(
          string: "csrf=\(token)&title=A&start=2026-11-21T12%3A00&description=One%0D%0ATwo&tag="
            + tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
      #expect(saved.status == .seeOther)
      #expect(try await store.item(timeline: 1, id: "a")?.item.description == "One\nTwo")
    }
  }
}
