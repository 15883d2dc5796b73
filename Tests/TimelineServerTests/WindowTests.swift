import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineHTML
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

@Suite("WEB-1, TL-11 windows of rows from the database")
struct WindowTests {
  /// Every row id in display order, read window by window forwards from the first row.
  static func pageThrough(
    _ client: any TestClientProtocol, timeline: Int64, query: String, limit: Int
  ) async throws -> (ids: [String], first: [String: Any]) {
    var first: [String: Any] = [:]
    // Start around now, walk back to the start, then forward to the end.
    var response = try await client.execute(
      uri: "/api/timelines/\(timeline)/rows?\(query)&limit=\(limit)&now=2026-11-21T12:00:00Z",
      method: .get)
    first = response.json
    var before: [String] = []
    var cursor = first["before"] as? String
    while let next = cursor {
      response = try await client.execute(
        uri:
          "/api/timelines/\(timeline)/rows?\(query)&limit=\(limit)&before=\(next)&now=2026-11-21T12:00:00Z",
        method: .get)
      let json = response.json
      before = ids(json) + before
      cursor = json["before"] as? String
    }
    var after: [String] = []
    cursor = first["after"] as? String
    while let next = cursor {
      response = try await client.execute(
        uri:
          "/api/timelines/\(timeline)/rows?\(query)&limit=\(limit)&after=\(next)&now=2026-11-21T12:00:00Z",
        method: .get)
      let json = response.json
      after += ids(json)
      cursor = json["after"] as? String
    }
    return (before + ids(first) + after, first)
  }

