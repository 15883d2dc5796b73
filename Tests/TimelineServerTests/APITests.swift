import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import TimelineServer
import _TimelineTestSupport

@Suite("WEB-1 JSON API")
struct APITests {
  static let document = """
    {"version": 1, "title": "Line 4", "timeZone": "Europe/Berlin", "items": [
      {"id": "start", "kind": "start", "title": "Project Start", "start": "2026-11-01"},
      {"id": "t1", "title": "Downtime", "start": "2026-11-21T09:45:00+01:00",
       "end": "2026-11-21T11:00:00+01:00", "status": "inProgress", "priority": 2,
       "statusIcon": "error", "substatusIcon": "flag",
       "children": [{"id": "c1", "title": "Check", "start": "2026-11-21T10:00:00+01:00"}]},
      {"id": "t2", "title": "Order parts", "start": "2026-11-25T09:00:00+01:00"}
    ]}
    """

  static func create(_ client: any TestClientProtocol) async throws -> Int {
    let response = try await client.execute(
      uri: "/api/timelines", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: document))
    #expect(response.status == .created)
    let json = response.json
    #expect(json["title"] as? String == "Line 4")
    #expect(json["count"] as? Int == 3)
    #expect(response.headers[.location] == "/api/timelines/\(json["id"] as! Int)")
    return json["id"] as! Int
  }

  @Test(arguments: Backend.all) func web1_aLargeImportWithARepeatedIdNamesItAndWritesNothing(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { _, store in
      // Rows go in by batches: the repeat sits inside a full batch, after many rows.
      @Sendable func items(repeating: Bool) -> [TimelineItem] {
        (0..<300).map {
          TimelineItem(id: "r\($0)", title: "Task \($0)", start: .instant(Fixtures.noon))
        } + [
          TimelineItem(
            id: repeating ? "r150" : "r300", title: "Again", start: .instant(Fixtures.noon))
        ]
      }
      let header = TimelineHeader(title: "Tasks", timeZone: .gmt)
      await #expect(throws: StoreError.repeatedID("r150")) {
        try await store.importTimeline(header) { add in
          for item in items(repeating: true) { try add(item, nil) }
        }
      }
      #expect(try await store.timelines().isEmpty)
      let summary = try await store.importTimeline(header) { add in
        for item in items(repeating: false) { try add(item, nil) }
      }
      #expect(summary.count == 301)
      #expect(
        try await store.document(summary.id)?.items.map(\.id) == items(repeating: false).map(\.id))
    }
  }

  @Test(arguments: Backend.all) func web1_io4_aRepeatedIdInAStreamedCSVImportIsLocated(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { _, store in
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("repeat-\(UUID().uuidString).csv").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      try "id,title,start\na,One,2026-11-21\nb,Two,2026-11-22\na,Three,2026-11-23\n"
        .write(toFile: path, atomically: true, encoding: .utf8)
      do {
        _ = try await TimelineImporter.importFile(
          path: path, into: store, title: nil,
          options: ImportOptions(window: ImportOptions.window(around: Fixtures.noon)))
        Issue.record("a repeated id was imported")
      } catch let error as DocumentError {
        #expect(error.line == 4 && error.column == 1, "\(error)")
        #expect(error.description.contains("\"a\""), "\(error)")
        #expect(error.description.contains("2:1"), "first use: \(error)")
      }
      #expect(try await store.timelines().isEmpty)
    }
  }

  /// An id the app could not address (only "." or "..", or over 1,000 characters) is
  /// refused where a JSON or CSV file gives it or an iCalendar UID makes it, as the API
  /// and the forms refuse it, and nothing is stored.
  @Test(arguments: Backend.all) func web1_io4_anImportedIdNoAddressCanHoldIsLocated(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { _, store in
      let long = String(repeating: "x", count: 1_001)
      for (name, text, line, column, message) in [
        (
          "dots.json",
          "{\"items\": [\n  {\"id\": \"a\", \"title\": \"A\", \"start\": \"2026-11-21\"},\n"
            + "  {\"id\": \"..\", \"title\": \"B\", \"start\": \"2026-11-22\"}\n]}\n",
          3, 10, "an id cannot be",
        ),
        (
          "child.json",
          "{\"items\": [{\"id\": \"p\", \"title\": \"P\", \"start\": \"2026-11-21\",\n"
            + "  \"children\": [{\"id\": \"\(long)\", \"title\": \"C\", \"start\": \"2026-11-21\"}]}]}\n",
          2, 23, "an id has at most 1000 characters",
        ),
        (
          "dot.csv", "id,title,start\na,One,2026-11-21\n.,Two,2026-11-22\n", 3, 1, "an id cannot be"
        ),
        (
          "dots.ics",
          "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:..\r\nSUMMARY:A\r\nDTSTART:20261121T090000Z\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n",
          3, 5, "an id cannot be",
        ),
        // A series' items are the UID, "/" and their start: 990 characters make 1,007.
        (
          "series.ics",
          "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:A\r\nUID:\(String(repeating: "u", count: 990))"
            + "\r\nDTSTART:20261121T090000Z\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\n"
            + "END:VCALENDAR\r\n",
          4, 5,
          "an id has at most 1000 characters (the ids of a series' instances are its UID, \"/\" and their start)",
        ),
      ] {
        let path = FileManager.default.temporaryDirectory
          .appendingPathComponent("\(UUID().uuidString)-\(name)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
          _ = try await TimelineImporter.importFile(
            path: path, into: store, title: nil,
            options: ImportOptions(window: ImportOptions.window(around: Fixtures.noon)))
          Issue.record("\(name): an id no address can hold was imported")
        } catch let error as DocumentError {
          #expect((error.line, error.column) == (line, column), "\(name): \(error)")
          #expect(error.message.hasPrefix(message), "\(name): \(error)")
        }
        // The same file is read as it is by the command line, which has no addresses.
        let read = try DocumentReader.read(
          path: path, options: ImportOptions(window: ImportOptions.window(around: Fixtures.noon)))
        #expect(!read.document.items.isEmpty, "\(name)")
      }
      #expect(try await store.timelines().isEmpty)
    }
  }

  @Test(arguments: Backend.all) func web1_createListExportAndDeleteRoundTrip(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let list = try await client.execute(uri: "/api/timelines", method: .get)
      #expect((list.json["timelines"] as? [[String: Any]])?.first?["count"] as? Int == 3)
      for format in ["json", "ics", "csv"] {
        let export = try await client.execute(
          uri: "/api/timelines/\(id)/export?format=\(format)", method: .get)
        #expect(export.status == .ok)
        let type = ["json": "application/json", "ics": "text/calendar", "csv": "text/csv"][format]!
        let again = try await client.execute(
          uri: "/api/timelines", method: .post, headers: [.contentType: type], body: export.body)
        #expect(again.status == .created, "\(format): \(again.text)")
        let copy = try await client.execute(
          uri: "/api/timelines/\(again.json["id"] as! Int)/rows?now=2026-11-21T12:00:00Z",
          method: .get)
        #expect(WindowTests.ids(copy.json) == ["start", "t1", "t2"], "\(format)")
      }
      let exported = try await client.execute(
        uri: "/api/timelines/\(id)/export?format=json", method: .get)
      let read = try TimelineJSONReader.read(text: exported.text, file: "export")
      let original = try TimelineJSONReader.read(text: Self.document, file: "doc")
      #expect(read.items == original.items)
      #expect(
        try await client.execute(uri: "/api/timelines/\(id)", method: .delete).status == .noContent)
      #expect(
        try await client.execute(uri: "/api/timelines/\(id)/rows", method: .get).status == .notFound
      )
    }
  }

  @Test(arguments: Backend.all) func tl9_web1_patchNeedsTheCurrentETag(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let path = "/api/timelines/\(id)/items/t2"
      let item = try await client.execute(uri: path, method: .get)
      let tag = try #require(item.headers[.eTag])
      #expect(item.json["title"] as? String == "Order parts")
      let patch = ByteBuffer(string: #"{"status": "completed"}"#)
      let missing = try await client.execute(
        uri: path, method: .patch, headers: [.contentType: "application/merge-patch+json"],
        body: patch)
      #expect(missing.status == .preconditionRequired)
      #expect(missing.json["error"] as? String == "if_match_required")
      let changed = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: tag], body: patch)
      #expect(changed.status == .ok)
      #expect(changed.json["status"] as? String == "completed")
      let newTag = try #require(changed.headers[.eTag])
      #expect(newTag != tag)
      let stale = try await client.execute(
        uri: path, method: .patch, headers: [.contentType: "application/json", .ifMatch: tag],
        body: patch)
      #expect(stale.status == .preconditionFailed)
      // A patch that leaves the item as it is writes no new version: the tag stays.
      let same = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: newTag], body: patch)
      #expect(same.status == .ok)
      #expect(same.json["status"] as? String == "completed")
      #expect(same.headers[.eTag] == newTag)
      let rows = try await client.execute(
        uri: "/api/timelines/\(id)/rows?now=2026-11-21T12:00:00Z", method: .get)
      let row =
        ((rows.json["sections"] as! [[String: Any]]).flatMap { $0["rows"] as! [[String: Any]] })
        .first { $0["id"] as? String == "t2" }
      #expect(row?["node"] as? String == "completed")
      // Children survive a change of their parent.
      let parent = try await client.execute(uri: "/api/timelines/\(id)/items/t1", method: .get)
      let updated = try await client.execute(
        uri: "/api/timelines/\(id)/items/t1", method: .patch,
        headers: [.contentType: "application/json", .ifMatch: parent.headers[.eTag]!],
        body: ByteBuffer(string: #"{"subtitle": "Work package"}"#))
      #expect((updated.json["children"] as? [[String: Any]])?.first?["id"] as? String == "c1")
      // If-Match may list tags (RFC 9110): one current tag is enough; weak tags never match.
      let current = try #require(updated.headers[.eTag])
      let listed = try await client.execute(
        uri: "/api/timelines/\(id)/items/t1", method: .patch,
        headers: [.contentType: "application/json", .ifMatch: "\"1.1\", \(current)"],
        body: ByteBuffer(string: #"{"subtitle": "Listed"}"#))
      #expect(listed.status == .ok)
      // The search index follows the changed text.
      let found = try await client.execute(
        uri: "/api/timelines/\(id)/rows?q=listed&now=2026-11-21T12:00:00Z", method: .get)
      #expect(found.json["total"] as? Int == 1)
      let old = try await client.execute(
        uri: "/api/timelines/\(id)/rows?q=work%20package&now=2026-11-21T12:00:00Z", method: .get)
      #expect(old.json["total"] as? Int == 0)
      let weak = try await client.execute(
        uri: "/api/timelines/\(id)/items/t1", method: .patch,
        headers: [.contentType: "application/json", .ifMatch: "W/" + listed.headers[.eTag]!],
        body: ByteBuffer(string: #"{"subtitle": "Weak"}"#))
      #expect(weak.status == .preconditionFailed)
    }
  }

  @Test(arguments: Backend.all) func web1_aMergePatchReplacesRemovesAndKeepsFields(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let path = "/api/timelines/\(id)/items/t1"
      let before = try await client.execute(uri: path, method: .get)
      #expect(before.json["priority"] as? Int == 2)
      let changed = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: before.headers[.eTag]!],
        body: ByteBuffer(
          string:
            #"{"priority": null, "title": "Downtime \u2713 \"B\"", "attributes": ["Dock B"], "nothing": null}"#
        ))
      #expect(changed.status == .ok, "\(changed.text)")
      let after = try await client.execute(uri: path, method: .get)
      // The answer to the change is the item as stored.
      #expect(after.text == changed.text)
      #expect(after.headers[.eTag] == changed.headers[.eTag])
      #expect(after.json["priority"] == nil)
      #expect(after.json["title"] as? String == "Downtime \u{2713} \"B\"")
      #expect(after.json["attributes"] as? [String] == ["Dock B"])
      // Untouched fields stay as they were.
      #expect(after.json["status"] as? String == "inProgress")
      #expect(after.json["start"] as? String == before.json["start"] as? String)
      #expect((after.json["children"] as? [[String: Any]])?.first?["id"] as? String == "c1")
      // A field of the wrong type is named, and nothing changes.
      let wrong = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: after.headers[.eTag]!],
        body: ByteBuffer(string: #"{"title": {"text": "x"}}"#))
      #expect(wrong.status == .unprocessableContent)
      #expect((wrong.json["detail"] as? String)?.contains("title") == true, "\(wrong.text)")
      let unchanged = try await client.execute(uri: path, method: .get)
      #expect(unchanged.headers[.eTag] == after.headers[.eTag])
      // A body that is not JSON says where.
      let broken = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: after.headers[.eTag]!],
        body: ByteBuffer(string: "{\"title\": }"))
      #expect(broken.status == .badRequest)
      #expect((broken.json["detail"] as? String)?.contains("1:11") == true, "\(broken.text)")
    }
  }

  @Test(arguments: Backend.all) func tl2_statusIconsAreStoredChangedExportedAndDrawn(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let path = "/api/timelines/\(id)/items/t1"
      let before = try await client.execute(uri: path, method: .get)
      #expect(before.json["statusIcon"] as? String == "error")
      #expect(before.json["substatusIcon"] as? String == "flag")
      // Every export format carries them.
      for format in ["json", "ics", "csv"] {
        let export = try await client.execute(
          uri: "/api/timelines/\(id)/export?format=\(format)", method: .get)
        #expect(export.text.contains("error") && export.text.contains("flag"), "\(format)")
      }
      // A label beside the first icon, the second icon removed.
      let changed = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: before.headers[.eTag]!],
        body: ByteBuffer(string: #"{"statusLabel": "Blocked", "substatusIcon": null}"#))
      #expect(changed.status == .ok, "\(changed.text)")
      #expect(changed.json["statusIcon"] as? String == "error")
      #expect(changed.json["substatusIcon"] == nil)
      let rows = try await client.execute(
        uri: "/api/timelines/\(id)/rows?now=2026-11-21T12:00:00Z", method: .get)
      let row = (rows.json["sections"] as? [[String: Any]])?
        .flatMap { $0["rows"] as? [[String: Any]] ?? [] }.first { $0["id"] as? String == "t1" }
      let stack = row?["statusStack"] as? [[String: Any]]
      #expect(stack?.count == 1)
      #expect(stack?.first?["label"] as? String == "Blocked")
      #expect(stack?.first?["icon"] as? String == "error")
      // The page draws the icon from the event set before the label.
      let page = try await client.execute(
        uri: "/timelines/\(id)?now=2026-11-21T12:00:00Z", method: .get)
      #expect(
        page.text.contains(
          #"<svg class="tl-status-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-icon="error">"#
        ))
      #expect(page.text.contains("</svg>Blocked</li>"))
      #expect(!page.text.contains(#"data-icon="flag""#))
    }
  }

  @Test(arguments: Backend.all) func web1_aRepeatedChildIdIsNamed(backend: Backend) async throws {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let response = try await client.execute(
        uri: "/api/timelines/\(id)/items/t2", method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
        body: ByteBuffer(
          string: #"{"children": [{"id": "t1", "title": "Copy", "start": "2026-01-01"}]}"#))
      #expect(response.status == .conflict)
      #expect((response.json["detail"] as? String)?.contains("'t1'") == true)
      #expect(
        try await client.execute(uri: "/api/timelines/\(id)/items/t2", method: .get)
          .json["children"] == nil)
    }
  }

  /// An item's children go in by statements of bounded size: 9,000 children (261,000
  /// values, past the limit on one statement's parameters of Debian's SQLite, 250,000) are stored and read
  /// back in order, on both stores.
  @Test(arguments: Backend.all) func web1_anItemWithManyChildrenIsStoredWhole(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let children = (0..<9_000).map {
        #"{"id": "step\#($0)", "title": "Step \#($0)", "start": "2026-11-22"}"#
      }
      let added = try await client.execute(
        uri: "/api/timelines/\(id)/items", method: .post,
        headers: [.contentType: "application/json"],
        body: ByteBuffer(
          string: #"{"id": "big", "title": "Overhaul", "start": "2026-11-22", "children": ["#
            + children.joined(separator: ",") + "]}"))
      #expect(added.status == .created, "\(added.json)")
      let read = try await client.execute(uri: "/api/timelines/\(id)/items/big", method: .get)
      let ids = (read.json["children"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
      #expect(ids == (0..<9_000).map { "step\($0)" })
    }
  }

  @Test(arguments: Backend.all) func web1_addAndDeleteItems(backend: Backend) async throws {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let added = try await client.execute(
        uri: "/api/timelines/\(id)/items", method: .post,
        headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"id": "t3", "title": "Restart", "start": "2026-11-22"}"#))
      #expect(added.status == .created)
      #expect(added.headers[.eTag] != nil)
      let repeated = try await client.execute(
        uri: "/api/timelines/\(id)/items", method: .post,
        headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"id": "t3", "title": "Again", "start": "2026-11-22"}"#))
      #expect(repeated.status == .conflict)
      #expect(
        try await client.execute(uri: "/api/timelines/\(id)/items/t3", method: .delete).status
          == .noContent)
      #expect(
        try await client.execute(uri: "/api/timelines/\(id)/items/t3", method: .get).status
          == .notFound)
    }
  }

  @Test(arguments: Backend.all) func tl9_web1_aFormOrDeleteForAnOlderVersionLeavesTheChangedItem(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, _ in
      let id = try await Self.create(client)
      let path = "/api/timelines/\(id)/items/t2"
      let shown = try #require(try await client.execute(uri: path, method: .get).headers[.eTag])
      let changed = try await client.execute(
        uri: path, method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: shown],
        body: ByteBuffer(string: #"{"title": "Order parts today"}"#))
      #expect(changed.status == .ok)
      // The API: a DELETE with the tag read before the change is refused.
      let stale = try await client.execute(
        uri: path, method: .delete, headers: [.ifMatch: shown])
      #expect(stale.status == .preconditionFailed)
      #expect(stale.json["error"] as? String == "stale")
      // The delete page's form carries the tag of the item it showed: posted after the
      // change, it deletes nothing either, and says so.
      let token = try await formToken(client, "/timelines/\(id)/items/t2")
      let form = try await client.execute(
        uri: "/timelines/\(id)/items/t2/delete", method: .post,
        headers: [
          .contentType: "application/x-www-form-urlencoded", .cookie: "tl_csrf=\(token)",
        ],
        body: ByteBuffer(
          string: "csrf=\(token)&tag="
            + shown.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
      #expect(form.status == .preconditionFailed)
      // The answer is the item's page as it is now, saying nothing was changed, with forms
      // that carry the current tag.
      let alert = #"<div class="tl-error" role="alert" tabindex="-1" autofocus=""><p>"#
      #expect(
        form.text.contains(
          alert
            + "This item was changed meanwhile, so it was not deleted. Here it is as it is now.</p>"
        ))
      let changedNote =
        alert
        + "This item was changed meanwhile, so nothing was changed. Here it is as it is now.</p>"
      #expect(form.text.contains(#"<h2 dir="auto">Order parts today</h2>"#))
      let current = try #require(changed.headers[.eTag])
      #expect(
        form.text.contains(
          #"name="tag" value="\#(current.replacingOccurrences(of: "\"", with: "&quot;"))""#))
      // So does an edit or a state button sent for the version shown before.
      for (action, fields) in [
        ("", "&title=Renamed+unseen&start=2026-11-21T10%3A00"), ("/status", "&status=completed"),
      ] {
        let edit = try await client.execute(
          uri: "/timelines/\(id)/items/t2" + action, method: .post,
          headers: [
            .contentType: "application/x-www-form-urlencoded", .cookie: "tl_csrf=\(token)",
          ],
          body: ByteBuffer(
            string: "csrf=\(token)&tag="
              + shown.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + fields))
        #expect(edit.status == .preconditionFailed, "\(action)")
        #expect(edit.text.contains(changedNote), "\(action)")
      }
      let kept = try await client.execute(uri: path, method: .get)
      #expect(kept.status == .ok)
      #expect(kept.json["title"] as? String == "Order parts today")
      #expect(kept.json["status"] as? String == changed.json["status"] as? String)
      // With the current tag the item goes.
      #expect(
        try await client.execute(uri: path, method: .delete, headers: [.ifMatch: current]).status
          == .noContent)
      #expect(try await client.execute(uri: path, method: .get).status == .notFound)
    }
  }

  @Test(arguments: Backend.all) func web1_badBodiesAreRefusedAndNothingIsWritten(backend: Backend)
    async throws
  {
    var configuration = AppConfiguration()
    configuration.bodyLimit = 2_000
    try await withApp(configuration, backend: backend) { client, store in
      let id = try await Self.create(client)
      let path = "/api/timelines/\(id)/items/t2"
      let tag = try await client.execute(uri: path, method: .get).headers[.eTag]!
      let badJSON = try await client.execute(
        uri: path, method: .patch, headers: [.contentType: "application/json", .ifMatch: tag],
        body: ByteBuffer(string: "{\"status\": "))
      #expect(badJSON.status == .badRequest)
      #expect(badJSON.json["error"] as? String == "bad_json")
      let wrongType = try await client.execute(
        uri: path, method: .patch, headers: [.contentType: "text/plain", .ifMatch: tag],
        body: ByteBuffer(string: "{}"))
      #expect(wrongType.status == .unsupportedMediaType)
      let invalid = try await client.execute(
        uri: path, method: .patch, headers: [.contentType: "application/json", .ifMatch: tag],
        body: ByteBuffer(string: #"{"status": "bogus"}"#))
      #expect(invalid.status == .unprocessableContent)
      #expect((invalid.json["detail"] as? String ?? "").contains("status"))
      let large = try await client.execute(
        uri: "/api/timelines", method: .post, headers: [.contentType: "text/csv"],
        body: ByteBuffer(string: "title,start\n" + String(repeating: "x,2026-11-21\n", count: 400)))
      #expect(large.status == .contentTooLarge)
      let badCSV = try await client.execute(
        uri: "/api/timelines", method: .post, headers: [.contentType: "text/csv"],
        body: ByteBuffer(string: "title,start\nA,2026-11-21\nB,not a date\n"))
      #expect(badCSV.status == .badRequest)
      #expect((badCSV.json["detail"] as? String ?? "").hasPrefix("body:3:"))
      #expect(try await store.timelines().count == 1)
      #expect(try await client.execute(uri: path, method: .get).headers[.eTag] == tag)
    }
  }

  @Test(arguments: Backend.all) func web1_openAPIDescriptionIsServed(backend: Backend) async throws
  {
    try await withApp(backend: backend) { client, _ in
      let response = try await client.execute(uri: "/api/openapi.json", method: .get)
      #expect(response.status == .ok)
      let paths = response.json["paths"] as? [String: Any]
      #expect(paths?["/api/timelines/{timeline}/rows"] != nil)
    }
  }
}
