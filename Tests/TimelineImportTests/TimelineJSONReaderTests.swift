import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-1: format v1 documents map onto the model, with defaults and generated ids.
@Suite struct TimelineJSONReaderTests {
  @Test func io1_specExampleMapsEveryField() throws {
    let document = try readDocument(specExample)
    #expect(document.title == "Line 4 maintenance")
    #expect(document.timeZone.identifier == "Europe/Berlin")
    #expect(document.headerUnit == .day)
    #expect(document.items.count == 2)

    let marker = document.items[0]
    #expect(marker.id == "start")
    #expect(marker.kind == .start)
    #expect(marker.title == "Project Start")
    #expect(marker.start == day(2015, 12, 6))
    #expect(marker.end == nil)

    // 2026-11-21T09:45:00+01:00 is 08:45 UTC.
    let start = CalendarDay(year: 2026, month: 11, day: 21)!.daysSinceEpoch * 86_400
    let expected = TimelineItem(
      id: "t1", kind: .event, title: "Planned Downtime Period Identified",
      subtitle: "Work Package", start: instant(Double(start + 8 * 3600 + 45 * 60)),
      end: instant(Double(start + 10 * 3600)), status: .inProgress, statusLabel: "Active",
      substatusLabel: "High", description: "…", supportingText: "Maintenance",
      attributes: ["Line 4", "2 h"], priority: 2, icon: "rain", children: [])
    #expect(document.items[1] == expected)
  }

  @Test func io1_defaultsApplyWhenKeysAreAbsent() throws {
    let document = try readDocument(
      """
      {"items": [{"title": "Only a title", "start": "2026-01-02"}]}
      """)
    #expect(document.title == nil)
    #expect(document.timeZone == TimeZone(identifier: "UTC"))
    #expect(document.headerUnit == .day)
    let item = try #require(document.items.first)
    #expect(item.kind == .event)
    #expect(item.status == .open)
    #expect(item.subtitle == nil && item.statusLabel == nil && item.substatusLabel == nil)
    #expect(item.description == nil && item.supportingText == nil && item.icon == nil)
    #expect(item.attributes.isEmpty && item.children.isEmpty && item.priority == nil)
    #expect(item.end == nil)
  }

