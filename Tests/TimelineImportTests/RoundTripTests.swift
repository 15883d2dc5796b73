import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-1, IO-2: documents survive JSON → iCalendar → JSON and iCalendar → JSON → iCalendar
/// with every field the model holds.
@Suite struct RoundTripTests {
  static let stamp = moment("2026-01-01T00:00:00Z")

  /// Writes `document` as iCalendar and reads it back.
  func viaICalendar(_ document: TimelineDocument) throws -> TimelineDocument {
    let text = ICalendarWriter.string(document, timestamp: Self.stamp)
    return try readCalendar(text, options: importOptions(zone: "UTC")).document
  }

  /// Writes `document` as JSON and reads it back.
  func viaJSON(_ document: TimelineDocument) throws -> TimelineDocument {
    try TimelineJSONReader.read(text: TimelineJSONWriter.string(document), file: "copy.json")
  }

  static let everything = """
    {"version": 1, "title": "Line 4, \\"maintenance\\"; all\\\\sorts", "timeZone": "Europe/Berlin",
     "headerUnit": "week", "items": [
      {"id": "start", "kind": "start", "title": "Project Start", "start": "2015-12-06"},
      {"id": "t1", "title": "Planned Downtime Period Identified", "subtitle": "Work Package",
       "start": "2026-11-21T09:45:00+01:00", "end": "2026-11-21T11:00:00+01:00",
       "status": "inProgress", "statusLabel": "Active", "substatusLabel": "High",
       "description": "Line one\\nline two, with; punctuation \\\\ and a very long text that certainly needs folding when written as iCalendar, twice over.",
       "supportingText": "Maintenance, planned", "attributes": ["Line 4", "", "2 h"],
       "priority": 2, "icon": "rain", "statusIcon": "error", "substatusIcon": "flag", "children": [
         {"id": "c1", "title": "Child ☕ 日本語", "start": "2026-11-21T10:00:00Z", "status": "completed", "statusIcon": "done"},
         {"id": "c2", "title": "Child two", "start": "2026-11-22", "end": "2026-11-24", "kind": "inactive", "status": "empty"}
       ]},
      {"id": "p0", "title": "Priority zero", "start": "2026-11-23T08:00:00Z", "priority": 0},
      {"id": "p99", "title": "Priority high", "start": "2026-11-23T08:00:00Z", "priority": -99, "kind": "earlyEnd"},
      {"id": "d", "title": "Days", "start": "2026-11-28", "end": "2026-12-02", "status": "completed"},
      {"id": "inactive", "kind": "inactive", "title": "Cancelled", "start": "2026-11-29T08:00:00Z", "status": "inProgress"},
      {"id": "id with, comma; and \\\\ backslash", "title": "Odd id", "start": "2026-11-30T08:00:00Z", "end": "2026-11-30T08:00:00Z"}
    ]}
    """

  @Test func io1_io2_jsonToICalendarToJSONKeepsEveryField() throws {
    let original = try readDocument(Self.everything)
    let copy = try viaICalendar(original)
    #expect(copy == original)
    #expect(try viaJSON(copy) == original)
  }

  @Test func io2_iCalendarToJSONToICalendarKeepsEveryField() throws {
    let (original, _) = try ICalendarReader.read(
      ChunkedInput(bytes: ICalendarErrorTests.sample, name: calendarFile), options: importOptions())
    let json = try viaJSON(original)
    #expect(json == original)
    let ics = try viaICalendar(json)
    #expect(ics == original)
    let text = ICalendarWriter.string(ics, timestamp: Self.stamp)
    #expect(ICalendarWriter.string(try viaICalendar(ics), timestamp: Self.stamp) == text)
  }

  @Test func io2_writtenICalendarIsFoldedAndValid() throws {
    let document = try readDocument(Self.everything)
    let text = ICalendarWriter.string(document, timestamp: Self.stamp)
    for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(
      text.contains(
        "BEGIN:VTODO\r\nUID:t1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261121T084500Z\r\nDUE:20261121T100000Z\r\n"
      ))
    #expect(text.contains("RELATED-TO;RELTYPE=PARENT:t1\r\n"))
    #expect(text.contains("UID:id with\\, comma\\; and \\\\ backslash\r\n"))
    #expect(text.contains("DTSTART;VALUE=DATE:20261128\r\nDUE;VALUE=DATE:20261202\r\n"))
  }

