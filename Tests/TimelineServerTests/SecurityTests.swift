import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineServer
import _TimelineTestSupport

@Suite("SEC-1 headers, cross-site requests and access control")
struct SecurityTests {
  @Test(arguments: Backend.all) func sec1_pagesSendAStrictPolicyAndEscapeUserText(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      let hostile = #"<script>alert(1)</script>" onmouseover="x"#
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(
          title: hostile,
          items: [TimelineItem(id: "x", title: hostile, start: .instant(Fixtures.noon))]),
        into: store)
      for uri in ["/", "/timelines/1?now=2026-11-21T12:00:00Z", "/timelines/1/items/x"] {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .ok, "\(uri)")
        let policy = response.headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
        #expect(response.headers[.xContentTypeOptions] == "nosniff")
        #expect(response.headers[HTTPField.Name("Referrer-Policy")!] != nil)
        #expect(!response.text.contains("<script>alert"), "\(uri)")
        #expect(!response.text.contains("<script>"), "\(uri): no inline script")
      }
    }
  }

  @Test(arguments: Backend.all) func sec1_tl9_formsNeedTheirTokenAndCrossSitePostsAreRefused(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store)
      let page = try await client.execute(uri: "/timelines/1/items/a", method: .get)
      let cookie = try #require(page.headers[.setCookie])
      #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
      let token = String(cookie.split(separator: ";")[0].split(separator: "=")[1])
      #expect(page.text.contains("name=\"csrf\" value=\"\(token)\""))
      let form = [.contentType: "application/x-www-form-urlencoded"] as HTTPFields
      // No token: refused, nothing changes.
      let forged = try await client.execute(
        uri: "/timelines/1/items/a/status", method: .post,
        headers: form + [.cookie: "tl_csrf=\(token)"], body: ByteBuffer(string: "status=completed"))
      #expect(forged.status == .forbidden)
      let crossSite = try await client.execute(
        uri: "/timelines/1/items/a/status", method: .post,
        headers: form + [
          .cookie: "tl_csrf=\(token)", HTTPField.Name("Origin")!: "https://evil.example",
        ],
        body: ByteBuffer(string: "status=completed&csrf=\(token)"))
      #expect(crossSite.status == .forbidden)
      // A page's refusal is the error page, in the app's words (not a line of plain text).
      #expect(crossSite.text.contains("This change was refused. Reload the page and try again."))
      #expect(try await store.item(timeline: 1, id: "a")?.item.status == .open)
      // With its token the state changes and the browser returns to the row (TL-9).
      let done = try await client.execute(
        uri: "/timelines/1/items/a/status", method: .post,
        headers: form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(
          string: "status=completed&csrf=\(token)&view=%3Fnow%3D2026-11-21T12%3A00%3A00Z"))
      #expect(done.status == .seeOther)
      let location = try #require(done.headers[.location])
      // The view comes back as the page writes addresses: every value percent-encoded.
      #expect(location.hasPrefix("/timelines/1?now=2026-11-21T12%3A00%3A00Z&around="))
      #expect(location.hasSuffix("&selected=a#item-a"))
      let timeline = try await client.execute(uri: location, method: .get)
      #expect(timeline.text.contains(#"id="item-a" data-tense="current" data-node="completed""#))
      // Its row is the selected one (TL-8), and the only one.
      #expect(timeline.text.contains(/id="item-a"[^>]*><a class="tl-cell"[^>]*aria-current="true"/))
      #expect(timeline.text.matches(of: /aria-current="true"/).count == 1)
    }
  }

  @Test(arguments: Backend.all) func sec1_aTokenGuardsTheAPIAndThePages(backend: Backend)
    async throws
  {
    try await withApp(AppConfiguration(token: "s3cret"), backend: backend) { client, _ in
      #expect(try await client.execute(uri: "/api/timelines", method: .get).status == .unauthorized)
      let allowed = try await client.execute(
        uri: "/api/timelines", method: .get, headers: [.authorization: "Bearer s3cret"])
      #expect(allowed.status == .ok)
      let page = try await client.execute(uri: "/", method: .get)
      #expect(page.status == .seeOther)
      #expect(page.headers[.location]?.hasPrefix("/signin") == true)
      let wrong = try await client.execute(
        uri: "/signin", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "token=nope&next=%2F"))
      #expect(wrong.status == .unauthorized)
      let signIn = try await client.execute(
        uri: "/signin", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "token=s3cret&next=%2F"))
      #expect(signIn.status == .seeOther)
      let cookie = try #require(signIn.headers[.setCookie])
      #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
      let session = String(cookie.split(separator: ";")[0])
      #expect(
        try await client.execute(uri: "/", method: .get, headers: [.cookie: session]).status == .ok)
    }
    #expect(throws: ConfigurationError.self) {
      try AppConfiguration(host: "0.0.0.0").validate()
    }
  }
}

func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
  var result = lhs
  result.append(contentsOf: rhs)
  return result
}
