import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// WEB-1: deleting an item from its page cannot be undone, so the page asks first; after
/// it, the timeline says the item was deleted.
@Suite("WEB-1 deleting an item asks first")
struct DeleteTests {
  @Test(arguments: Backend.all) func web1_deletingAnItemAsksFirstThenSaysItWasDeleted(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      try await importOneItem(into: store, title: "Plans")
      // The item's page leads to the question; it has no form that deletes at once.
      let item = try await client.execute(uri: "/timelines/1/items/a?now=2026-11-21", method: .get)
      #expect(
        item.text.contains(
          #"<a class="tl-button" id="tl-delete" href="/timelines/1/items/a/delete?now=2026-11-21">Delete this item</a>"#
        ))
      #expect(!item.text.contains(#"action="/timelines/1/items/a/delete""#))
      // The question: focused, the item shown, Delete sending the tag of the version shown,
      // Cancel back to the item; no edit form, no state buttons. Asking deletes nothing.
      let asked = try await client.execute(
        uri: "/timelines/1/items/a/delete?now=2026-11-21", method: .get)
      #expect(asked.status == .ok)
      let page = asked.text
      #expect(
        page.contains(
          "<title>\u{2068}Delete this item?\u{2069} – \u{2068}A\u{2069} – \u{2068}Plans\u{2069}</title>"
        ))
      #expect(
        page.contains(
          #"<h3 id="tl-delete-question" tabindex="-1" autofocus="">Delete this item?</h3><p id="tl-delete-effect">Deleting it cannot be undone.</p>"#
        ))
      let tag = try #require(try await store.item(timeline: 1, id: "a")?.tag)
      #expect(
        page.contains(#"name="tag" value="\#(tag.replacingOccurrences(of: "\"", with: "&quot;"))""#)
      )
      #expect(page.contains(#"action="/timelines/1/items/a/delete""#))
      #expect(
        page.contains(
          #"<button type="submit" class="tl-primary" aria-describedby="tl-delete-effect">Delete</button><a class="tl-button" href="/timelines/1/items/a?now=2026-11-21#tl-delete">Cancel</a>"#
        ))
      // Pages whose forms carry the item's tag are never kept by the browser: Back after a
      // delete asks the server again.
      #expect(
        item.headers[.cacheControl] == "no-store" && asked.headers[.cacheControl] == "no-store")
      #expect(!page.contains(#"action="/timelines/1/items/a""#))
      #expect(!page.contains(#"action="/timelines/1/items/a/status""#))
      #expect(try await store.item(timeline: 1, id: "a") != nil)
      // Deleting: back on the timeline, which says so (and takes the focus).
      let token = try await formToken(client, "/timelines/1/items/a/delete")
      let deleted = try await postForm(
        client, "/timelines/1/items/a/delete", token: token,
        [("view", "?now=2026-11-21"), ("tag", tag)])
      #expect(deleted.status == .seeOther)
      #expect(deleted.headers[.location] == "/timelines/1?now=2026-11-21&deleted=1")
      #expect(try await store.item(timeline: 1, id: "a") == nil)
      let note =
        #"<p class="tl-note" role="status" tabindex="-1" autofocus="">The item was deleted.</p>"#
      let timeline = try await client.execute(
        uri: "/timelines/1?now=2026-11-21&deleted=1", method: .get)
      #expect(timeline.text.contains(note))
      let plain = try await client.execute(uri: "/timelines/1?now=2026-11-21", method: .get)
      #expect(plain.status == .ok && !plain.text.contains(note))
    }
  }

  /// An item deleted from the list (its page opened from a list row) leads back to the list,
  /// which says so as the timeline does.
  @Test func web1_list1_deletingFromTheListSaysSoOnTheList() async throws {
    try await withApp { client, store in
      try await importOneItem(into: store, title: "Plans")
      let tag = try #require(try await store.item(timeline: 1, id: "a")?.tag)
      let token = try await formToken(client, "/timelines/1/items/a/delete")
      let deleted = try await postForm(
        client, "/timelines/1/items/a/delete", token: token,
        [("view", "?view=list&now=2026-11-21"), ("tag", tag)])
      #expect(deleted.headers[.location] == "/timelines/1?view=list&now=2026-11-21&deleted=1")
      let list = try await client.execute(
        uri: "/timelines/1?view=list&now=2026-11-21&deleted=1", method: .get)
      let note =
        #"<p class="tl-note" role="status" tabindex="-1" autofocus="">The item was deleted.</p>"#
      #expect(list.status == .ok && list.text.contains(note))
      let plain = try await client.execute(
        uri: "/timelines/1?view=list&now=2026-11-21", method: .get)
      #expect(plain.status == .ok && !plain.text.contains(note))
    }
  }

  /// An item's children go with it: the question says how many.
  @Test func web1_theQuestionSaysHowManyChildrenGoWithTheItem() async throws {
    try await withApp { client, store in
      var parent = TimelineItem(id: "p", title: "P", start: .instant(Fixtures.noon))
      for id in ["c1", "c2"] {
        parent.appendChild(TimelineItem(id: id, title: id, start: .instant(Fixtures.noon)))
      }
      _ = try await TimelineImporter.importDocument(
        TimelineDocument(title: "Plans", items: [parent]), into: store)
      let asked = try await client.execute(uri: "/timelines/1/items/p/delete", method: .get)
      #expect(
        asked.text.contains(
          #"<p id="tl-delete-effect">Deleting it cannot be undone. Its children (2) are deleted with it.</p>"#
        ))
    }
  }
}
