import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineServer
import _TimelineTestSupport

/// IO-4 in the app: a form the server refuses comes back as the form, with everything that
/// was typed and the reason above it, and nothing is stored.
@Suite("IO-4 refused forms keep what was typed")
struct FormErrorTests {
  static let form = [.contentType: "application/x-www-form-urlencoded"] as HTTPFields

  /// The browser's CSRF token, from a page.
  static func token(_ client: some TestClientProtocol, _ uri: String) async throws -> String {
    let page = try await client.execute(uri: uri, method: .get)
    let cookie = try #require(page.headers[.setCookie])
    return String(cookie.split(separator: ";")[0].split(separator: "=")[1])
  }

  static func body(_ fields: [(String, String)]) -> ByteBuffer {
    ByteBuffer(
      string: fields.map { name, value in
        name + "="
          + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
      }.joined(separator: "&"))
  }

  @Test(arguments: Backend.all) func io4_aRefusedNewItemShowsTheFormAsSentAndStoresNothing(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(items: [TimelineItem(id: "a", title: "A", start: .instant(Fixtures.noon))]
        ),
        into: store)
      let token = try await Self.token(client, "/timelines/1/new")
      for title in ["", "   "] {
        let refused = try await client.execute(
          uri: "/timelines/1/items", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"],
          body: Self.body([
            ("csrf", token), ("title", title), ("start", "2026-11-25T10:00"),
            ("description", "Drain the <circuit> first"), ("priority", "4"),
          ]))
        #expect(refused.status == .unprocessableContent)
        let page = refused.text
        #expect(
          page.contains(
            #"role="alert"><p>The item cannot be saved as it is.</p><p>expected a non-empty string for &quot;title&quot;"#
          ))
        #expect(page.contains(">Drain the &lt;circuit&gt; first</textarea>"))
        #expect(page.contains(#"name="start" value="2026-11-25T10:00""#))
        #expect(page.contains(#"name="priority" value="4""#))
        #expect(page.contains(#"action="/timelines/1/items""#))
      }
      #expect(try await store.timelines().first?.count == 1)
    }
  }

  @Test(arguments: Backend.all) func io4_aRefusedEditShowsTheFormAsSentAndChangesNothing(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(items: [TimelineItem(id: "a", title: "A", start: .instant(Fixtures.noon))]
        ),
        into: store)
      let token = try await Self.token(client, "/timelines/1/items/a")
      let refused = try await client.execute(
        uri: "/timelines/1/items/a", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: Self.body([
          ("csrf", token), ("title", "Renamed"), ("start", "2026-13-45T10:00"),
          ("description", "New words"),
        ]))
      #expect(refused.status == .unprocessableContent)
      #expect(
        refused.text.contains(
          #"role="alert"><p>The item cannot be saved as it is.</p><p>invalid date"#))
      #expect(refused.text.contains(#"name="title" value="Renamed""#))
      #expect(refused.text.contains(">New words</textarea>"))
      let stored = try #require(try await store.item(timeline: 1, id: "a"))
      #expect(stored.item.title == "A" && stored.item.description == nil)
    }
  }
}