  @Test func io1_emptyItemsIsAValidDocument() throws {
    let document = try readDocument(#"{"version": 1, "items": []}"#)
    #expect(document.items.isEmpty)
  }

  @Test func io1_nullForAnOptionalKeyMeansAbsent() throws {
    let document = try readDocument(
      """
      {"version": null, "title": null, "timeZone": null, "headerUnit": null, "items": [
        {"id": null, "kind": null, "title": "T", "start": "2026-01-02", "end": null,
         "status": null, "statusLabel": null, "substatusLabel": null, "subtitle": null,
         "description": null, "supportingText": null, "icon": null, "attributes": null,
         "priority": null, "children": null}
      ]}
      """)
    #expect(document.timeZone == TimeZone(identifier: "UTC"))
    let item = try #require(document.items.first)
    #expect(item.id == "item-1")
    #expect(item.kind == .event && item.status == .open && item.end == nil)
    #expect(item.attributes.isEmpty && item.priority == nil && item.children.isEmpty)
  }

  @Test func io1_unknownKeysAreIgnored() throws {
    let document = try readDocument(
      """
      {"items": [{"title": "T", "start": "2026-01-02", "colour": {"deep": [1, {"x": null}]},
                  "Title": 5, "tags": ["a"]}],
       "generator": "elsewhere", "extra": [true, false, null, -1.5e3]}
      """)
    #expect(document.items.map(\.title) == ["T"])
  }

  @Test func io1_allEnumValuesAreAccepted() throws {
    let kinds = ItemKind.allCases.map(\.rawValue)
    let statuses = ItemStatus.allCases.map(\.rawValue)
    let items = zip(kinds, statuses + ["open"]).enumerated().map { index, pair in
      #"{"title": "T\#(index)", "start": "2026-01-02", "kind": "\#(pair.0)", "status": "\#(pair.1)"}"#
    }
    let document = try readDocument(#"{"items": [\#(items.joined(separator: ","))]}"#)
    #expect(document.items.map(\.kind) == ItemKind.allCases)
    #expect(document.items.map(\.status) == ItemStatus.allCases + [.open])
    for unit in HeaderUnit.allCases {
      let document = try readDocument(#"{"headerUnit": "\#(unit.rawValue)", "items": []}"#)
      #expect(document.headerUnit == unit)
    }
  }

  @Test func io1_missingIdsAreGeneratedInDocumentOrderSkippingUsedOnes() throws {
    let document = try readDocument(
      """
      {"items": [
        {"title": "A", "start": "2026-01-01"},
        {"id": "item-2", "title": "B", "start": "2026-01-01", "children": [
          {"title": "B1", "start": "2026-01-01"},
          {"id": "item-5", "title": "B2", "start": "2026-01-01"}
        ]},
        {"title": "C", "start": "2026-01-01"},
        {"title": "D", "start": "2026-01-01"}
      ]}
      """)
    #expect(document.items.map(\.id) == ["item-1", "item-2", "item-4", "item-6"])
    #expect(document.items[1].children.map(\.id) == ["item-3", "item-5"])
  }

  @Test func io1_childrenAreReadOneLevelDeep() throws {
    let document = try readDocument(
      """
      {"items": [{"id": "p", "title": "Parent", "start": "2026-01-01", "children": [
        {"id": "c1", "title": "Child", "start": "2026-01-02", "kind": "end", "children": []}
      ]}]}
      """)
    let child = try #require(document.items.first?.children.first)
    #expect(child.id == "c1" && child.kind == .end && child.start == day(2026, 1, 2))
  }

  @Test func io1_integralNumbersAreIntegers() throws {
    let document = try readDocument(
      """
      {"version": 1.0, "items": [
        {"title": "A", "start": "2026-01-01", "priority": 2.0},
        {"title": "B", "start": "2026-01-01", "priority": -3e2},
        {"title": "C", "start": "2026-01-01", "priority": 9223372036854775807},
        {"title": "D", "start": "2026-01-01", "priority": -9223372036854775808}
      ]}
      """)
    #expect(document.items.map(\.priority) == [2, -300, Int.max, Int.min])
  }

  @Test func io1_floatingTimesUseTheDocumentTimeZoneEvenWhenDeclaredLast() throws {
    let document = try readDocument(
      """
      {"items": [{"title": "T", "start": "2026-07-01T12:00:00", "end": "2026-07-01 13:30:00"}],
       "timeZone": "Europe/Berlin"}
      """)
    let midnight = CalendarDay(year: 2026, month: 7, day: 1)!.daysSinceEpoch * 86_400
    // Berlin is at +02:00 in July.
    #expect(document.items[0].start == instant(Double(midnight + 10 * 3600)))
    #expect(document.items[0].end == instant(Double(midnight + 11 * 3600 + 30 * 60)))
  }

  @Test func io1_endMayEqualStart() throws {
    let document = try readDocument(
      """
      {"items": [
        {"title": "A", "start": "2026-01-01", "end": "2026-01-01"},
        {"title": "B", "start": "2026-01-01T10:00:00Z", "end": "2026-01-01T11:00:00+01:00"}
      ]}
      """)
    #expect(document.items.count == 2)
  }

  @Test func io1_byteOrderMarkAndCRLFAreAccepted() throws {
    let text = "\u{FEFF}{\r\n  \"items\": []\r\n}\r\n"
    #expect(try TimelineJSONReader.read(Array(text.utf8), file: testFile).items.isEmpty)
  }
}

/// Cards are mapped on every core; a large feed's error is still its first bad card's.
@Suite("IO-4 large feeds")
struct LargeFeedErrorTests {
  @Test func io4_card5_aLargeFeedReportsItsFirstBadCard() throws {
    // 3,000 cards, one per line; cards 2,600 and 1,500 (lines 2,602 and 1,502) have a bad
    // status, in different chunks of the mapping.
    let cards = (0..<3_000).map { index in
      let status = index == 1_500 || index == 2_600 ? "done" : "open"
      return #"{"title":"Card \#(index)","items":[{"title":"Task","status":"\#(status)"}]}"#
    }
    let text = "{\"version\":1,\"items\":[],\"cards\":[\n" + cards.joined(separator: ",\n") + "\n]}"
    do {
      _ = try TimelineJSONReader.read(text: text, file: "feed.json")
      Issue.record("the feed has bad cards")
    } catch {
      #expect(error.line == 1_502)
      #expect(error.message.contains("\"done\""))
    }
    let good = try TimelineJSONReader.read(
      text: text.replacingOccurrences(of: "\"done\"", with: "\"completed\""), file: "feed.json")
    #expect(good.cards?.entries.count == 3_000)
    #expect(good.cards?.entries[2_999].header?.title == "Card 2999")
  }
}
