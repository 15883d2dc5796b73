import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// IO-4 in the app: a form the server refuses comes back as the form, with everything that
/// was typed and the reason above it, and nothing is stored.
@Suite("IO-4 refused forms keep what was typed")
struct FormErrorTests {
  static let form = [.contentType: "application/x-www-form-urlencoded"] as HTTPFields

  static func body(_ fields: [(String, String)]) -> ByteBuffer {
    ByteBuffer(
      string: fields.map { name, value in
        name + "="
          + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
      }.joined(separator: "&"))
  }

  @Test(arguments: Backend.all) func io4_aRefusedNewItemShowsTheFormAsSentAndStoresNothing(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/new")
      for title in ["", "   "] {
        let refused = try await client.execute(
          uri: "/timelines/1/items", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"],
          body: Self.body([
            ("csrf", token), ("title", title), ("start", "2026-11-25T10:00"),
            ("description", "Drain the <circuit> first"), ("priority", "4"),
          ]))
        #expect(refused.status == .unprocessableContent)
        let page = refused.text
        #expect(
          page.contains(
            ##"role="alert"><p>The item cannot be saved as it is.</p><p id="tl-error-detail"><a href="#tl-field-title">Title</a>: <span>Enter a title.</span>"##
          ))
        #expect(page.contains(">Drain the &lt;circuit&gt; first</textarea>"))
        #expect(page.contains(#"name="start" value="2026-11-25T10:00""#))
        #expect(page.contains(#"name="priority" value="4""#))
        #expect(page.contains(#"action="/timelines/1/items""#))
      }
      #expect(try await store.timelines().first?.count == 1)
    }
  }

  @Test(arguments: Backend.all) func io4_aRefusedEditShowsTheFormAsSentAndChangesNothing(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      let refused = try await client.execute(
        uri: "/timelines/1/items/a", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: Self.body([
          ("csrf", token), ("title", "Renamed"), ("start", "2026-13-45T10:00"),
          ("description", "New words"),
        ]))
      #expect(refused.status == .unprocessableContent)
      #expect(
        refused.text.contains(
          ##"role="alert"><p>The item cannot be saved as it is.</p><p id="tl-error-detail"><a href="#tl-field-start">Start</a>: <span>Enter a valid date.</span>"##
        ))
      #expect(refused.text.contains(#"name="title" value="Renamed""#))
      #expect(refused.text.contains(">New words</textarea>"))
      let stored = try #require(try await store.item(timeline: 1, id: "a"))
      #expect(stored.item.title == "A" && stored.item.description == nil)
    }
  }

  /// A label and what follows it are joined as the page's language writes it: French puts
  /// a no-break space before the colon, Japanese a full-width colon.
  @Test(arguments: [("fr_FR", "Titre</a>\u{00A0}: <span>"), ("ja_JP", "タイトル</a>：<span>")])
  func io4_a11y1_aRefusedFieldsLabelIsJoinedAsThePagesLanguageWritesIt(
    locale: String, expected: String
  ) async throws {
    try await withApp(AppConfiguration(locale: Locale(identifier: locale))) { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      let refused = try await postForm(
        client, "/timelines/1/items/a", token: token, [("title", " ")])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.contains(expected))
    }
  }

  /// The refusals a person meets in the form (a title left empty, an end before the start,
  /// a date that is none, a priority that is not a whole number) say what to fix in the
  /// page's language, not the reader's detail naming JSON members; any other refusal says
  /// that the value cannot be used.
  @Test func io4_a11y1_aRefusedFieldSaysWhatToFixInThePagesLanguage() async throws {
    try await withApp(AppConfiguration(locale: Locale(identifier: "de_DE"))) { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      for (fields, expected) in [
        (
          [("title", " ")],
          ##"<a href="#tl-field-title">Titel</a>: <span>Bitte einen Titel eingeben.</span>"##
        ),
        (
          [("title", "A"), ("start", "2026-11-25T10:00"), ("end", "2026-11-24T10:00")],
          #"<span>Das Ende darf nicht vor dem Beginn liegen.</span>"#
        ),
        (
          [("title", "A"), ("priority", "high")],
          #"<span>Bitte eine ganze Zahl eingeben, etwa 2.</span>"#
        ),
        (
          [("title", "A"), ("start", "2026-13-45T10:00")],
          #"<span>Bitte ein gültiges Datum eingeben.</span>"#
        ),
        // A refusal a person does not meet (only a crafted form sends another status):
        // that the value cannot be used, in the page's language, not the reader's English.
        (
          [("title", "A"), ("status", "someday")],
          #"<span>Dieser Wert kann nicht verwendet werden.</span>"#
        ),
      ] {
        let refused = try await client.execute(
          uri: "/timelines/1/items/a", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"],
          body: Self.body([("csrf", token)] + fields))
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains(expected), "\(fields)")
        #expect(!refused.text.contains("non-empty") && !refused.text.contains("&quot;end&quot;"))
        #expect(!refused.text.contains("unknown status") && !refused.text.contains(#"lang="en""#))
      }
    }
  }

  /// A refused value names its field by the label the form shows, links to it, and the
  /// field is marked invalid, described by the reason and focused when the page opens
  /// (keyboard and screen reader land on what to fix); the API names the member.
  @Test(arguments: Backend.all) func io4_a11y1_aRefusedFieldIsNamedMarkedAndFocused(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      for (fields, name, label) in [
        ([("start", "2026-11-25T10:00"), ("end", "2026-11-24T10:00")], "end", "End"),
        ([("start", "2026-11-25T10:00"), ("priority", "high")], "priority", "Priority"),
      ] {
        let refused = try await client.execute(
          uri: "/timelines/1/items/a", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"],
          body: Self.body([("csrf", token), ("title", "A")] + fields))
        #expect(refused.status == .unprocessableContent)
        let page = refused.text
        #expect(
          page.contains(
            ##"<p id="tl-error-detail"><a href="#tl-field-\##(name)">\##(label)</a>: "##),
          "\(name)")
        // The control's start tag: from the `<` before its name to the next `>`.
        let named = try #require(page.firstRange(of: #"name="\#(name)""#))
        let open = try #require(page[..<named.lowerBound].lastIndex(of: "<"))
        let control = String(page[open...])
        let tag = String(control.prefix { $0 != ">" })
        for attribute in [
          #"id="tl-field-\#(name)""#, #"aria-invalid="true""#, "autofocus",
          #"aria-describedby="tl-field-error"#,
        ] {
          #expect(tag.contains(attribute), "\(name): \(tag)")
        }
        // What to fix stands under the field too, after its label, where the eye lands with
        // the focus (the alert may be scrolled away), and describes the field.
        let after = String(control[control.index(after: control.startIndex)...])
        let label = try #require(after.range(of: "</label>"))
        #expect(
          after[label.upperBound...].hasPrefix(#"<p class="tl-field-error" id="tl-field-error""#),
          "\(name)")
        #expect(page.components(separatedBy: #"id="tl-field-error""#).count == 2)
        // Only the refused field.
        #expect(page.components(separatedBy: "aria-invalid").count == 2)
      }
      // The API names the member it refuses.
      let patch = try await client.execute(
        uri: "/api/timelines/1/items/a", method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
        body: ByteBuffer(string: #"{"start":"2026-11-25T10:00:00Z","end":"2026-11-24T10:00:00Z"}"#))
      #expect(patch.status == .unprocessableContent)
      let error = try #require(
        try JSONSerialization.jsonObject(with: Data(patch.text.utf8)) as? [String: Any])
      #expect(error["field"] as? String == "end")
      #expect(error["error"] as? String == "invalid_item")
      // Found by line and column in a body of several lines.
      let pretty = try await client.execute(
        uri: "/api/timelines/1/items/a", method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
        body: ByteBuffer(string: "{\n  \"title\": \"B\",\n  \"priority\": \"high\"\n}"))
      #expect(pretty.status == .unprocessableContent)
      #expect(pretty.text.contains(#""field":"priority""#), "\(pretty.text)")
    }
  }

  /// The id of a new item: one another item has (409) or one too long for an address (422)
  /// brings the form back as it was sent, the id field named, marked and focused, in the
  /// page's language; nothing is stored. Before, a taken id led to an error page and what
  /// was typed was lost.
  @Test(arguments: Backend.all) func io4_a11y1_aNewItemsIdTakenOrTooLongIsMarkedInTheForm(
    backend: Backend
  ) async throws {
    let german = AppConfiguration(locale: Locale(identifier: "de_DE"))
    try await withApp(german, backend: backend) { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/new")
      let long = String(repeating: "x", count: ItemEditing.maximumIDLength + 1)
      for (id, status, expected) in [
        ("a", HTTPResponse.Status.conflict, "Wählen Sie eine ID, die kein anderer Eintrag hat."),
        (long, .unprocessableContent, "Eine ID hat höchstens 1.000 Zeichen."),
        ("..", .unprocessableContent, "Eine ID kann nicht nur „.“ oder „..“ sein."),
      ] {
        let refused = try await client.execute(
          uri: "/timelines/1/items", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"],
          body: Self.body([
            ("csrf", token), ("title", "Second"), ("start", "2026-11-25T10:00"),
            ("description", "Keep what I typed"), ("id", id),
          ]))
        #expect(refused.status == status)
        let page = refused.text
        #expect(
          page.contains(
            ##"<p id="tl-error-detail"><a href="#tl-field-id">ID</a>: <span>\##(expected)</span>"##
          ), "\(status)")
        #expect(page.contains(">Keep what I typed</textarea>"))
        let control = try #require(page.firstRange(of: #"name="id""#))
        let open = try #require(page[..<control.lowerBound].lastIndex(of: "<"))
        let tag = String(page[open...].prefix { $0 != ">" })
        #expect(
          page.contains(
            ##"</label><p class="tl-field-error" id="tl-field-error">\##(expected)</p>"##))
        for attribute in [
          #"id="tl-field-id""#, #"aria-invalid="true""#, "autofocus", #"value="\#(id)""#,
          #"aria-describedby="tl-field-error""#,
        ] {
          #expect(tag.contains(attribute), "\(status): \(tag.prefix(200))")
        }
      }
      #expect(try await store.timelines().first?.count == 1)
    }
  }

  /// The API bounds the ids it takes, and names the member: an id goes into addresses and
  /// `Location`.
  @Test(arguments: Backend.all) func sec1_io4_theAPIRefusesAnIdTooLongForAnAddress(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store)
      let longest = String(repeating: "é", count: ItemEditing.maximumIDLength)
      for (item, status, field) in [
        (#"{"id":"\#(longest)x","title":"T","start":"2026-11-25"}"#, 422, "id"),
        (
          #"{"id":"p","title":"T","start":"2026-11-25","children":[{"id":"\#(longest)x","title":"C","start":"2026-11-25"}]}"#,
          422, "children"
        ),
        (#"{"id":"\#(longest)","title":"T","start":"2026-11-25"}"#, 201, nil),
        // "." and ".." are resolved away in every address; "..." is an id like any other.
        (#"{"id":".","title":"T","start":"2026-11-25"}"#, 422, "id"),
        (
          #"{"id":"q","title":"T","start":"2026-11-25","children":[{"id":"..","title":"C","start":"2026-11-25"}]}"#,
          422, "children"
        ),
        (#"{"id":"...","title":"T","start":"2026-11-25"}"#, 201, nil),
      ] {
        let answer = try await client.execute(
          uri: "/api/timelines/1/items", method: .post,
          headers: [.contentType: "application/json"], body: ByteBuffer(string: item))
        #expect(answer.status.code == status)
        #expect(answer.json["field"] as? String == field)
      }
      #expect(try await store.timelines().first?.count == 3)
      // A PATCH that renames an item, or gives a child a long id, is bounded alike.
      for (patch, field) in [
        (#"{"id":"\#(longest)x"}"#, "id"), (#"{"id":".."}"#, "id"),
        (#"{"children":[{"id":"\#(longest)x","title":"C","start":"2026-11-25"}]}"#, "children"),
      ] {
        let answer = try await client.execute(
          uri: "/api/timelines/1/items/a", method: .patch,
          headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
          body: ByteBuffer(string: patch))
        #expect(answer.status == .unprocessableContent, "\(field)")
        #expect(answer.json["field"] as? String == field)
      }
      #expect(try await store.item(timeline: 1, id: "a")?.item.children == [])
      // A taken id is named too.
      let taken = try await client.execute(
        uri: "/api/timelines/1/items", method: .post,
        headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"id":"a","title":"T","start":"2026-11-25"}"#))
      #expect(taken.status == .conflict)
      #expect(taken.json["field"] as? String == "id")
    }
  }

  /// Canonically equal ids ("é" as one character, or "e" and a combining accent) are one
  /// id in the app as in the readers: the second is refused as taken, ids are stored in
  /// NFC however they were sent or imported, and the export imports again.
  @Test(arguments: Backend.all) func io4_sec1_canonicallyEqualIdsAreOneId(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store)
      func post(_ id: String) async throws -> TestResponse {
        try await client.execute(
          uri: "/api/timelines/1/items", method: .post,
          headers: [.contentType: "application/json"],
          body: ByteBuffer(string: #"{"id":"\#(id)","title":"T","start":"2026-11-25"}"#))
      }
      #expect(try await post(#"caf\u00e9"#).status == .created)
      let again = try await post(#"cafe\u0301"#)
      #expect(again.status == .conflict)
      #expect(again.json["field"] as? String == "id")
      // Sent decomposed, stored composed; a PATCH that renames is composed alike.
      #expect(try await post(#"re\u0301sume\u0301"#).status == .created)
      #expect(try await store.item(timeline: 1, id: "r\u{E9}sum\u{E9}") != nil)
      let renamed = try await client.execute(
        uri: "/api/timelines/1/items/a", method: .patch,
        headers: [.contentType: "application/merge-patch+json", .ifMatch: "*"],
        body: ByteBuffer(string: #"{"id":"a\u0308"}"#))
      #expect(renamed.status == .ok)
      #expect(try await store.item(timeline: 1, id: "\u{E4}") != nil)

      // A CSV with a decomposed id is stored composed, and the export imports again.
      let directory = FileManager.default.temporaryDirectory
      let csv = directory.appendingPathComponent("nfd-\(UUID().uuidString).csv").path
      let json = directory.appendingPathComponent("nfd-\(UUID().uuidString).json").path
      defer {
        try? FileManager.default.removeItem(atPath: csv)
        try? FileManager.default.removeItem(atPath: json)
      }
      try "id,title,start\nno\u{308}el,Noel,2026-12-24\n".write(
        toFile: csv, atomically: true, encoding: .utf8)
      let options = ImportOptions(window: ImportOptions.window(around: Fixtures.noon))
      let imported = try await TimelineImporter.importFile(
        path: csv, into: store, title: nil, options: options)
      #expect(try await store.item(timeline: imported.id, id: "n\u{F6}el") != nil)
      let exported = try #require(
        try await TimelineImporter.export(1, from: store, format: .json, timestamp: Fixtures.noon))
      try exported.write(toFile: json, atomically: true, encoding: .utf8)
      let again2 = try await TimelineImporter.importFile(
        path: json, into: store, title: nil, options: options)
      #expect(again2.count == 3)
    }
  }
}
