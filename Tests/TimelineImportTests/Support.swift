import Foundation
import TimelineCore
import TimelineImport

/// The file name used for in-memory documents in these tests.
let testFile = "doc.json"

/// Reads `text` as a format v1 document named ``testFile``.
func readDocument(_ text: String) throws(DocumentError) -> TimelineDocument {
  try TimelineJSONReader.read(text: text, file: testFile)
}

/// The error reading `text` reports, as `FILE:LINE:COLUMN: MESSAGE`, or `nil` if it reads.
func readError(_ text: String) -> String? {
  readError(Array(text.utf8))
}

/// The error reading `bytes` reports, as `FILE:LINE:COLUMN: MESSAGE`, or `nil` if it reads.
func readError(_ bytes: [UInt8]) -> String? {
  do {
    _ = try TimelineJSONReader.read(bytes, file: testFile)
    return nil
  } catch {
    return error.description
  }
}

/// The error parsing `bytes` as plain JSON reports, or `nil` if they parse.
func parseError(_ bytes: [UInt8]) -> String? {
  do {
    _ = try JSONParser.parse(bytes, file: testFile)
    return nil
  } catch {
    return error.description
  }
}

/// The error parsing `text` as plain JSON reports, or `nil` if it parses.
func parseError(_ text: String) -> String? {
  parseError(Array(text.utf8))
}

/// The instant `seconds` after 1970-01-01T00:00:00Z.
func instant(_ seconds: TimeInterval) -> TimelineDate {
  .instant(Date(timeIntervalSince1970: seconds))
}

/// The all-day date `year-month-day`, which must exist.
func day(_ year: Int, _ month: Int, _ day: Int) -> TimelineDate {
  .day(CalendarDay(year: year, month: month, day: day)!)
}

/// The SPEC example of format v1 (section "JSON document format, version 1").
let specExample = """
  {
    "version": 1,
    "title": "Line 4 maintenance",
    "timeZone": "Europe/Berlin",
    "headerUnit": "day",
    "items": [
      { "id": "start", "kind": "start", "title": "Project Start", "start": "2015-12-06" },
      { "id": "t1", "title": "Planned Downtime Period Identified", "subtitle": "Work Package",
        "start": "2026-11-21T09:45:00+01:00", "end": "2026-11-21T11:00:00+01:00",
        "status": "inProgress", "statusLabel": "Active", "substatusLabel": "High",
        "description": "…", "supportingText": "Maintenance", "attributes": ["Line 4", "2 h"],
        "priority": 2, "icon": "rain", "children": [] }
    ]
  }
  """