  @Test func io1_jsonWriterEscapesAndKeepsFractionsAndOffsets() throws {
    let document = TimelineDocument(
      title: "Quote \" backslash \\ tab \t nul \u{0} line \u{2028}",
      timeZone: TimeZone(identifier: "America/St_Johns")!,
      items: [
        TimelineItem(
          id: "a", title: "Half a second",
          start: .instant(Date(timeIntervalSince1970: 1_767_600_000.5))),
        TimelineItem(
          id: "b", title: "Whole", start: .instant(Date(timeIntervalSince1970: 1_767_600_000))),
      ])
    let text = TimelineJSONWriter.string(document)
    #expect(text.contains(#""title": "Quote \" backslash \\ tab \t nul \u0000 line \u2028""#))
    #expect(text.contains(#""start": "2026-01-05T04:30:00.5-03:30""#))
    // The writer escapes NUL; the reader refuses it (no store keeps it), saying where.
    #expect(throws: DocumentError.self) { try viaJSON(document) }
    var storable = document
    storable.title = "Quote \" backslash \\ tab \t line \u{2028}"
    #expect(try viaJSON(storable) == storable)
  }

  @Test func io1_emptyDocumentWritesAndReads() throws {
    let empty = TimelineDocument()
    let zone = empty.timeZone.identifier  // "UTC" or "GMT", as Foundation names it
    #expect(
      TimelineJSONWriter.string(empty)
        == "{\n  \"version\": 1,\n  \"timeZone\": \"\(zone)\",\n  \"headerUnit\": \"day\",\n  \"items\": []\n}\n"
    )
    #expect(try viaJSON(empty) == empty)
    #expect(try viaICalendar(empty) == empty)
  }
}

/// IO-1, IO-2, IO-3: the reader is chosen by explicit format, extension or content.
@Suite struct DocumentReaderTests {
  @Test func io2_io3_formatIsChosenByExtensionThenContent() throws {
    #expect(InputFormat(path: "a/b.ICS") == .ics)
    #expect(InputFormat(path: "plan.tsv") == .csv)
    #expect(InputFormat(path: "x.json") == .json)
    #expect(InputFormat(path: "dir.ics/file") == nil)
    #expect(InputFormat.detect(prefix: Array("\u{FEFF}\r\n begin:vcalendar".utf8)) == .ics)
    #expect(InputFormat.detect(prefix: Array("  {".utf8)) == .json)
    #expect(InputFormat.detect(prefix: Array("title,start".utf8)) == .csv)
    let csv = ChunkedInput(
      bytes: Array("title,start\nA,2026-01-05\n".utf8), name: "<stdin>", chunkSize: 4)
    #expect(
      try DocumentReader.read(csv, format: nil, options: importOptions()).document.items.map(
        \.title) == ["A"])
    let json = ChunkedInput(
      bytes: Array(#"{"items":[{"title":"J","start":"2026-01-05"}]}"#.utf8), name: "<stdin>",
      chunkSize: 3)
    #expect(
      try DocumentReader.read(json, format: nil, options: importOptions()).document.items.map(
        \.title) == ["J"])
    let forced = ChunkedInput(
      bytes: Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8), name: "x.json")
    #expect(throws: DocumentError.self) {
      try DocumentReader.read(forced, format: .csv, options: importOptions())
    }
  }

  @Test func io4_progressIsReportedPerChunk() throws {
    let bytes = Array(
      calendar("BEGIN:VEVENT\nUID:u\nDTSTART:20260105T090000Z\nSUMMARY:S\nEND:VEVENT").utf8)
    final class Log: @unchecked Sendable { var values: [ReadProgress] = [] }
    let log = Log()
    var options = importOptions()
    options.progress = { log.values.append($0) }
    _ = try ICalendarReader.read(
      ChunkedInput(bytes: bytes, name: calendarFile, chunkSize: 40), options: options)
    #expect(log.values.count == (bytes.count + 39) / 40)
    #expect(log.values.last == ReadProgress(bytesRead: bytes.count, totalBytes: bytes.count))
    #expect(log.values.last?.fraction == 1)
  }
}
