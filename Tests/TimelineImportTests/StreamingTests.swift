import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-2, IO-3, IO-4: items handed over one at a time as they are read, for a database
/// import that holds none of them.
@Suite struct StreamingTests {
  struct Stop: Error {}

  func stream(
    _ text: String, _ format: InputFormat, chunkSize: Int = 7,
    _ body: (StreamedItem) throws -> Void = { _ in }
  ) throws -> ImportSummary {
    try DocumentReader.forEachItem(
      ChunkedInput(bytes: Array(text.utf8), name: "in", chunkSize: chunkSize), format: format,
      options: importOptions(zone: "UTC"), body)
  }

  let csv = """
    id,title,start,status,attributes,attributes
    a,Survey,2026-11-20T09:00:00Z,completed,Line 4,2 h
    ,Order parts,2026-11-21T10:00:00Z,inProgress,,

    b,Install,2026-11-23,open,Line 4,
    ,Hand over,2026-11-24,,,

    """

  @Test func io3_streamingHandsOverTheDocumentsItemsRowByRow() throws {
    var streamed: [StreamedItem] = []
    let summary = try stream(csv, .csv) { streamed.append($0) }
    let document = try readCSV(csv).document
    #expect(streamed.map(\.item) == document.items)
    #expect(streamed.allSatisfy { $0.parentID == nil })
    #expect(streamed.map(\.item.id) == ["a", "item-1", "b", "item-2"])
    #expect(summary == (try readCSV(csv).summary), "blank rows are counted the same")
  }

  @Test func io3_streamingDoesNotHoldBackRowsUntilTheEnd() throws {
    // A file whose last row is broken: every good row before it has been handed over
    // when the error arrives, which is only possible if rows go out as they are read.
    let broken = csv + "c,Broken,not a date,,,\n"
    var received: [String] = []
    #expect(throws: DocumentError.self) {
      try stream(broken, .csv) { received.append($0.item.id) }
    }
    #expect(received == ["a", "item-1", "b", "item-2"])
    #expect(throws: DocumentError.self) { try stream("", .csv) }
  }

  @Test func io4_anErrorFromTheReceiverStopsReadingAndIsRethrown() throws {
    var received = 0
    #expect(throws: Stop.self) {
      try stream(csv, .csv, chunkSize: 4) { _ in
        received += 1
        if received == 2 { throw Stop() }
      }
    }
    #expect(received == 2, "nothing is handed over after the receiver fails")
  }

  @Test func io2_streamingCalendarsGiveParentsAndExpandSeriesAtTheEnd() throws {
    let calendar = """
      BEGIN:VCALENDAR
      BEGIN:VEVENT
      UID:weekly
      DTSTART:20261102T090000Z
      RRULE:FREQ=WEEKLY;COUNT=3
      SUMMARY:Stand-up
      END:VEVENT
      BEGIN:VTODO
      UID:parent
      DTSTART:20261105T090000Z
      SUMMARY:Release
      END:VTODO
      BEGIN:VTODO
      UID:child
      DTSTART:20261106T090000Z
      SUMMARY:Notes
      RELATED-TO:parent
      END:VTODO
      BEGIN:VEVENT
      UID:weekly
      RECURRENCE-ID:20261109T090000Z
      DTSTART:20261109T100000Z
      SUMMARY:Stand-up (moved)
      END:VEVENT
      END:VCALENDAR

      """
    var streamed: [StreamedItem] = []
    _ = try stream(calendar, .ics) { streamed.append($0) }
    #expect(streamed.prefix(2).map(\.item.id) == ["parent", "child"], "single items come first")
    #expect(streamed[1].parentID == "parent")
    #expect(streamed.count == 5)
    let series = streamed.dropFirst(2).map(\.item)
    #expect(series.map(\.title) == ["Stand-up", "Stand-up (moved)", "Stand-up"])
    let document = try ICalendarReader.read(
      ChunkedInput(bytes: Array(calendar.utf8), name: "in"), options: importOptions(zone: "UTC")
    ).document
    let nested = document.items.first { $0.id == "parent" }!
    #expect(nested.children.map(\.id) == ["child"], "the document nests what the stream names")
    #expect(Set(series) == Set(document.items.filter { $0.title.hasPrefix("Stand-up") }))
  }

  @Test func io1_streamingJSONNamesEachChildsParent() throws {
    let json = """
      {"version":1,"items":[{"id":"p","title":"Parent","start":"2026-11-21",
      "children":[{"id":"c","title":"Child","start":"2026-11-22"}]}]}
      """
    var streamed: [StreamedItem] = []
    _ = try stream(json, .json) { streamed.append($0) }
    #expect(streamed.map(\.item.id) == ["p", "c"])
    #expect(streamed.map(\.parentID) == [nil, "p"])
    #expect(streamed[0].item.children.isEmpty)
  }
}
