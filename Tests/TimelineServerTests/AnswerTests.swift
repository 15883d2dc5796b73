import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineServer
import _TimelineTestSupport

/// One place answers what a route throws (`AnswerMiddleware`): JSON under `/api`, an error
/// page elsewhere, each under the security headers, with the status the error names and a
/// form token for a browser that has none.
@Suite("WEB-1 errors are answered in one place")
struct AnswerTests {
  @Test func web1_whatARouteThrowsIsAnsweredAsJSONUnderAPIAndAsAPageElsewhere() async throws {
    try await withApp { client, _ in
      for uri in ["/timelines/9", "/timelines/9/cards", "/timelines/9/cards.css", "/nowhere"] {
        let page = try await client.execute(uri: uri, method: .get)
        #expect(page.status == .notFound, "\(uri)")
        #expect(page.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
        #expect(page.headers[.contentSecurityPolicy] != nil, "\(uri)")
        let text = String(buffer: page.body)
        #expect(text.contains("<title>Error 404</title>"), "\(uri)")
        #expect(text.contains("role=\"alert\""), "\(uri)")
        // A browser's first page sets the form token, an error page as any other.
        #expect(page.headers[.setCookie]?.hasPrefix("tl_csrf=") == true, "\(uri)")
      }
      for uri in ["/api/timelines/9/rows", "/api/timelines/9/items/a", "/api/nowhere"] {
        let answer = try await client.execute(uri: uri, method: .get)
        #expect(answer.status == .notFound, "\(uri)")
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8", "\(uri)")
        #expect(answer.headers[.contentSecurityPolicy] != nil, "\(uri)")
        #expect(String(buffer: answer.body).hasPrefix(#"{"error":"not_found","#), "\(uri)")
        #expect(answer.headers[.setCookie] == nil, "\(uri): the API sets no form token")
      }
      let bad = try await client.execute(uri: "/timelines/1?limit=x", method: .get)
      #expect(bad.status == .notFound)
      let badRows = try await client.execute(uri: "/api/timelines/1/rows?limit=x", method: .get)
      #expect(badRows.status == .notFound)
    }
  }

