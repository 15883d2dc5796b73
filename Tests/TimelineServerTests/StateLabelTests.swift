import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineServer
import _TimelineTestSupport

/// A custom status label ("Waiting") names the state it was written for: setting another
/// state through the detail page's state buttons or a PATCH of `status` removes it, so the
/// card shows the new state ("Done"); a patch that also sets the label keeps its label.
@Suite("TL-9 a change of state and the custom status label")
struct StateLabelTests {
  static let form = [.contentType: "application/x-www-form-urlencoded"] as HTTPFields

  @Test(arguments: Backend.all)
  func tl9_web1_aChangeOfStateRemovesTheCustomStatusLabel(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      let items = ["a", "b", "c", "d", "e"].map {
        TimelineItem(
          id: $0, title: "Task " + $0, start: .instant(Fixtures.noon), status: .open,
          statusLabel: "Waiting", statusIcon: "clock")
      }
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(items: items), into: store)
      let token = try await formToken(client, "/timelines/1/items/a")

      // The state buttons: Completed replaces "Waiting" with the state's own name.
      let done = try await client.execute(
        uri: "/timelines/1/items/a/status", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=completed&csrf=\(token)"))
      #expect(done.status == .seeOther)
      let a = try #require(try await store.item(timeline: 1, id: "a")?.item)
      #expect(a.status == .completed)
      #expect(a.statusLabel == nil)
      #expect(a.statusIcon == nil, "the icon named the old state too")
      let timeline = try await client.execute(
        uri: "/timelines/1?now=2026-11-21T12:00:00Z", method: .get)
      #expect(timeline.text.contains(#", Completed, Task a""#), "the row speaks the new state")
      #expect(!timeline.text.contains(#", Waiting, Task a""#))

      // The state it already has: nothing changes, the label stays.
      _ = try await client.execute(
        uri: "/timelines/1/items/b/status", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=open&csrf=\(token)"))
      #expect(try await store.item(timeline: 1, id: "b")?.item.statusLabel == "Waiting")
      #expect(try await store.item(timeline: 1, id: "b")?.item.statusIcon == "clock")

      // The API: a PATCH of status alone removes the label; with a label, it is the new one.
      for (id, patch, label, icon) in [
        ("c", #"{"status": "completed"}"#, nil, nil),
        ("d", #"{"status": "inProgress", "statusLabel": "Blocked"}"#, "Blocked", nil),
        ("e", #"{"status": "inProgress", "statusIcon": "warning"}"#, nil, "warning"),
      ] as [(String, String, String?, String?)] {
        let path = "/api/timelines/1/items/" + id
        let tag = try #require(
          try await client.execute(uri: path, method: .get).headers[.eTag])
        let changed = try await client.execute(
          uri: path, method: .patch,
          headers: [.contentType: "application/merge-patch+json", .ifMatch: tag],
          body: ByteBuffer(string: patch))
        #expect(changed.status == .ok, "\(id)")
        #expect(changed.json["statusLabel"] as? String == label, "\(id)")
        #expect(try await store.item(timeline: 1, id: id)?.item.statusLabel == label, "\(id)")
        #expect(try await store.item(timeline: 1, id: id)?.item.statusIcon == icon, "\(id)")
      }
    }
  }

  /// Completing an item while the view shows only open items: back on the timeline the
  /// item is not among the rows, and the page says so (not a row that silently vanished),
  /// with a link to the same place without the search and filters, the item selected there.
  @Test(arguments: Backend.all)
  func tl9_tl10_anItemTheFiltersNowHideIsSaidToBeHidden(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(
          items: ["a", "b"].map {
            TimelineItem(id: $0, title: "Task " + $0, start: .instant(Fixtures.noon), status: .open)
          }), into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      let view = "%3Ffilter%3Dstatus%253Dopen%26sort%3Dtitle%26now%3D2026-11-21T12%3A00%3A00Z"
      let done = try await client.execute(
        uri: "/timelines/1/items/a/status", method: .post,
        headers: Self.form + [.cookie: "tl_csrf=\(token)"],
        body: ByteBuffer(string: "status=completed&csrf=\(token)&view=\(view)"))
      #expect(done.status == .seeOther)
      let back = try #require(done.headers[.location])
      #expect(back.contains("filter=status%3Dopen") && back.contains("selected=a"))
      let note = "The selected item does not match the search or filters."
      let timeline = try await client.execute(uri: back, method: .get).text
      #expect(timeline.contains(note))
      #expect(!timeline.contains(#"id="item-a""#), "the filter hides the completed item")
      // The link keeps the sort and the place, drops the filter, and selects the item.
      let link = try #require(
        timeline.components(separatedBy: "class=\"tl-note\"").dropFirst().first?
          .components(separatedBy: "href=\"").dropFirst().first?
          .components(separatedBy: "\"").first)
      #expect(link.contains("sort=title") && link.contains("selected=a"))
      #expect(!link.contains("filter="))
      let shown = try await client.execute(
        uri: link.replacingOccurrences(of: "&amp;", with: "&"), method: .get
      ).text
      #expect(!shown.contains(note))
      #expect(shown.contains(#"aria-current="true""#), "the item is the selected row")
      // An item the view still shows, or a view without search or filters: no note.
      let still = try await client.execute(
        uri: "/timelines/1?filter=status%3Dopen&selected=b&now=2026-11-21T12:00:00Z",
        method: .get
      ).text
      #expect(!still.contains(note))
    }
  }