  static func ids(_ json: [String: Any]) -> [String] {
    ((json["sections"] as? [[String: Any]]) ?? []).flatMap {
      (($0["rows"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }
  }

  /// The CLI's order: the core's presentation of the whole document.
  static func expected(_ document: TimelineDocument, _ query: TimelineQuery)
    -> (ids: [String], now: String?)
  {
    let presentation = TimelinePresentation(
      document: document, context: Fixtures.context(), query: query)
    let ids = (0..<presentation.count).map { presentation.item(ofRow: $0).id }
    var now: String?
    if case .beforeRow(let row) = presentation.nowIndicator { now = ids[row] }
    return (ids, now)
  }

  /// The queries whose windows are checked, one after another on each backend (run in
  /// parallel, their imports and windows crowded a loaded PostgreSQL past its timeout).
  static let queries: [(String, TimelineQuery)] = [
    ("", TimelineQuery()),
    (
      "sort=priority:desc,date",
      TimelineQuery(sort: try! SortOrder(parsing: "priority:desc,date"))
    ),
    ("sort=title,status:desc", TimelineQuery(sort: try! SortOrder(parsing: "title,status:desc"))),
    ("sort=date:desc", TimelineQuery(sort: try! SortOrder(parsing: "date:desc"))),
    ("sort=title:desc", TimelineQuery(sort: try! SortOrder(parsing: "title:desc"))),
    (
      "sort=status:desc,priority",
      TimelineQuery(sort: try! SortOrder(parsing: "status:desc,priority"))
    ),
    ("sort=kind,date:desc", TimelineQuery(sort: try! SortOrder(parsing: "kind,date:desc"))),
    (
      "sort=date,priority:desc",
      TimelineQuery(sort: try! SortOrder(parsing: "date,priority:desc"))
    ),
    (
      "q=cafe&filter=status=open&filter=status=completed&sort=kind:desc,title",
      TimelineQuery(
        search: "cafe",
        filters: [
          try! FilterToken(parsing: "status=open"), try! FilterToken(parsing: "status=completed"),
        ],
        sort: try! SortOrder(parsing: "kind:desc,title"))
    ),
    (
      "q=pu&filter=attribute=line%204&filter=priority=2..3",
      TimelineQuery(
        search: "pu",
        filters: [
          try! FilterToken(parsing: "attribute=line 4"),
          try! FilterToken(parsing: "priority=2..3"),
        ])
    ),
    (
      "filter=from=2026-11-20&filter=to=2026-11-25&sort=status",
      TimelineQuery(
        filters: [
          try! FilterToken(parsing: "from=2026-11-20"),
          try! FilterToken(parsing: "to=2026-11-25"),
        ],
        sort: try! SortOrder(parsing: "status"))
    ),
  ]

  @Test(arguments: Backend.all)
  func web1_tl11_cursorsCoverEveryRowOnceInTheCLIsOrder(backend: Backend) async throws {
    // Each query on one of two random documents, taking turns: every query meets a
    // document, and both documents meet half the queries (the longest test of the run, so
    // not every pair: CI has 30 minutes).
    for (index, query) in Self.queries.enumerated() {
      try await checkCursors(
        backend: backend, query: query.0, expectedQuery: query.1, seeds: [1 + UInt64(index % 2)])
    }
  }

  func checkCursors(
    backend: Backend, query: String, expectedQuery: TimelineQuery, seeds: [UInt64] = [1, 2]
  ) async throws {
    for seed in seeds {
      let document = randomDocument(count: 260, seed: seed)
      try await withApp(backend: backend) { client, store in
        let summary = try await TimelineImporter.importDocument(document, into: store)
        let (ids, first) = try await Self.pageThrough(
          client, timeline: summary.id, query: query, limit: 37)
        let expected = Self.expected(document, expectedQuery)
        #expect(ids == expected.ids, "\(backend): query \(query), seed \(seed)")
        #expect(Set(ids).count == ids.count)
        #expect(first["total"] as? Int == expected.ids.count)
        #expect((first["nowBeforeId"] as? String) == expected.now)
        // The first window's place counts the rows before it in the whole order.
        if let head = Self.ids(first).first {
          #expect(first["offset"] as? Int == expected.ids.firstIndex(of: head))
        }
      }
    }
  }

  /// A timeline ranked by one criterion (SORT-6) reads each window from that criterion's
  /// index in display order, forwards and backwards from a cursor, with or without
  /// filters: no window sorts every row it matches (at 200,000 items, 85–145 ms a window
  /// without the indexes, 5–6 ms with them).
  @Test func sort6_aRankedWindowReadsItsRowsInOrderFromAnIndex() async throws {
    try await withTemporaryStore(.sqlite) { temporary in
      let store = try #require(temporary.store as? SQLiteStore)
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 2_000, seed: 3), into: store)
      for field in SortField.allCases where field != .date {
        for direction in SortDirection.allCases {
          // A status filter keeps events only: a type sort then ranks nothing (every row is
          // of one type), and SQLite sorts the rows chronologically within their rank.
          for filters in [[], ["priority=2..4"]] + (field == .kind ? [] : [["status=open"]]) {
            let query = TimelineQuery(
              filters: try filters.map(FilterToken.init(parsing:)),
              sort: SortOrder(
                [SortCriterion(field, direction)] + (filters.isEmpty ? [] : [SortCriterion(.date)])
              ))
            let sql = WindowSQL(
              timeline: 1, query: query, calendar: Fixtures.context().calendar, dialect: .sqlite)
            let index = "items_ranked_\(field.rawValue)_\(direction == .ascending ? "asc" : "desc")"
            let keys = try await store.pool.read { db in
              try #require(
                try Row.fetchOne(
                  db,
                  sql:
                    "SELECT \(sql.keySelection) FROM items WHERE \(sql.condition) ORDER BY \(sql.orderBy(reversed: false)) LIMIT 1 OFFSET 100",
                  arguments: StatementArguments(sql.arguments))
              ).databaseValues.map(SQLValue.init)
            }
            for backwards in [false, true] {
              let (extra, arguments) = sql.continuing(from: keys, backwards: backwards)
              let plan = try await store.pool.read { db in
                try Row.fetchAll(
                  db,
                  sql:
                    "EXPLAIN QUERY PLAN SELECT rowid FROM items WHERE \(sql.condition) AND \(extra) ORDER BY \(sql.orderBy(reversed: backwards)) LIMIT 41",
                  arguments: StatementArguments(sql.arguments + arguments)
                ).map { $0["detail"] as String }.joined(separator: "; ")
              }
              if SQLDialect.sqlite.ranksWithIndex(field) {
                #expect(
                  plan.contains(index) && !plan.contains("TEMP B-TREE"),
                  "\(field) \(direction) \(filters), backwards: \(backwards): \(plan)")
              } else {
                // Titles have no index in SQLite: the rows are read and sorted, not read
                // one by one through another criterion's index in rank order.
                #expect(!plan.contains("items_ranked"), "\(field) \(direction): \(plan)")
              }
            }
          }
          // A second criterion other than the date is not in any index's order: the rows are
          // read and sorted rather than read one by one in the first criterion's order.
          let second: SortField = field == .priority ? .title : .priority
          let sql = WindowSQL(
            timeline: 1,
            query: TimelineQuery(
              sort: SortOrder([SortCriterion(field, direction), SortCriterion(second)])),
            calendar: Fixtures.context().calendar, dialect: .sqlite)
          let plan = try await store.pool.read { db in
            try Row.fetchAll(
              db,
              sql:
                "EXPLAIN QUERY PLAN SELECT rowid FROM items WHERE \(sql.condition) ORDER BY \(sql.orderBy(reversed: false)) LIMIT 41",
              arguments: StatementArguments(sql.arguments)
            ).map { $0["detail"] as String }.joined(separator: "; ")
          }
          #expect(!plan.contains("items_ranked"), "\(field) \(direction), \(second): \(plan)")
        }
      }
    }
  }

  @Test(arguments: Backend.all) func web1_ffb5_countsFollowEveryChange(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      let summary = try await store.importTimeline(
        TimelineHeader(title: "Big", timeZone: .gmt)
      ) { add in try DemoTimeline.items(count: 2_000, now: Fixtures.noon) { try add($0, nil) } }
      let uri =
        "/api/timelines/\(summary.id)/rows?limit=20&filter=status=completed&now=2026-11-21T12:00:00Z"
      let before = try await client.execute(uri: uri, method: .get).json
      let total = before["total"] as! Int
      let offset = before["offset"] as! Int
      let firstShown = Self.ids(before).first!
      #expect(offset > 100)
      // The first completed item, far before the window, is reopened: one row fewer
      // matches, and it stood before the window.
      let document = try await store.document(summary.id)!
      let earliest = document.items.first { $0.status == .completed }!
      func patch(_ status: String) async throws {
        let response = try await client.execute(
          uri: "/api/timelines/\(summary.id)/items/\(earliest.id)", method: .patch,
          headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
          body: .init(string: #"{"status": "\#(status)"}"#))
        #expect(response.status == .ok)
      }
      try await patch("open")
      var after = try await client.execute(uri: uri, method: .get).json
      #expect(after["total"] as? Int == total - 1)
      #expect(after["offset"] as? Int == offset - 1)
      #expect(Self.ids(after).first == firstShown)
      try await patch("completed")
      after = try await client.execute(uri: uri, method: .get).json
      #expect(after["total"] as? Int == total)
      #expect(after["offset"] as? Int == offset)
      let deleted = try await client.execute(
        uri: "/api/timelines/\(summary.id)/items/\(earliest.id)", method: .delete)
      #expect(deleted.status == .noContent)
      after = try await client.execute(uri: uri, method: .get).json
      #expect(after["total"] as? Int == total - 1)
      #expect(after["offset"] as? Int == offset - 1)
    }
  }

  @Test(arguments: Backend.all) func tl11_theFirstWindowStandsAroundNowWithLabelsCountingTheWhole(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      let summary = try await store.importTimeline(
        TimelineHeader(title: "Big", timeZone: .gmt)
      ) { add in try DemoTimeline.items(count: 5_000, now: Fixtures.noon) { try add($0, nil) } }
      let response = try await client.execute(
        uri: "/api/timelines/\(summary.id)/rows?limit=30&now=2026-11-21T12:00:00Z", method: .get)
      #expect(response.status == .ok)
      let json = response.json
      let rows = ((json["sections"] as? [[String: Any]]) ?? []).flatMap {
        $0["rows"] as! [[String: Any]]
      }
      #expect(rows.count == 30)
      let offset = json["offset"] as! Int
      #expect(offset > 2_000 && offset < 3_000)
      let now = json["nowBeforeId"] as! String
      let nowIndex = rows.firstIndex { $0["id"] as? String == now }!
      #expect(nowIndex == 10)
      #expect(rows[nowIndex - 1]["tense"] as? String == "past")
      #expect((rows[0]["accessibilityLabel"] as! String).hasPrefix("Item \(offset + 1) of 5000,"))
      // Lines at the window's edges continue into the rows outside it.
      let lines = rows[0]["lines"] as! [String: Any]
      #expect(lines["leading"] is String)
      #expect(json["before"] is String && json["after"] is String)
    }
  }

  @Test func tl12_tl11_theAppsPageSpeaksItsLanguageAndItsWindowsRepeatNoId() async throws {
    var configuration = AppConfiguration()
    configuration.locale = Locale(identifier: "de_DE")
    try await withApp(configuration) { client, store in
      let summary = try await store.importTimeline(
        TimelineHeader(title: "Big", timeZone: .gmt)
      ) { add in try DemoTimeline.items(count: 500, now: Fixtures.noon) { try add($0, nil) } }
      let view = "now=2026-11-21T12:00:00Z&limit=30"
      let page = try await client.execute(
        uri: "/timelines/\(summary.id)?\(view)", method: .get
      ).text
      // The links around the window, the search and the jump are German, as the bar is.
      for word in [
        ">Früher<", ">Später<", ">Suchen<", "placeholder=\"Suchen\"", ">Zu jetzt springen<",
      ] {
        #expect(page.contains(word), "\(word)")
      }
      for word in [">Earlier<", ">Later<", ">Search<", "\"Search\"", ">Jump to now<"] {
        #expect(!page.contains(word), "\(word)")
      }
      #expect(page.components(separatedBy: "id=\"timeline\"").count == 2)
      // A window fetched to be joined into the page brings no second region id.
      let fragment = try await client.execute(
        uri: "/timelines/\(summary.id)/window?\(view)", method: .get
      ).text
      #expect(fragment.contains("class=\"tl-row\""))
      #expect(!fragment.contains("id=\"timeline\""))
      // The standalone page's script is also a file, for a strict Content-Security-Policy.
      let script = try await client.execute(uri: "/static/timeline.js", method: .get)
      #expect(script.status == .ok)
      #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
      #expect(script.text == HTMLRenderer.script)
    }
  }

  @Test func tl12_theAppsOwnPagesSpeakItsLanguage() async throws {
    var configuration = AppConfiguration()
    configuration.locale = Locale(identifier: "fr_FR")
    let french = AppStrings.localized(for: configuration.locale)
    // English words of the app's pages that French does not share, long enough to be sure.
    let mirror = { (strings: AppStrings) in
      Mirror(reflecting: strings).children.compactMap { $0.value as? String }
    }
    let english = Set(mirror(.english)).subtracting(mirror(french)).filter {
      $0.count > 4 && !$0.contains("%") && !$0.contains("timeline import")
    }
    #expect(english.count > 30)
    try await withApp(configuration) { client, store in
      let summary = try await store.importTimeline(
        TimelineHeader(title: "Xylo", timeZone: .gmt)
      ) { add in try DemoTimeline.items(count: 50, now: Fixtures.noon) { try add($0, nil) } }
      let base = "/timelines/\(summary.id)"
      let timeline = try await client.execute(uri: base, method: .get).text
      let item = try #require(timeline.firstMatch(of: /\/items\/([^"?#]+)/)?.output.1)
      var pages: [(String, String)] = [("timeline", timeline)]
      for (name, path) in [
        ("detail", base + "/items/" + item), ("new", base + "/new"), ("cards", base + "/cards"),
        ("index", "/"),
      ] {
        let response = try await client.execute(uri: path, method: .get)
        #expect(response.status == .ok, "\(name)")
        pages.append((name, response.text))
      }
      for (name, page) in pages {
        for phrase in english
        where page.contains(">" + phrase) || page.contains("\"" + phrase + "\"") {
          Issue.record("\(name): English \"\(phrase)\"")
        }
      }
      let detail = pages[1].1
      #expect(detail.contains(">" + french.backToTimeline + "<"))
      #expect(detail.contains(french.editItem))
    }
  }

  /// A small timeline's windows are read on connections that keep their statements
  /// prepared for the next window of the same shape, at most `keptStatements` each: a
  /// stream of new shapes lets go of the one used longest ago instead of growing.
  @Test func tl11_aConnectionKeepsItsPreparedStatementsBounded() async throws {
    try await withTemporaryStore(.sqlite) { temporary in
      let store = try #require(temporary.store as? SQLiteStore)
      let kept = InPlaceReader.keptStatements
      try await store.inPlace.snapshot { snapshot in
        for n in Int64(1)...Int64(kept + 40) {
          // Each statement answers for its own arguments, prepared or not.
          let own = try snapshot.rows("SELECT \(n) + ?", [.integer(1)])
          let again = try snapshot.rows("SELECT 0 + ?", [.integer(n)])
          #expect(own.first?.integer(0) == n + 1)
          #expect(again.first?.integer(0) == n)
        }
        #expect(snapshot.connection.preparedCount == kept)
        // The statement used at every step stays; the first of the stream went first.
        #expect(snapshot.connection.isPrepared("SELECT 0 + ?"))
        #expect(!snapshot.connection.isPrepared("SELECT 1 + ?"))
        #expect(snapshot.connection.isPrepared("SELECT \(kept + 40) + ?"))
      }
    }
  }
}
