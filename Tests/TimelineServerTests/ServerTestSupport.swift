import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TimelineCore
import TimelineImport
import TimelineServer
import _TimelineTestSupport

/// A store in a fresh temporary file, removed when the test ends.
struct TemporaryStore {
  let path: String
  let store: SQLiteStore

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("timeline-test-\(UUID().uuidString).sqlite").path
    store = try SQLiteStore(path: path, locale: Locale(identifier: "en_US"))
  }

  func remove() {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}

/// Runs `body` against the app's router in-process on a temporary database.
func withApp(
  _ configuration: AppConfiguration = AppConfiguration(),
  _ body: @Sendable (any TestClientProtocol, SQLiteStore) async throws -> Void
) async throws {
  let temporary = try TemporaryStore()
  defer { temporary.remove() }
  let app = Application(router: buildRouter(configuration: configuration, store: temporary.store))
  try await app.test(.router) { client in try await body(client, temporary.store) }
}

extension TestResponse {
  var text: String { String(buffer: body) }
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }
}

/// A random document: events, all-day items and markers over a month around noon, with
/// statuses, priorities (some missing), repeated titles and accented words.
func randomDocument(count: Int, seed: UInt64) -> TimelineDocument {
  var generator = SeededGenerator(seed: seed)
  let words = ["Pump", "pump", "Valve", "Café", "cafe", "Review", "Zeta", "alpha", "Über", "uber"]
  var items: [TimelineItem] = []
  let base = Fixtures.noon.timeIntervalSinceReferenceDate
  for index in 0..<count {
    let offset =
      Double(Int.random(in: -15...15, using: &generator)) * 86_400
      + Double(Int.random(in: 0...3, using: &generator)) * 3_600
    let start = Date(timeIntervalSinceReferenceDate: base + offset)
    let kinds: [ItemKind] = [.event, .event, .event, .event, .start, .end, .inactive]
    let kind = kinds[Int.random(in: 0..<kinds.count, using: &generator)]
    let statuses = ItemStatus.allCases
    let title =
      words[Int.random(in: 0..<words.count, using: &generator)] + " "
      + words[Int.random(in: 0..<words.count, using: &generator)]
    let allDay = Int.random(in: 0..<5, using: &generator) == 0
    items.append(
      TimelineItem(
        id: "i\(index)", kind: kind, title: title,
        start: allDay ? .day(CalendarDay(start, in: Fixtures.context().calendar)) : .instant(start),
        end: Bool.random(using: &generator) ? .instant(start.addingTimeInterval(7_200)) : nil,
        status: statuses[Int.random(in: 0..<statuses.count, using: &generator)],
        attributes: Bool.random(using: &generator) ? ["Line 4"] : ["Line 1", "Berlin"],
        priority: Int.random(in: 0..<4, using: &generator) == 0
          ? nil : Int.random(in: 1...3, using: &generator)))
  }
  return TimelineDocument(title: "Random", items: items)
}