  @Test func web1_aBadParameterIsA400NamingItOnAPageAndInTheAPI() async throws {
    try await withApp { client, store in
      try await importOneItem(into: store, title: "Answers")
      let page = try await client.execute(uri: "/timelines/1?limit=x", method: .get)
      #expect(page.status == .badRequest)
      #expect(
        String(buffer: page.body).contains(
          "<p>The value of “\u{2068}limit\u{2069}” cannot be used.</p>"))
      let rows = try await client.execute(uri: "/api/timelines/1/rows?limit=x", method: .get)
      #expect(rows.status == .badRequest)
      #expect(String(buffer: rows.body).contains(#""error":"bad_parameter""#))
      #expect(String(buffer: rows.body).contains("limit:"))
    }
  }

  /// What would make a request's cost unbounded, or is ambiguous, is refused before the
  /// store is asked: too many filters or search words (about 1,000 overflowed SQLite's
  /// expression depth, a 500), a limit past the window, two places at once.
  @Test(arguments: [
    ("filter", Array(repeating: "filter=attribute=a", count: 65).joined(separator: "&")),
    ("q", "q=" + Array(repeating: "a", count: 33).joined(separator: "+")),
    ("limit", "limit=501"),
    ("at", "after=x&at=a"),
  ])
  func sec1_aRequestsCostIsBoundedAtTheEdge(parameter: String, query: String) async throws {
    try await withApp { client, store in
      try await importOneItem(into: store, title: "Answers")
      for path in ["/timelines/1", "/api/timelines/1/rows", "/api/timelines/1/export"] {
        let answer = try await client.execute(uri: path + "?" + query, method: .get)
        #expect(answer.status == .badRequest, "\(path) \(parameter)")
        // The API says what is wrong with it; a page names it in its language.
        let named = path.hasPrefix("/api/") ? parameter + ":" : "“\u{2068}\(parameter)\u{2069}”"
        #expect(String(buffer: answer.body).contains(named), "\(path)")
      }
      // At the bounds, the request is answered.
      let most = Array(repeating: "filter=attribute=a", count: 64).joined(separator: "&")
      let answer = try await client.execute(
        uri: "/api/timelines/1/rows?limit=500&" + most, method: .get)
      #expect(answer.status == .ok)
    }
  }

  @Test func web1_aCursorServesOnlyTheViewItWasHandedOutFor() async throws {
    try await withApp { client, store in
      for title in ["First", "Second"] {
        _ = try await TimelineImporter.importDocument(
          TimelineDocument(
            title: title,
            items: (0..<12).map {
              TimelineItem(
                id: "i\($0)", title: "Pump \($0)",
                start: .instant(Fixtures.noon.addingTimeInterval(Double($0) * 3_600)))
            }),
          into: store)
      }
      let first = try await client.execute(
        uri: "/api/timelines/1/rows?around=2000-01-01&limit=3", method: .get)
      let body = try JSONSerialization.jsonObject(with: Data(buffer: first.body)) as! [String: Any]
      let after = try #require(body["after"] as? String)
      // The same view goes on from it; another search, filter, sort or timeline refuses it.
      let same = try await client.execute(
        uri: "/api/timelines/1/rows?limit=3&after=\(after)", method: .get)
      #expect(same.status == .ok)
      for other in [
        "/api/timelines/1/rows?q=pump&after=", "/api/timelines/1/rows?filter=status=open&after=",
        "/api/timelines/1/rows?sort=title&after=", "/api/timelines/2/rows?after=",
        "/timelines/1?q=pump&after=",
      ] {
        let answer = try await client.execute(uri: other + after, method: .get)
        #expect(answer.status == .badRequest, "\(other)")
        #expect(String(buffer: answer.body).contains("after"), "\(other)")
        if !other.hasPrefix("/api/") {
          #expect(String(buffer: answer.body).contains("“\u{2068}after\u{2069}”"))
        }
      }
    }
  }

  @Test func web1_a11y1_anErrorPageSaysWhatWentWrongInThePagesLanguage() async throws {
    try await withApp(AppConfiguration(locale: Locale(identifier: "de_DE"))) { client, store in
      let page = String(buffer: try await client.execute(uri: "/timelines/9", method: .get).body)
      #expect(page.contains("<title>Fehler 404</title>"))
      #expect(page.contains("<p>Unter dieser Adresse gibt es nichts.</p>"))
      // What is missing, in the page's language too.
      #expect(
        page.contains(
          "<p>Diese Zeitleiste gibt es nicht: Sie wurde gelöscht, oder die Adresse ist falsch.</p>"
        ))
      // A bad value of the address: which one, in the page's language; the server's own
      // detail (English, for the API) is not on the page.
      try await importOneItem(into: store)
      let bad = String(
        buffer: try await client.execute(uri: "/timelines/1?limit=0", method: .get).body)
      #expect(
        bad.contains(
          "<p>Der Wert von „\u{2068}limit\u{2069}“ kann nicht verwendet werden.</p>")
      )
      #expect(!bad.contains("expected") && !bad.contains(#"lang="en""#))
      // A parameter name that is not a plain word is not repeated.
      let crafted = String(
        buffer: try await client.execute(uri: "/timelines/1?x%E2%81%A9y=%00", method: .get).body)
      #expect(crafted.contains("<p>Dieser Wert kann nicht verwendet werden.</p>"))
      #expect(!crafted.contains("x\u{2069}y"))
      // With the way back to the timeline without the bad value.
      #expect(
        bad.contains(#"<p><a class="tl-link" href="/timelines/1">Zurück zur Zeitleiste</a></p>"#))
      // An address no route answers: the first sentence says all there is.
      let nowhere = String(
        buffer: try await client.execute(uri: "/nothing/here", method: .get).body)
      #expect(nowhere.contains("<p>Unter dieser Adresse gibt es nichts.</p>"))
      #expect(!nowhere.contains("does not exist"))
    }
    try await withApp { client, store in
      let page = String(buffer: try await client.execute(uri: "/timelines/9", method: .get).body)
      #expect(page.contains("<p>There is nothing at this address.</p>"))
      #expect(
        page.contains(
          "<p>There is no such timeline: it was deleted, or the address is wrong.</p>"))
      #expect(!page.contains("Back to the timeline"))
      // An item gone from a timeline that is there: said so, with the way back to it.
      try await importOneItem(into: store)
      let item = String(
        buffer: try await client.execute(uri: "/timelines/1/items/gone", method: .get).body)
      #expect(
        item.contains(
          "<p>There is no such item in this timeline: it was deleted, or the address is wrong.</p>"
        ))
      #expect(
        item.contains(#"<p><a class="tl-link" href="/timelines/1">Back to the timeline</a></p>"#))
    }
  }

  /// A copied `?at=ITEM` whose item is gone (or no longer in the view) opens the timeline
  /// at now, with its rows and links, not an empty page.
  @Test(arguments: Backend.all) func web1_anAddressAtAnItemThatIsGoneOpensAtNow(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(
          title: "Place",
          items: (0..<40).map {
            TimelineItem(
              id: "i\($0)", title: "Item \($0)",
              start: .instant(Fixtures.noon.addingTimeInterval(Double($0 - 20) * 86_400)))
          }), into: store)
      let now = "now=2026-11-21T12:00:00Z"
      let there = try await client.execute(uri: "/timelines/1?at=i5&limit=5&\(now)", method: .get)
      #expect(there.text.contains(#"id="item-i5""#))
      let gone = try await client.execute(uri: "/timelines/1?at=gone&limit=5&\(now)", method: .get)
      #expect(gone.status == .ok)
      #expect(gone.text.contains(#"id="item-i20""#), "the window around now")
      #expect(gone.text.contains("tl-now"))
      let rows = try await client.execute(
        uri: "/api/timelines/1/rows?at=gone&limit=5&\(now)", method: .get)
      #expect(rows.text.contains(#""id":"i20""#))
    }
  }
}
