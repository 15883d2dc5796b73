import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore

@testable import TimelineServer

/// Rendered pages and rows answers are kept per timeline revision: sent again while nothing
/// changed, never after a write, wherever the write came from.
@Suite("WEB-1 rendered answers per revision")
struct RenderCacheTests {
  static let now = "now=2026-11-21T12:00:00Z"

  /// The page, a window, the cards page and the rows answer of timeline `id`.
  static func addresses(_ id: Int) -> [String] {
    [
      "/timelines/\(id)?\(now)", "/timelines/\(id)/window?\(now)",
      "/timelines/\(id)/cards?\(now)", "/api/timelines/\(id)/rows?\(now)&q=order",
    ]
  }

  static func patchStatus(
    _ client: any TestClientProtocol, _ id: Int, item: String, _ status: String
  ) async throws {
    let path = "/api/timelines/\(id)/items/\(item)"
    let read = try await client.execute(uri: path, method: .get)
    let patched = try await client.execute(
      uri: path, method: .patch,
      headers: [.contentType: "application/merge-patch+json", .ifMatch: read.headers[.eTag]!],
      body: ByteBuffer(string: "{\"status\": \"\(status)\"}"))
    #expect(patched.status == .ok)
  }

  @Test(arguments: Backend.all) func web1_aPageIsSentAgainUntilTheTimelineChanges(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, _ in
      let id = try await APITests.create(client)
      for address in Self.addresses(id) {
        let first = try await client.execute(uri: address, method: .get)
        let again = try await client.execute(uri: address, method: .get)
        #expect(first.status == .ok, "\(address)")
        #expect(again.text == first.text, "\(address)")
        let tag = try #require(first.headers[.eTag], "\(address)")
        #expect(again.headers[.eTag] == tag)
        #expect(first.headers[.cacheControl] == "no-cache")
        // A browser that has it is told so, without the body.
        let revalidated = try await client.execute(
          uri: address, method: .get, headers: [.ifNoneMatch: "\"other\", " + tag])
        #expect(revalidated.status == .notModified, "\(address)")
        #expect(revalidated.body.readableBytes == 0)
      }
      let page = try await client.execute(uri: Self.addresses(id)[0], method: .get)
      #expect(page.text.contains("id=\"item-t2\" data-tense=\"future\" data-node=\"open\""))

      try await Self.patchStatus(client, id, item: "t2", "completed")

      let after = try await client.execute(
        uri: Self.addresses(id)[0], method: .get, headers: [.ifNoneMatch: page.headers[.eTag]!])
      #expect(after.status == .ok)
      #expect(after.headers[.eTag] != page.headers[.eTag])
      #expect(after.text.contains("id=\"item-t2\" data-tense=\"future\" data-node=\"completed\""))
      let rows = try await client.execute(uri: Self.addresses(id)[3], method: .get)
      #expect(rows.text.contains("\"node\":\"completed\""), "\(rows.text)")
    }
  }

  @Test(arguments: Backend.all)
  func web1_aWriteThroughAnotherAppOnTheSameDatabaseIsSeen(backend: Backend) async throws {
    try await withTemporaryStore(backend) { temporary in
      try await Self.checkSecondApp(temporary)
    }
  }

  static func checkSecondApp(_ temporary: TemporaryStore) async throws {
    let first = Application(router: buildRouter(configuration: .init(), store: temporary.store))
    try await first.test(.router) { client in
      let id = try await APITests.create(client)
      let address = Self.addresses(id)[0]
      let before = try await client.execute(uri: address, method: .get)
      #expect(before.text.contains("data-node=\"open\""))
      // A second process on the same file (as behind a load balancer).
      let other = try await temporary.reopen()
      let second = Application(router: buildRouter(configuration: .init(), store: other))
      try await second.test(.router) { secondClient in
        try await Self.patchStatus(secondClient, id, item: "t2", "completed")
      }
      let after = try await client.execute(uri: address, method: .get)
      #expect(after.text != before.text)
      #expect(after.text.contains("id=\"item-t2\" data-tense=\"future\" data-node=\"completed\""))
    }
  }

  @Test func web1_keptAnswersStayWithinTheirBytesAndTheRecentlyUsedStay() async throws {
    let cache = RenderCache(capacity: 40_000)
    let body = String(repeating: "x", count: 4_000)
    _ = try await cache.answer("first") { body }
    for index in 0..<30 {
      _ = try await cache.answer("page \(index)") { body }
      // Asked for all along, the first answer is never the oldest.
      #expect(cache.lookup("first") != nil)
    }
    #expect(cache.bytes <= 40_000)
    #expect(cache.count < 11)
    #expect(cache.lookup("page 0") == nil)
    #expect(cache.lookup("page 29") != nil)
    // Nothing kept without room, and an answer too large for a quarter is not kept.
    let none = RenderCache(capacity: 0)
    _ = try await none.answer("a") { body }
    #expect(none.count == 0)
    _ = try await cache.answer("huge") { String(repeating: "y", count: 20_000) }
    #expect(cache.lookup("huge") == nil)
  }

  @Test func web1_aBurstOfRequestsForOneAddressDrawsItOnce() async throws {
    let cache = RenderCache(capacity: 1 << 20)
    let draws = Counter()
    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<20 {
        group.addTask {
          let entry = try await cache.answer("page") {
            await draws.add()
            // Let the other requests arrive while this one draws.
            for _ in 0..<10 { await Task.yield() }
            return "drawn"
          }
          return String(buffer: entry.body)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(bodies == Array(repeating: "drawn", count: 20))
    #expect(await draws.value == 1)
    // A failed drawing is not kept: the next request draws again.
    await #expect(throws: CancellationError.self) {
      _ = try await cache.answer("failing") { throw CancellationError() }
    }
    let again = try await cache.answer("failing") { "second" }
    #expect(String(buffer: again.body) == "second")
  }
}

actor Counter {
  var value = 0
  func add() { value += 1 }
}

/// The Sort & Filter dialog without the script: its direction toggle sends the form with
/// `flip=FIELD`, and the page comes back with that direction turned and the dialog open.
@Suite("SORT-3 direction toggle without the script")
struct SortFlipTests {
  @Test(arguments: Backend.all) func sort3_web1_aFlipTurnsTheCriterionAndKeepsTheDialogOpen(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, _ in
      let id = try await APITests.create(client)
      let base = "/timelines/\(id)?now=2026-11-21T12:00:00Z"
      let turned = try await client.execute(
        uri: base + "&sort=priority%3Adesc&sort=date&flip=priority", method: .get)
      #expect(turned.status == .ok)
      #expect(turned.text.contains("<dialog class=\"tl-dialog\" id=\"tl-sort-filter\""))
      #expect(turned.text.contains(" open"))
      #expect(turned.text.contains("value=\"priority\" checked"), "ascending now")
      // A field not chosen yet joins the sort, descending.
      let joined = try await client.execute(uri: base + "&flip=title", method: .get)
      #expect(joined.text.contains("value=\"title:desc\" checked"))
      // The links of the page carry the sort, not the flip.
      #expect(!joined.text.contains("flip="))
      #expect(joined.text.contains("sort=title%3Adesc"))
      let unknown = try await client.execute(uri: base + "&flip=colour", method: .get)
      #expect(unknown.status == .badRequest)
      #expect(unknown.text.contains("flip"))
    }
  }
}
