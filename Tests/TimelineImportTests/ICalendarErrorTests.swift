import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-4: malformed calendars are errors at their line and column; nothing is half-imported
/// and nothing crashes.
@Suite struct ICalendarErrorTests {
  static let event = "BEGIN:VEVENT\r\nUID:u\r\nDTSTART:20260105T090000Z\r\nSUMMARY:S\r\n"

  @Test(arguments: [
    ("", "team.ics:1:1: expected BEGIN:VCALENDAR"),
    ("\r\n\r\n", "team.ics:1:1: expected BEGIN:VCALENDAR"),
    ("SUMMARY:x\r\n", "team.ics:1:1: expected BEGIN:VCALENDAR"),
    ("BEGIN:VEVENT\r\n", "team.ics:1:1: expected BEGIN:VCALENDAR, found BEGIN:VEVENT"),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\n",
      "team.ics:4:1: unexpected end of input; expected END:VEVENT for BEGIN:VEVENT on line 2"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u",
      "team.ics:3:6: unexpected end of input; expected END:VEVENT for BEGIN:VEVENT on line 2"
    ),
    (
      "BEGIN:VCALENDAR\r\n" + event + "END:VTODO\r\n",
      "team.ics:6:5: expected END:VEVENT for BEGIN:VEVENT on line 2, found END:VTODO"
    ),
    (
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VCALENDAR\r\n",
      "team.ics:3:1: found END:VCALENDAR without BEGIN:VCALENDAR"
    ),
    (
      "BEGIN:VCALENDAR\r\nNO COLON HERE\r\n",
      #"team.ics:2:3: expected ";" or ":" after the property name"#
    ),
    (
      "BEGIN:VCALENDAR\r\n:value\r\n",
      #"team.ics:2:1: expected a property name (letters, digits and "-")"#
    ),
    ("BEGIN:VCALENDAR\r\nX-A;=1:v\r\n", #"team.ics:2:5: expected a parameter name after ";""#),
    ("BEGIN:VCALENDAR\r\nX-A;B:v\r\n", #"team.ics:2:6: expected "=" after the parameter name"#),
    (
      "BEGIN:VCALENDAR\r\nX-A;B=\"v:x\r\n",
      #"team.ics:2:7: expected a closing " for the parameter value"#
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026013\r\n",
      "team.ics:3:9: expected a DATE-TIME like 20260105T090000Z"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260230T090000Z\r\n",
      "team.ics:3:9: invalid date: no day 30 in month 2 of 2026"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260105T250000Z\r\n",
      "team.ics:3:18: invalid time: expected HHMMSS within 000000...235960"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260105T090000\r\n",
      "team.ics:3:20: expected a DATE like 20260105"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDURATION:1H\r\n",
      "team.ics:3:10: expected a DURATION like P1D, PT1H30M or P2W"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nRRULE:FREQ=FORTNIGHTLY\r\n",
      "team.ics:3:12: expected FREQ to be SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nRRULE:FREQ=DAILY;BYMONTHDAY=32\r\n",
      "team.ics:3:29: expected BYMONTHDAY within 1...31 or -31...-1"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,XX\r\n",
      "team.ics:3:28: expected BYDAY entries like MO, 2TU or -1SU"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nRRULE:COUNT=3\r\n",
      "team.ics:3:7: expected FREQ=… in the RRULE"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nRRULE:FREQ=DAILY;INTERVAL=0\r\n",
      "team.ics:3:27: expected INTERVAL within 1...1000000"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEXDATE:20260105T090000Z,2026\r\n",
      "team.ics:3:25: expected a DATE-TIME like 20260105T090000Z"
    ),
    // A folded line reports the physical line and column of the problem.
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026\r\n 0105T09000XZ\r\n",
      "team.ics:4:12: expected a DATE-TIME like 20260105T090000Z"
    ),
  ])
  func io4_calendarErrorsNameLineAndColumn(text: String, expected: String) {
    #expect(calendarError(text) == expected)
  }

  @Test func io4_invalidUTF8IsLocated() {
    let bytes =
      Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Caf".utf8) + [0xE9, 0x20]
      + Array("\r\n".utf8)
    #expect(
      calendarError(bytes)
        == "team.ics:3:12: invalid UTF-8: incomplete sequence starting with byte 0xE9")
  }

  static let sample = Array(
    calendar(
      centralEuropeanZone("Custom") + "\n"
        + """
        BEGIN:VEVENT
        UID:s
        DTSTART;TZID=Custom:20260105T090000
        DURATION:PT1H
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=20
        EXDATE;TZID=Custom:20260107T090000
        RDATE;VALUE=PERIOD:20260110T120000Z/20260110T130000Z
        SUMMARY:Series\\, folded over a line that is long enough to need folding at seventy-five
        CATEGORIES:A,B
        END:VEVENT
        BEGIN:VEVENT
        UID:s
        RECURRENCE-ID;TZID=Custom:20260112T090000
        DTSTART;TZID=Custom:20260112T100000
        SUMMARY:Moved
        END:VEVENT
        BEGIN:VTODO
        UID:t
        DUE;VALUE=DATE:20260120
        STATUS:IN-PROCESS
        SUMMARY:Task
        END:VTODO
        """
    ).utf8)

  @Test func io4_everyPrefixFailsWithALocatedErrorOrReads() {
    for length in 0..<Self.sample.count {
      let prefix = Array(Self.sample[0..<length])
      do {
        _ = try ICalendarReader.read(
          ChunkedInput(bytes: prefix, name: calendarFile), options: importOptions())
        // Only a prefix that cuts inside the final CRLF may read completely.
        #expect(length >= Self.sample.count - 2, "prefix of \(length) bytes was accepted")
      } catch {
        #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
      }
    }
  }

  @Test func io4_mutatedCalendarsNeverCrash() {
    let replacements: [UInt8] = [
      0x00, 0x0A, 0x0D, 0x20, 0x22, 0x2C, 0x39, 0x3A, 0x3B, 0x5C, 0xC3, 0xFF,
    ]
    var accepted = 0
    for position in stride(from: 0, to: Self.sample.count, by: 2) {
      for byte in replacements where Self.sample[position] != byte {
        var mutated = Self.sample
        mutated[position] = byte
        do {
          _ = try ICalendarReader.read(
            ChunkedInput(bytes: mutated, name: calendarFile), options: importOptions())
          accepted += 1
        } catch {
          #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
        }
      }
    }
    #expect(accepted > 0)
  }

  @Test func io4_chunkBoundariesDoNotChangeTheResult() throws {
    let whole = try ICalendarReader.read(
      ChunkedInput(bytes: Self.sample, name: calendarFile), options: importOptions())
    #expect(whole.document.items.count == 21)
    for size in [1, 2, 3, 7, 64] {
      let chunked = try ICalendarReader.read(
        ChunkedInput(bytes: Self.sample, name: calendarFile, chunkSize: size),
        options: importOptions())
      #expect(chunked.document == whole.document, "chunk size \(size)")
    }
    // Bare LF and bare CR line ends read the same.
    for ending in ["\n", "\r"] {
      let text = String(decoding: Self.sample, as: UTF8.self).replacingOccurrences(
        of: "\r\n", with: ending)
      #expect(try calendarItems(text) == whole.document.items)
    }
  }
}
