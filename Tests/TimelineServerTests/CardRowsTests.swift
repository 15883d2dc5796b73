import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// A timeline's feed of cards is kept as rows (cards, their items and groups, header,
/// footer, appearance, the feed's spacing), read a window at a time, exported and copied
/// as it came; a card item opens a page of its own whose buttons change its state, and the
/// feed shows it selected on the way back (CARD-1 … CARD-5, WEB-2).
@Suite("CARD-1…5, WEB-2 cards as rows in the store")
struct CardRowsTests {
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "examples/cards.json")

  static let form = [.contentType: "application/x-www-form-urlencoded"] as HTTPFields

  /// The example's cards, plus one that has every part: a feed header with content, empty
  /// chrome, an instant, and a group; and spacing of its own.
  static func document() throws -> TimelineDocument {
    var document = try TimelineJSONReader.read(
      text: String(decoding: try Data(contentsOf: example), as: UTF8.self), file: "cards.json")
    var feed = try #require(document.cards)
    feed.paddingBetweenCards = 80
    feed.topMargin = 60
    feed.bottomMargin = 12.5
    feed.entries.append(
      CardFeed.Entry(
        header: CardChrome(title: "Shift", subtitle: "Night"),
        card: TimelineCard(
          header: CardChrome(), footer: CardChrome(title: "End", content: "of the shift"),
          elements: [
            .item(
              CardItem(
                title: "Handover", icon: "clock", date: .instant(Fixtures.noon), status: .open)),
            .group(
              CardItem(content: "Checks"),
              children: [CardItem(title: "Pumps"), CardItem(title: "Valves", status: .completed)]),
          ],
          appearance: CardAppearance(background: CardColor("#fafafa"), itemShape: .square))))
    document.cards = feed
    return document
  }

  @Test(arguments: Backend.all)
  func card5_web2_aFeedIsStoredAsRowsReadByWindowExportedAndCopiedAsItCame(backend: Backend)
    async throws
  {
    try await withTemporaryStore(backend) { temporary in
      let store = temporary.store
      let document = try Self.document()
      let feed = try #require(document.cards)
      let summary = try await TimelineImporter.importDocument(document, into: store)
      #expect(try await store.timeline(summary.id)?.cardCount == feed.entries.count)

      // Windows: the cards held, with how many are on either side, and the spacing.
      let whole = try #require(try await store.cards(timeline: summary.id, from: 0, limit: 100))
      #expect(whole == feed)
      let middle = try #require(try await store.cards(timeline: summary.id, from: 1, limit: 2))
      #expect(middle.entries == Array(feed.entries[1...2]))
      #expect(middle.cardsBefore == 1 && middle.cardsAfter == 1)
      #expect(middle.paddingBetweenCards == 80 && middle.bottomMargin == 12.5)
      let past = try #require(try await store.cards(timeline: summary.id, from: 99, limit: 5))
      #expect(past.entries.isEmpty && past.totalCount == feed.entries.count)

      // The JSON export carries the feed whole, and reads back as it came.
      let exported = try #require(
        try await TimelineImporter.export(
          summary.id, from: store, format: .json, timestamp: Fixtures.noon))
      let read = try TimelineJSONReader.read(text: exported, file: "export.json")
      #expect(read.cards == feed)
      #expect(read.items == document.items)

      // A copy to another store keeps it.
      try await withTemporaryStore(.sqlite) { target in
        let copy = try #require(
          try await TimelineCopier.copy(summary.id, from: store, to: target.store))
        #expect(try await target.store.cards(timeline: copy.id, from: 0, limit: 100) == feed)
      }

      // A timeline without a feed has none; a timeline that does not exist is not found.
      let plain = try await TimelineImporter.importDocument(
        randomDocument(count: 3, seed: 1), into: store)
      #expect(try await store.cards(timeline: plain.id, from: 0, limit: 10) == nil)
      await #expect(throws: StoreError.notFound) {
        _ = try await store.cards(timeline: 999, from: 0, limit: 10)
      }
      // Its JSON export has no `cards`.
      let plainJSON = try #require(
        try await TimelineImporter.export(
          plain.id, from: store, format: .json, timestamp: Fixtures.noon))
      #expect(!plainJSON.contains("\"cards\""))
      // Deleting the timeline deletes its cards.
      #expect(try await store.deleteTimeline(summary.id))
      await #expect(throws: StoreError.notFound) {
        _ = try await store.cards(timeline: summary.id, from: 0, limit: 10)
      }
    }
  }

  @Test(arguments: Backend.all)
  func card4_web2_aCardItemOpensItsPageChangesStateAndShowsSelectedOnReturn(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      let bytes = try [UInt8](Data(contentsOf: Self.example))
      let imported = try await client.execute(
        uri: "/api/timelines", method: .post, headers: [.contentType: "application/json"],
        body: .init(bytes: bytes))
      #expect(imported.status == .created)
      let feedPage = try await client.execute(uri: "/timelines/1/cards", method: .get).text
      // Each item and child links to its own page.
      #expect(feedPage.contains(#"id="card-0-2" href="/timelines/1/cards/0/2""#))
      #expect(feedPage.contains(#"id="card-0-1-1" href="/timelines/1/cards/0/1/1""#))
      #expect(!feedPage.contains(#"aria-current="true""#))

      let page = try await client.execute(uri: "/timelines/1/cards/0/2", method: .get)
      #expect(page.status == .ok)
      #expect(page.text.contains(#"<h2 dir="auto">Release candidate</h2>"#))
      #expect(page.text.contains("Store review"))
      #expect(
        page.text.contains(
          #"<button type="submit" name="status" value="inProgress" aria-pressed="true">"#))
      #expect(
        page.text.contains(
          #"<a href="/timelines/1/cards?start=0&amp;selected=0%2F2#card-0-2">Back to the cards</a>"#
        ))
      let cookie = try #require(page.headers[.setCookie])
      let token = String(cookie.split(separator: ";")[0].split(separator: "=")[1])
      let before = try #require(try await store.timeline(1)).revision

      // A state button: the item is completed, and the feed shows it selected.
      let done = try await client.execute(
        uri: "/timelines/1/cards/0/2", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=completed&csrf=\(token)"))
      #expect(done.status == .seeOther)
      let back = try #require(done.headers[.location])
      #expect(back == "/timelines/1/cards?start=0&selected=0%2F2#card-0-2")
      let feed = try #require(try await store.cards(timeline: 1, from: 0, limit: 1))
      #expect(feed.entries[0].card.elements[2].item.status == .completed)
      #expect(try #require(try await store.timeline(1)).revision == before + 1)
      let returned = try await client.execute(uri: back, method: .get).text
      let selected = try #require(
        returned.firstMatch(of: /<a class="tl-card-item" id="card-0-2"[^>]*>.*?<\/a>/))
      #expect(selected.output.contains(#"aria-current="true""#))
      #expect(selected.output.contains("Completed"))
      #expect(returned.matches(of: /aria-current="true"/).count == 1)
      // The change is in the log as a card change, which live timeline pages pass over.
      let changes = try #require(try await store.changes(timeline: 1, after: before))
      #expect(changes.map(\.operation) == [.card] && changes.map(\.itemID) == ["0/2"])

      // A group's child has its page too, and comes back selected on the card's page.
      let child = try await client.execute(
        uri: "/timelines/1/cards/1/2/0", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=inProgress&csrf=\(token)"))
      #expect(
        child.headers[.location] == "/timelines/1/cards?start=0&selected=1%2F2%2F0#card-1-2-0")
      let group = try await client.execute(uri: "/timelines/1/cards/1/2", method: .get).text
      #expect(group.contains(#"href="/timelines/1/cards/1/2/0">Week 1</a>"#))

      // Side by side, the item, its way back and its state button keep the layout.
      let horizontal = try await client.execute(
        uri: "/timelines/1/cards?layout=horizontal", method: .get
      ).text
      #expect(horizontal.contains(#"href="/timelines/1/cards/0/2?layout=horizontal""#))
      let sideways = try await client.execute(
        uri: "/timelines/1/cards/0/2?layout=horizontal", method: .get
      ).text
      #expect(
        sideways.contains(
          #"href="/timelines/1/cards?layout=horizontal&amp;start=0&amp;selected=0%2F2#card-0-2""#))
      #expect(sideways.contains(#"<input type="hidden" name="layout" value="horizontal">"#))
      let kept = try await client.execute(
        uri: "/timelines/1/cards/0/2", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=open&layout=horizontal&csrf=\(token)"))
      #expect(
        kept.headers[.location]
          == "/timelines/1/cards?layout=horizontal&start=0&selected=0%2F2#card-0-2")
      // A page past the end shows the last card.
      for start in ["999", "99999999999999999999"] {
        let past = try await client.execute(uri: "/timelines/1/cards?start=\(start)", method: .get)
          .text
        #expect(past.contains(#"id="card-2""#) && !past.contains(#"id="card-0""#), "\(start)")
      }
      // The page and its styles refuse a start that is not a card number, naming it.
      for uri in [
        "/timelines/1/cards?start=x", "/timelines/1/cards?start=-1",
        "/timelines/1/cards.css?start=%201", "/timelines/1/cards.css?start=1e3",
      ] {
        let refused = try await client.execute(uri: uri, method: .get)
        #expect(refused.status == .badRequest, "\(uri)")
        #expect(refused.text.contains("start"), "\(uri)")
      }

      // Addresses that name no item, and a state that is none.
      for uri in [
        "/timelines/1/cards/0/9", "/timelines/1/cards/9/0", "/timelines/1/cards/0/2/0",
        "/timelines/1/cards/-1/0", "/timelines/1/cards/99999999999999999999/0",
        "/timelines/1/cards/x/0", "/timelines/9/cards/0/0", "/timelines/1/cards/00/2",
        "/timelines/1/cards/0/+2", "/timelines/1/cards/0/%202",
      ] {
        #expect(try await client.execute(uri: uri, method: .get).status == .notFound, "\(uri)")
      }
      let missing = try await client.execute(
        uri: "/timelines/1/cards/0/9", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=completed&csrf=\(token)"))
      #expect(missing.status == .notFound)
      let wrong = try await client.execute(
        uri: "/timelines/1/cards/0/2", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=done&csrf=\(token)"))
      #expect(wrong.status == .badRequest)
      #expect(try #require(try await store.timeline(1)).revision == before + 3)
    }
  }

  /// A database of an earlier version kept a feed as JSON text on the timeline's row: the
  /// migration makes rows of it.
  @Test func card5_aFeedKeptAsTextByAnEarlierVersionBecomesRows() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("timeline-cards-\(UUID().uuidString).sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    let queue = try DatabaseQueue(path: path)
    try SQLiteStore.migrator.migrate(queue, upTo: "v10: status icons")
    // The example's cards and one at a time without an offset: in the timeline's zone.
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Self.example)) as? [String: Any])
    object["cards"] =
      try #require(object["cards"] as? [Any]) + [
        ["title": "Standup", "items": [["title": "Daily", "start": "2026-11-21T09:00:00"]]]
      ]
    let text = String(
      decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    let cards = try JSONSerialization.data(withJSONObject: try #require(object["cards"]))
    try await queue.write { db in
      try db.execute(
        sql: "INSERT INTO timelines (title, time_zone, header_unit, cards) VALUES (?, ?, ?, ?)",
        arguments: ["Feed", "Europe/Berlin", "day", String(decoding: cards, as: UTF8.self)])
    }
    try queue.close()
    let store = try SQLiteStore(path: path, locale: Locale(identifier: "en_US"))
    let expected = try #require(try TimelineJSONReader.read(text: text, file: "cards.json").cards)
    let adopted = try await store.cards(timeline: 1, from: 0, limit: 10)
    #expect(adopted == expected)
    #expect(try await store.timeline(1)?.cardCount == 4)
    // 09:00 in Berlin is 08:00 UTC.
    let daily = adopted?.entries.last?.card.elements.first?.item.date
    #expect(daily == .instant(Date(timeIntervalSince1970: 1_795_248_000)))
  }

  /// The same on PostgreSQL: a schema as version 4 left it (the migration's tables taken
  /// away again, `cards` text on the timeline's row) is migrated when a store opens it.
  @Test(.enabled(if: Backend.postgresURL != nil, "needs TIMELINE_TEST_POSTGRES"))
  func card5_aFeedKeptAsTextOnPostgreSQLBecomesRows() async throws {
    try await withTemporaryStore(.postgres) { temporary in
      let store = try #require(temporary.store as? PostgresStore)
      let text = String(decoding: try Data(contentsOf: Self.example), as: UTF8.self)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      let cards = String(
        decoding: try JSONSerialization.data(withJSONObject: try #require(object["cards"])),
        as: UTF8.self)
      try await store.withConnection { connection in
        for statement in [
          "DROP TABLE card_items", "DROP TABLE cards",
          "ALTER TABLE timelines DROP COLUMN card_count, DROP COLUMN card_padding, DROP COLUMN card_top, DROP COLUMN card_bottom, ADD COLUMN cards TEXT",
          "DELETE FROM timeline_migrations WHERE version = 5",
        ] {
          try await connection.run(statement)
        }
        try await connection.run(
          "INSERT INTO timelines (title, time_zone, header_unit, cards) VALUES (?, ?, ?, ?)",
          [.text("Feed"), .text("Europe/Berlin"), .text("day"), .text(cards)])
      }
      let reopened = try await temporary.reopen()
      let expected = try #require(try TimelineJSONReader.read(text: text, file: "cards.json").cards)
      let id = try #require(try await reopened.timelines().first?.id)
      #expect(try await reopened.cards(timeline: id, from: 0, limit: 10) == expected)
      (reopened as? PostgresStore)?.close()
    }
  }
}
