import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineServer
import _TimelineTestSupport

/// HEAD (RFC 9110 §9.3.2): every page and API route a GET answers also answers HEAD, with
/// the status and headers the GET sends and no body; what GET does not find, HEAD does not.
@Suite("WEB-1 HEAD")
struct HeadTests {
  static let now = "now=2026-11-21T12:00:00Z"

  @Test(arguments: Backend.all)
  func web1_headAnswersEveryGetRouteWithItsStatusAndHeadersAndNoBody(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store, title: "Head")
      for uri in [
        "/?\(Self.now)", "/timelines/1?\(Self.now)", "/api/timelines/1/rows?\(Self.now)",
        "/timelines/1/items/a?\(Self.now)", "/api/timelines/1/items/a", "/api/timelines",
        "/static/timeline.css", "/api/openapi.json",
      ] {
        let get = try await client.execute(uri: uri, method: .get)
        let head = try await client.execute(uri: uri, method: .head)
        #expect(get.status == .ok, "GET \(uri)")
        #expect(head.status == .ok, "HEAD \(uri)")
        #expect(head.headers[.contentType] != nil, "HEAD \(uri)")
        #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(uri)")
        #expect(head.headers[.contentSecurityPolicy] == get.headers[.contentSecurityPolicy])
        #expect(head.body.readableBytes == 0, "HEAD \(uri) has a body")
        #expect(get.body.readableBytes > 0, "GET \(uri)")
        if let length = head.headers[.contentLength] {
          #expect(length == String(get.body.readableBytes), "HEAD \(uri): the GET's length")
        }
      }
      for uri in ["/timelines/9", "/nowhere", "/api/timelines/1/items/missing"] {
        let get = try await client.execute(uri: uri, method: .get)
        let head = try await client.execute(uri: uri, method: .head)
        #expect(get.status == .notFound, "GET \(uri)")
        #expect(head.status == get.status, "HEAD \(uri)")
        #expect(head.body.readableBytes == 0, "HEAD \(uri) has a body")
      }
    }
  }

  @Test func web1_sec1_headWithoutASessionIsSentToSignInAsGetIs() async throws {
    try await withApp(AppConfiguration(token: "s3cret")) { client, _ in
      let get = try await client.execute(uri: "/timelines/1", method: .get)
      let head = try await client.execute(uri: "/timelines/1", method: .head)
      #expect(get.status == .seeOther)
      #expect(head.status == .seeOther)
      #expect(head.headers[.location] == get.headers[.location])
      let api = try await client.execute(uri: "/api/timelines", method: .head)
      #expect(api.status == .unauthorized)
    }
  }
}