  /// The view a state button returns to is read as the timeline page reads its address and
  /// written again: what the page takes comes back encoded; a value it refuses, or a field
  /// it does not know however long, leaves the plain timeline (a form once echoed 1 MB into
  /// `Location`).
  @Test func tl9_sec1_theViewAFormReturnsToIsReadAndWrittenAgain() async throws {
    try await withApp { client, store in
      try await importOneItem(into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      func back(_ view: String) async throws -> String {
        let encoded = view.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? view
        let done = try await client.execute(
          uri: "/timelines/1/items/a/status", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"],
          body: ByteBuffer(string: "status=completed&csrf=\(token)&view=\(encoded)"))
        #expect(done.status == .seeOther)
        return try #require(done.headers[.location])
      }
      let kept = try await back("?q=<b>&filter=status%3Dopen")
      #expect(kept.hasPrefix("/timelines/1?q=%3Cb%3E&filter=status%3Dopen&"), "\(kept)")
      for refused in [
        "?q=%00", "?limit=0", "?around=99999-01-01", "?x=" + String(repeating: "a", count: 100_000),
      ] {
        let plain = try await back(refused)
        #expect(plain.hasPrefix("/timelines/1?around="), "\(refused.prefix(20))")
        #expect(plain.utf8.count < 200)
      }
    }
  }

  /// A field sent twice counts once, the last time, in a form as in a query string: the
  /// state is the last `status`, and the token checked is the last `csrf`.
  @Test func tl9_sec1_aRepeatedFieldIsTheLastOneAsInAQuery() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(items: [
          TimelineItem(id: "a", title: "A", start: .instant(Fixtures.noon), status: .open)
        ]), into: store)
      let token = try await formToken(client, "/timelines/1/items/a")
      func post(_ body: String) async throws -> HTTPResponse.Status {
        try await client.execute(
          uri: "/timelines/1/items/a/status", method: .post,
          headers: Self.form + [.cookie: "tl_csrf=\(token)"], body: ByteBuffer(string: body)
        ).status
      }
      #expect(try await post("status=inProgress&csrf=\(token)&status=completed") == .seeOther)
      #expect(try await store.item(timeline: 1, id: "a")?.item.status == .completed)
      #expect(try await post("status=open&csrf=\(token)&csrf=forged") == .forbidden)
      #expect(try await store.item(timeline: 1, id: "a")?.item.status == .completed)
      #expect(try await post("status=open&csrf=forged&csrf=\(token)") == .seeOther)
      #expect(try await store.item(timeline: 1, id: "a")?.item.status == .open)
    }
  }
}
