import Foundation
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// A query's section counts (its total and every row's place, A11Y-1 "Item i of n") are
/// kept across the writes made through the store, instead of being counted again for each
/// new revision, and always equal a fresh count.
@Suite("TL-11, A11Y-1 counts kept across writes")
struct CountMaintenanceTests {
  static let queries: [TimelineQuery] = [
    TimelineQuery(search: "pump"),
    TimelineQuery(search: "cafe val"),
    TimelineQuery(filters: [try! FilterToken(.status, "open")]),
    TimelineQuery(search: "über", filters: [try! FilterToken(.status, "completed")]),
    TimelineQuery(filters: [try! FilterToken(.priority, "2..3")]),
    TimelineQuery(filters: [try! FilterToken(.attribute, "Berlin")]),
    TimelineQuery(search: "alpha", sort: SortOrder([SortCriterion(.priority, .descending)])),
  ]

  static func cache(of store: any TimelineStore) -> CountCache? {
    (store as? SQLiteStore)?.counts ?? (store as? PostgresStore)?.counts
  }

  @Test(arguments: Backend.all)
  func tl11_a11y1_keptCountsEqualAFreshCountAfterEveryWrite(backend: Backend) async throws {
    // A timeline past the size whose rows are simply counted again.
    let (counted, made) = try await writeAndCompare(
      backend, items: WindowReader.directSearchRows + 100)
    // Nothing was counted again: every write moved the counts along.
    #expect(made == counted)
  }

  @Test(arguments: Backend.all)
  func tl11_a11y1_aSmallTimelinesCountsAreCountedAgainAfterAWrite(backend: Backend)
    async throws
  {
    // Up to `directSearchRows` rows a write looks nothing up for the counts: each new
    // revision's are counted afresh (cheaper than probing every query asked), and equal.
    let (counted, made) = try await writeAndCompare(backend, items: 300)
    #expect(made > counted)
  }

  /// Writes to a timeline of `items` rows in 40 random steps, and after each expects every
  /// query's windows to equal those of a store that counts afresh. Returns how many counts
  /// the store had made before the writes and after them.
  func writeAndCompare(_ backend: Backend, items: Int) async throws -> (Int, Int) {
    try await withTemporaryStore(backend) { temporary in
      let store = temporary.store
      let document = randomDocument(count: items, seed: 41)
      _ = try await TimelineImporter.importDocument(document, into: store)
      // A second store on the same data counts afresh: its cached counts are never moved
      // by the writes below, so each of its windows counts the new revision.
      let fresh = try await temporary.reopen()
      let cache = try #require(Self.cache(of: store))
      let context = Fixtures.context()
      func windows(_ store: any TimelineStore) async throws -> [String] {
        var answers: [String] = []
        for query in Self.queries {
          let window = try await store.window(
            WindowRequest(timeline: 1, query: query, anchor: .now, limit: 15, context: context))
          answers.append(
            "\(query.parameters): \(window.frame.total) from \(window.frame.offset): "
              + window.items.map(\.id).joined(separator: " "))
        }
        return answers
      }
      #expect(try await windows(store) == windows(fresh))
      let counted = cache.made
      var generator = SeededGenerator(seed: 7)
      let words = ["Pump valve", "Café", "über alpha", "Zeta", "cafe pump"]
      var ids = document.items.map(\.id)
      for step in 0..<40 {
        let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
        switch step % 4 {
        case 0, 1:
          // A new status, title, priority or day: rows move between queries and sections.
          let status = ItemStatus.allCases[Int.random(in: 0..<4, using: &generator)]
          let title = words[Int.random(in: 0..<words.count, using: &generator)]
          let priority = Int.random(in: 0...3, using: &generator)
          let days = Double(Int.random(in: -3...3, using: &generator)) * 86_400
          // Now and then the item's id changes too.
          let renamed = step % 8 == 0 ? id + "r" : id
          ids = ids.map { $0 == id ? renamed : $0 }
          _ = try await store.updateItem(timeline: 1, id: id, ifMatch: "*") { item, _ in
            var item = item
            item.id = renamed
            item.status = status
            item.title = title
            item.priority = priority == 0 ? nil : priority
            if case .instant(let start) = item.start {
              item.start = .instant(start.addingTimeInterval(days))
              item.end = item.end.map { _ in .instant(start.addingTimeInterval(days + 600)) }
            }
            return item
          }
        case 2:
          let added = "n\(step)"
          _ = try await store.addItem(
            timeline: 1,
            item: TimelineItem(
              id: added, title: words[step % words.count],
              start: .instant(Fixtures.noon.addingTimeInterval(Double(step) * 3_600)),
              status: step % 8 == 2 ? .open : .completed,
              attributes: step % 3 == 0 ? ["Berlin"] : [], priority: step % 3 + 1))
          ids.append(added)
        default:
          #expect(try await store.deleteItem(timeline: 1, id: id, ifMatch: "*"))
          ids.removeAll { $0 == id }
        }
        #expect(try await windows(store) == windows(fresh), "after step \(step)")
      }
      return (counted, cache.made)
    }
  }
}
