import Foundation
import TimelineCore
import TimelineImport

/// The file name used for in-memory calendars in these tests.
let calendarFile = "team.ics"

/// `lines` joined with CRLF inside a VCALENDAR.
func calendar(_ lines: String, header: String = "") -> String {
  let body = lines.split(separator: "\n", omittingEmptySubsequences: false).joined(
    separator: "\r\n")
  let head = header.isEmpty ? "" : header.split(separator: "\n").joined(separator: "\r\n") + "\r\n"
  return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\n" + head + body
    + "\r\nEND:VCALENDAR\r\n"
}

/// Options with a window from `from` to `to` (RFC 3339) and floating times in `zone`.
func importOptions(
  from: String = "2025-01-01T00:00:00Z", to: String = "2028-01-01T00:00:00Z", zone: String = "UTC",
  limit: Int = 10_000
) -> ImportOptions {
  ImportOptions(
    timeZone: TimeZone(identifier: zone)!,
    window: DateInterval(start: moment(from), end: moment(to)), instanceLimit: limit)
}

/// Reads calendar `text` with `options`.
func readCalendar(
  _ text: String, options: ImportOptions = importOptions(),
  chunkSize: Int = ChunkedInput.defaultChunkSize
) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
  try ICalendarReader.read(
    ChunkedInput(bytes: Array(text.utf8), name: calendarFile, chunkSize: chunkSize),
    options: options)
}

/// The items of calendar `text`.
func calendarItems(_ text: String, options: ImportOptions = importOptions()) throws
  -> [TimelineItem]
{
  try readCalendar(text, options: options).document.items
}

/// The error reading calendar `bytes` reports, or `nil` if it reads.
func calendarError(_ bytes: [UInt8], options: ImportOptions = importOptions()) -> String? {
  do {
    _ = try ICalendarReader.read(ChunkedInput(bytes: bytes, name: calendarFile), options: options)
    return nil
  } catch {
    return error.description
  }
}

/// The error reading calendar `text` reports, or `nil` if it reads.
func calendarError(_ text: String) -> String? { calendarError(Array(text.utf8)) }

/// An RFC 3339 date-time as an instant; traps on bad test input.
func moment(_ text: String) -> Date {
  guard
    case .instant(let date)? = RFC3339.date(from: text, floatingIn: TimeZone(identifier: "UTC")!)
  else {
    fatalError("bad test date \(text)")
  }
  return date
}

/// An RFC 3339 date-time as a timeline date.
func at(_ text: String) -> TimelineDate { .instant(moment(text)) }

/// `YYYY-MM-DD` as an all-day timeline date.
func allDay(_ text: String) -> TimelineDate {
  guard case .day(let day)? = RFC3339.date(from: text, floatingIn: TimeZone(identifier: "UTC")!)
  else {
    fatalError("bad test day \(text)")
  }
  return .day(day)
}

/// The start instants of `items` as RFC 3339 text in `zone`, for readable comparisons.
func starts(_ items: [TimelineItem], in zone: String = "UTC") -> [String] {
  items.map { RFC3339.string($0.start, in: TimeZone(identifier: zone)!) }
}

/// A VTIMEZONE named `id` with central European rules: UTC+1, and UTC+2 from the last
/// Sunday of March to the last of October.
func centralEuropeanZone(_ id: String) -> String {
  """
  BEGIN:VTIMEZONE
  TZID:\(id)
  BEGIN:STANDARD
  DTSTART:19701025T030000
  TZOFFSETFROM:+0200
  TZOFFSETTO:+0100
  RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
  END:STANDARD
  BEGIN:DAYLIGHT
  DTSTART:19700329T020000
  TZOFFSETFROM:+0100
  TZOFFSETTO:+0200
  RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
  END:DAYLIGHT
  END:VTIMEZONE
  """
}
