import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineImport

/// IO-2: the reader's zone arithmetic agrees with Foundation's time zone database.
@Suite struct ZoneTests {
  static let zones = [
    "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
    "America/Sao_Paulo",
    "Pacific/Apia", "Europe/Dublin", "Africa/Casablanca",
  ]

  @Test(arguments: zones)
  func io2_wallClockReadingsRoundTripOutsideGaps(identifier: String) {
    let zone = ResolvedZone.system(TimeZone(identifier: identifier)!)
    for reading in stride(from: 1_767_225_600, to: 1_798_761_600, by: 1_800) {
      let instant = zone.instant(local: reading)
      let back = zone.local(atUTC: instant)
      // Outside a gap the reading comes back; inside one it moves forward by the gap.
      #expect(
        back == reading || (back > reading && back - reading <= 3_600), "\(identifier) \(reading)")
      // When the reading occurs twice, the first occurrence is chosen: no earlier instant
      // within the hour before shows the same reading.
      for earlier in [instant - 3_600, instant - 1_800] {
        #expect(zone.local(atUTC: earlier) != reading, "\(identifier) \(reading)")
      }
    }
  }

  @Test func io2_vtimezoneRulesMatchTheSystemZoneTheyDescribe() throws {
    // The file's custom zone mirrors Europe/Berlin's current rules.
    let text = calendar(
      """
      BEGIN:VTIMEZONE
      TZID:Custom
      BEGIN:STANDARD
      DTSTART:19961027T030000
      TZOFFSETFROM:+0200
      TZOFFSETTO:+0100
      RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:19810329T020000
      TZOFFSETFROM:+0100
      TZOFFSETTO:+0200
      RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
      END:DAYLIGHT
      END:VTIMEZONE
      BEGIN:VEVENT
      UID:a
      DTSTART;TZID=Custom:20250101T001700
      RRULE:FREQ=HOURLY;COUNT=20000
      SUMMARY:A
      END:VEVENT
      BEGIN:VEVENT
      UID:b
      DTSTART;TZID=Europe/Berlin:20250101T001700
      RRULE:FREQ=HOURLY;COUNT=20000
      SUMMARY:B
      END:VEVENT
      """)
    let items = try calendarItems(
      text,
      options: importOptions(
        from: "2025-01-01T00:00:00Z", to: "2028-01-01T00:00:00Z", limit: 100_000))
    let a = items.filter { $0.id.hasPrefix("a/") }.map(\.start)
    let b = items.filter { $0.id.hasPrefix("b/") }.map(\.start)
    #expect(a.count > 19_000)
    #expect(a == b)
  }
}

/// A value borrowed by a one-pass walk reads the same text as the owned value it stands
/// for, and an owned value keeps the text alive after the document's own value is gone
/// (IO-1).
@Suite("IO-1 JSON handles")
struct JSONHandleTests {
  private func root(of text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8), file: "x.json")
  }

  @Test func io1_borrowedValuesReadTheSameAndOwnedOnesOutliveTheDocumentValue() throws {
    var kept: [JSONValue] = []
    var elements: [String] = []
    var titles: [String?] = []
    do {
      let root = try root(of: #"{"cards": [{"title": "Caf\u00e9 \"1\""}, [true, null, 2.5]]}"#)
      let cards = try #require(root["cards"])
      try cards.forEachElement { element in
        elements.append(element.typeName)
        titles.append(element["title"]?.stringValue)
        kept.append(JSONValue(tape: cards.tape, index: element.index))
      }
      // The elements' places on the tape, as the workers that check cards borrow them.
      let indices = try #require(cards.elementIndices)
      #expect(
        indices.map { JSONValue(borrowing: cards.tape, index: $0).typeName }
          == ["object", "array"])
    }
    #expect(elements == ["object", "array"])
    #expect(titles == ["Café \"1\"", nil])
    #expect(kept.map(\.typeName) == elements)
    #expect(kept[0]["title"]?.stringValue == "Café \"1\"")
    #expect(kept[1].elements?.map(\.typeName) == ["boolean", "null", "number"])
    var members: [String] = []
    try kept[0].forEachMember { key, value in
      members.append(String(decoding: key, as: UTF8.self) + "=" + (value.stringValue ?? ""))
    }
    #expect(members == ["title=Café \"1\""])
    #expect(try root(of: "[1]").elementIndices == [1])
    #expect(try root(of: "{}").elementIndices == nil)
  }
}
