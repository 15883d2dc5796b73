import Foundation
import Testing
import TimelineCore
import TimelineImport

@testable import TimelineServer

/// A merge patch (RFC 7386) applied field by field gives the item that merging it into the
/// item's JSON and reading the whole text gives; what that reading refuses, it refuses.
@Suite("WEB-1 merge patches")
struct MergePatchTests {
  static let zone = TimeZone(identifier: "Europe/Berlin")!
  static let item = TimelineItem(
    id: "t1", title: "Downtime", subtitle: "Line 4",
    start: .instant(Date(timeIntervalSince1970: 1_795_250_000)),
    end: .instant(Date(timeIntervalSince1970: 1_795_254_000)), status: .inProgress,
    statusLabel: "Active", attributes: ["Dock B", "2 h"], priority: 2,
    children: [
      TimelineItem(
        id: "c1", title: "Check", start: .instant(Date(timeIntervalSince1970: 1_795_251_000)))
    ])

  /// The reference: the patch merged into the item's JSON text, read as a document.
  static func merged(_ patch: String) throws -> TimelineItem {
    let current = try JSONParser.parse(
      Array(ItemEditing.json(item, zone: zone).utf8), file: "item")
    var text = ""
    let changes = try JSONParser.parse(Array(patch.utf8), file: "patch")
    ItemEditing.merge(current, changes, to: &text)
    var read = try ItemEditing.read(text: text, zone: zone)
    // A change of state that does not say its label removes the custom label (TL-9).
    if changes["statusLabel"] == nil, read.status != item.status { read.statusLabel = nil }
    return read
  }

  static func patched(_ patch: String) throws -> TimelineItem {
    try ItemEditing.applying(ItemEditing.object(Array(patch.utf8)), to: item, zone: zone)
  }

  @Test(arguments: [
    #"{"status": "completed"}"#,
    #"{"priority": null, "statusLabel": null, "title": "Downtime \u2713"}"#,
    #"{"attributes": ["Dock C"], "kind": "start", "unknown": {"a": 1}}"#,
    #"{"kind": null, "status": null, "subtitle": null, "attributes": null}"#,
    #"{"start": "2026-11-21T08:00:00", "end": null}"#,
    #"{"start": "2026-11-20", "end": "2026-11-22"}"#,
    #"{"end": "2026-11-21T18:00:00+01:00", "description": "Two\nlines"}"#,
    #"{"children": [{"id": "c2", "title": "New", "start": "2026-11-21"}, {"title": "No id", "start": "2026-11-22"}]}"#,
    #"{"children": null, "icon": "rain"}"#,
    #"{"id": "t9", "priority": 5}"#,
  ])
  func web1_aPatchChangesWhatMergingAndReadingChanges(patch: String) throws {
    #expect(try Self.patched(patch) == (try Self.merged(patch)))
  }

  @Test(arguments: [
    #"{"title": ""}"#, #"{"title": null}"#, #"{"start": null}"#, #"{"status": "done"}"#,
    #"{"priority": "high"}"#, #"{"end": "2020-01-01T00:00:00Z"}"#,
    #"{"start": "2027-01-01T00:00:00Z"}"#, #"{"start": "2026-11-21"}"#,
    #"{"children": [{"id": "t1", "title": "Again", "start": "2026-11-21"}]}"#,
    #"{"children": [{"title": "Deep", "start": "2026-11-21", "children": [{"title": "x", "start": "2026-11-21"}]}]}"#,
  ])
  func web1_aPatchThatMakesAnInvalidItemIsRefusedWithItsPlace(patch: String) throws {
    #expect(throws: (any Error).self) { try Self.merged(patch) }
    do {
      _ = try Self.patched(patch)
      Issue.record("accepted \(patch)")
    } catch let error as AppError {
      #expect(error.status == .unprocessableContent)
      // The place in the body: "body:LINE:COLUMN: …".
      #expect(error.detail.hasPrefix("body:1:"), "\(error.detail)")
    }
  }
}
