import Foundation
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// The log of changes behind live pages (`/timelines/{id}/events`), and copies between
/// stores, on both stores.
@Suite("WEB-1 live updates and copies between stores")
struct LiveTests {
  static func importSample(_ store: any TimelineStore) async throws -> TimelineInfo {
    let document = randomDocument(count: 40, seed: 7)
    let summary = try await TimelineImporter.importDocument(document, into: store)
    return try #require(try await store.timeline(summary.id))
  }

  @Test(arguments: Backend.all)
  func web1_everyChangeIsLoggedInOrderAndAReaderResumesFromAnyRevision(backend: Backend)
    async throws
  {
    try await withTemporaryStore(backend) { temporary in
      let store = temporary.store
      let info = try await Self.importSample(store)
      let start = info.revision
      // A reader listening before the writes hears of them.
      let revisions = store.changeSignal.revisions(of: info.id)
      let updated = try await store.updateItem(timeline: info.id, id: "i3", ifMatch: "*") {
        item, _ in
        var item = item
        item.status = .completed
        return item
      }
      #expect(updated.item.status == .completed)
      _ = try await store.addItem(
        timeline: info.id,
        item: TimelineItem(id: "new", title: "New", start: .instant(Fixtures.noon)))
      #expect(try await store.deleteItem(timeline: info.id, id: "i5", ifMatch: "*"))
      var heard: Int64 = 0
      for await revision in revisions {
        heard = revision
        if revision == start + 3 { break }
      }
      #expect(heard == start + 3)

      let all = try #require(try await store.changes(timeline: info.id, after: start))
      #expect(all.map(\.operation) == [.updated, .added, .deleted])
      #expect(all.map(\.itemID) == ["i3", "new", "i5"])
      #expect(all.map(\.revision) == [start + 1, start + 2, start + 3])
      // Resuming after the first change gives the two after it; at the end, nothing.
      let rest = try #require(try await store.changes(timeline: info.id, after: start + 1))
      #expect(rest.map(\.itemID) == ["new", "i5"])
      #expect(try await store.changes(timeline: info.id, after: start + 3) == [])
      // A revision the log does not reach (before the import, or one never made) is no
      // place to resume from: the reader starts again.
      #expect(try await store.changes(timeline: info.id, after: start - 1) == nil)
      #expect(try await store.changes(timeline: info.id, after: start + 99) == nil)
      // A change refused (a stale tag) is no change.
      await #expect(throws: StoreError.stale) {
        _ = try await store.updateItem(timeline: info.id, id: "i3", ifMatch: "\"1.1\"") { i, _ in i
        }
      }
      #expect(try await store.timeline(info.id)?.revision == start + 3)
    }
  }

  @Test(arguments: Backend.all)
  func web1_aWindowAtAnItemHoldsThatRowWithItsPlaceInTheWhole(backend: Backend) async throws {
    try await withTemporaryStore(backend) { temporary in
      let store = temporary.store
      let info = try await Self.importSample(store)
      let context = Fixtures.context()
      let whole = try await store.window(
        WindowRequest(
          timeline: info.id, query: TimelineQuery(), anchor: .now, limit: 500, context: context))
      let index = whole.items.count / 2
      let id = whole.items[index].id
      let one = try await store.window(
        WindowRequest(
          timeline: info.id, query: TimelineQuery(), anchor: .item(id), limit: 1,
          context: context))
      #expect(one.items.map(\.id) == [id])
      #expect(one.frame.offset == whole.frame.offset + index)
      #expect(one.frame.total == whole.frame.total)
      // Hidden by the query: no rows.
      let hidden = try await store.window(
        WindowRequest(
          timeline: info.id, query: TimelineQuery(search: "no such words"), anchor: .item(id),
          limit: 1, context: context))
      #expect(hidden.items.isEmpty)
    }
  }

  @Test(arguments: Backend.all)
  func web1_aCopyToTheOtherStoreAndBackKeepsEveryItem(backend: Backend) async throws {
    try await withTemporaryStore(.sqlite) { origin in
      try await withTemporaryStore(backend) { target in
        var document = randomDocument(count: 120, seed: 11)
        document.items[3].children = [
          TimelineItem(id: "child-a", title: "Child A", start: .instant(Fixtures.noon)),
          TimelineItem(id: "child-b", title: "Child B", start: .instant(Fixtures.noon)),
        ]
        document.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let summary = try await TimelineImporter.importDocument(document, into: origin.store)
        let stored = try #require(try await origin.store.document(summary.id))
        let copy = try #require(
          try await TimelineCopier.copy(summary.id, from: origin.store, to: target.store))
        #expect(copy.count == 120)
        let copied = try #require(try await target.store.document(copy.id))
        #expect(copied.items == stored.items)
        #expect(copied.timeZone == stored.timeZone)
        #expect(copied.title == stored.title)
        // And back again, into the store it came from.
        let back = try #require(
          try await TimelineCopier.copy(copy.id, from: target.store, to: origin.store))
        #expect(try await origin.store.document(back.id)?.items == stored.items)
        #expect(try await TimelineCopier.copy(9_999, from: origin.store, to: target.store) == nil)
      }
    }
  }
}
