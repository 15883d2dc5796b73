import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-4: large inputs parse quickly and completely.
@Suite struct LargeDocumentTests {
  /// About 250 bytes per item, like a real export with labels and attributes.
  static func largeDocument(items count: Int) -> [UInt8] {
    var text = #"{"version": 1, "title": "Large", "timeZone": "Europe/Berlin", "items": ["#
    text.reserveCapacity(count * 260)
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += #"  {"id": "t\#(index)", "title": "Planned downtime \#(index) \u00e9", "#
      text += #""start": "2026-11-21T09:45:00+01:00", "end": "2026-11-21T11:00:00+01:00", "#
      text += #""status": "inProgress", "statusLabel": "Active", "priority": \#(index % 7), "#
      text += #""attributes": ["Line 4", "2 h"], "supportingText": "Maintenance work"}"#
    }
    text += "\n]}\n"
    return Array(text.utf8)
  }

  @Test func io4_fiftyMegabyteDocumentParses() throws {
    let count = 200_000
    let bytes = Self.largeDocument(items: count)
    #expect(bytes.count > 50_000_000)
    let document = try TimelineJSONReader.read(bytes, file: "large.json")
    #expect(document.items.count == count)
    let last = try #require(document.items.last)
    #expect(last.id == "t\(count - 1)")
    #expect(last.title == "Planned downtime \(count - 1) é")
    #expect(last.priority == (count - 1) % 7)
    #expect(last.attributes == ["Line 4", "2 h"])
    #expect(last.status == .inProgress)
  }
}
