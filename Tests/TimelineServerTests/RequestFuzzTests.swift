import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// Random and hostile values for every route's parameters and bodies: the app answers each
/// with a status below 500, and keeps answering.
@Suite("SEC-1 request fuzzing")
struct RequestFuzzTests {
  /// Values that have broken parsers: the ends of integer ranges and past them, huge and
  /// odd numbers, dates at and past the years a timeline keeps, NUL and other controls,
  /// cursors of every shape, long and non-ASCII text.
  static let hostile: [String] = [
    "", "0", "-1", "1", "500", "501", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "18446744073709551616", "1e999999", "-0", "NaN", "inf", "0x10",
    "0..9223372036854775807", "-9223372036854775808..9223372036854775807", "5..1", "1..2..3",
    "status=open", "status=nope", "priority=0..9223372036854775807", "priority=x",
    "from=0000-01-01",
    "to=9999-12-31T23:59:59-23:59", "from=2026-02-30", "attribute=", "kind=start",
    "date:desc,title", "priority:desc,priority", "title:sideways", ",,,", "now", "2026-11-21",
    "9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59", "2026-11-21T25:00:00Z",
    "%00", "\u{0}", "a\u{0}b", "\u{7}\u{1b}[31m", "<script>alert(1)</script>", "' OR 1=1 --",
    "\"", "\\", "/\\evil.example/", "//evil.example", "%2F%09%2Fevil.example", "../../etc/passwd",
    String(repeating: "x", count: 5_000), String(repeating: "é", count: 300), "🏳️‍🌈", "Ω≈ç√",
    HardeningTests.overflowingCursor, "WyJhIl0", "W10", "e30", "!!!!", "____",
    HardeningTests.cursor(["1", "99", "d:0", "i:0", "i:0"]),
    HardeningTests.cursor(["1", "0", "s:" + String(repeating: "z", count: 100), "i:0", "i:0"]),
    HardeningTests.cursor(["1", "0", "d:7ff0000000000000", "i:9223372036854775807", "x:1"]),
  ]

  static let parameters = [
    "q", "filter", "sort", "after", "before", "at", "around", "limit", "now", "flip", "start",
    "format", "dialog", "select", "since", "next", "title", "view", "layout", "move", "from",
  ]

  static let paths = [
    "/", "/timelines/1", "/timelines/1/window", "/timelines/1/cards", "/timelines/1/new",
    "/timelines/1/items/a", "/timelines/2", "/timelines/2/window", "/timelines/9223372036854775807",
    "/api/timelines", "/api/timelines/1/rows", "/api/timelines/2/rows", "/api/timelines/1/export",
    "/api/timelines/1/items/a", "/api/timelines/1/items/%00", "/signin",
    "/timelines/-1/items/%2e%2e", "/api/timelines/99999999999999999999/rows",
    "/api/timelines/-9223372036854775807/rows", "/api/timelines/-5/export", "/timelines/0",
    "/timelines/1/cards.css", "/timelines/-3/cards.css",
  ]

  static func encoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  @Test(arguments: Backend.all) func sec1_web1_noRequestGetsAServerError(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      var document = randomDocument(count: 60, seed: 11)
      document.items[0] = TimelineItem(id: "a", title: "A", start: .instant(Fixtures.noon))
      _ = try await TimelineImporter.importDocument(document, into: store)
      _ = try await TimelineImporter.importDocument(TimelineDocument(title: "Empty"), into: store)
      var generator = SeededGenerator(seed: 20_261_126)
      var failures: [String] = []
      func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &generator)]
      }
      // Queries: one to three hostile parameters on every page and API route.
      for _ in 0..<400 {
        let count = Int.random(in: 1...3, using: &generator)
        let query = (0..<count).map { _ in
          pick(Self.parameters) + "=" + Self.encoded(pick(Self.hostile))
        }.joined(separator: "&")
        let uri = pick(Self.paths) + "?" + query
        let response = try await client.execute(uri: uri, method: .get)
        if response.status.code >= 500 { failures.append("GET \(uri) -> \(response.status.code)") }
      }
      // Bodies: items whose every field is hostile, as JSON and as forms.
      let fields = [
        "id", "title", "subtitle", "start", "end", "status", "kind", "priority", "description",
        "statusLabel", "attributes", "icon",
      ]
      for round in 0..<150 {
        var object: [String: Any] = ["id": "f\(round)", "title": "T", "start": "2026-11-21"]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let value = pick(Self.hostile)
          switch Int.random(in: 0..<4, using: &generator) {
          case 0: object[pick(fields)] = value
          case 1:
            let number = Double(value).flatMap { $0.isFinite ? $0 : nil }
            object[pick(fields)] = Int(value).map { $0 as Any } ?? number.map { $0 as Any } ?? 0
          case 2: object[pick(fields)] = [value, value]
          default: object[pick(fields)] = NSNull()
          }
        }
        let body = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
        let added = try await client.execute(
          uri: "/api/timelines/1/items", method: .post, headers: [.contentType: "application/json"],
          body: ByteBuffer(bytes: body))
        if added.status.code >= 500 {
          failures.append("POST \(String(decoding: body, as: UTF8.self)) -> \(added.status.code)")
        }
        let patched = try await client.execute(
          uri: "/api/timelines/1/items/a", method: .patch,
          headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
          body: ByteBuffer(bytes: body))
        if patched.status.code >= 500 {
          failures.append(
            "PATCH \(String(decoding: body, as: UTF8.self)) -> \(patched.status.code)")
        }
        let raw = pick(Self.hostile)
        let broken = try await client.execute(
          uri: "/api/timelines", method: .post,
          headers: [.contentType: pick(["text/csv", "text/calendar", "application/json"])],
          body: ByteBuffer(string: "id,title,start\r\n\(raw),\(raw),\(raw)\r\n"))
        if broken.status.code >= 500 { failures.append("import \(raw) -> \(broken.status.code)") }
      }
      // Deletes of ids no timeline has (a negative id once made a PostgreSQL statement fail).
      for id in [
        "-9223372036854775807", "-1", "0", "9223372036854775807", "99999999999999999999", "x",
      ] {
        for path in ["/api/timelines/\(id)", "/api/timelines/\(id)/items/a"] {
          let deleted = try await client.execute(uri: path, method: .delete)
          if deleted.status.code >= 500 {
            failures.append("DELETE \(path) -> \(deleted.status.code)")
          }
          #expect(deleted.status == .notFound, "\(path)")
        }
      }
      #expect(failures.isEmpty, "\(failures.prefix(20))")
      // Still answering.
      let after = try await client.execute(uri: "/api/timelines/1/rows", method: .get)
      #expect(after.status == .ok)
    }
  }
}
