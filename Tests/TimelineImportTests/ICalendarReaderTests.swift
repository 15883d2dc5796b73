import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-2: iCalendar components, properties and values map onto the model.
@Suite struct ICalendarReaderTests {
  @Test func io2_veventFieldsMapOntoTheModel() throws {
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VEVENT
        UID:standup@example.com
        DTSTAMP:20260101T000000Z
        DTSTART:20260105T080000Z
        DTEND:20260105T081500Z
        SUMMARY:Standup
        DESCRIPTION:Daily sync
        LOCATION:Room 4
        CATEGORIES:Meeting,Team
        CATEGORIES:Daily
        PRIORITY:1
        END:VEVENT
        """, header: "X-WR-CALNAME:Team\nX-WR-TIMEZONE:Europe/Berlin"))
    #expect(summary.isEmpty)
    #expect(document.title == "Team")
    #expect(document.timeZone.identifier == "Europe/Berlin")
    let expected = TimelineItem(
      id: "standup@example.com", title: "Standup", start: at("2026-01-05T08:00:00Z"),
      end: at("2026-01-05T08:15:00Z"), description: "Daily sync",
      supportingText: "Meeting, Team, Daily", attributes: ["Room 4"], priority: 9)
    #expect(document.items == [expected])
  }

  @Test func io2_priorityOneIsHighestAndZeroIsUndefined() throws {
    let items = try calendarItems(
      calendar(
        (0...9).map {
          "BEGIN:VEVENT\nUID:p\($0)\nDTSTART:20260105T080000Z\nSUMMARY:P\nPRIORITY:\($0)\nEND:VEVENT"
        }.joined(separator: "\n")))
    #expect(items.map(\.priority) == [nil, 9, 8, 7, 6, 5, 4, 3, 2, 1])
  }

  @Test func io2_linesUnfoldAfterCRLFAndBareLFWithSpaceOrTab() throws {
    // "é" (C3 A9) is split across the fold, which RFC 5545 allows.
    var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\r\nUID:u1\r\nDTSTART:2026010".utf8)
    bytes += Array("\r\n 5T080000Z\nSUMMARY:Caf".utf8) + [0xC3, 0x0A, 0x09, 0xA9]
    bytes += Array(" au lait\r\nDESCRIPTION:one\n two\r\n\tthree\r\nEND:VEVENT\nEND:VCALENDAR".utf8)
    let item = try #require(
      try ICalendarReader.read(
        ChunkedInput(bytes: bytes, name: calendarFile), options: importOptions()
      ).document.items
        .first)
    #expect(item.title == "Café au lait")
    #expect(item.description == "onetwothree")
    #expect(item.start == at("2026-01-05T08:00:00Z"))
  }

  @Test func io2_escapedTextIsDecoded() throws {
    let item = try #require(
      try calendarItems(
        calendar(
          #"""
          BEGIN:VEVENT
          UID:u1
          DTSTART:20260105T080000Z
          SUMMARY:Line 4\, hall B\; north
          DESCRIPTION:First\nSecond\NThird\\fourth\:fifth
          CATEGORIES:A\,B,C
          END:VEVENT
          """#)
      ).first)
    #expect(item.title == "Line 4, hall B; north")
    #expect(item.description == "First\nSecond\nThird\\fourth:fifth")
    #expect(item.supportingText == "A,B, C")
  }

  @Test func io2_quotedParameterValuesMayHoldColonsSemicolonsAndCommas() throws {
    let item = try #require(
      try calendarItems(
        calendar(
          """
          BEGIN:VEVENT
          UID:u1
          DTSTART;X-NOTE="a:b;c,d";TZID="Europe/Berlin":20260105T090000
          ATTENDEE;CN="Doe, Jane: PM";ROLE=REQ-PARTICIPANT:mailto:jane@example.com
          SUMMARY;LANGUAGE=en:Quoted
          END:VEVENT
          """)
      ).first)
    #expect(item.start == at("2026-01-05T08:00:00Z"))
    #expect(item.title == "Quoted")
  }

  @Test func io2_byteOrderMarkIsSkipped() throws {
    let text =
      "\u{FEFF}" + calendar("BEGIN:VEVENT\nUID:u1\nDTSTART:20260105T080000Z\nSUMMARY:B\nEND:VEVENT")
    #expect(try calendarItems(text).map(\.title) == ["B"])
    #expect(
      calendarError("\u{FEFF}BEGIN:VCALENDAR\r\nBOGUS\r\n")
        == "team.ics:2:6: expected \":\" and a value after the property name")
  }

  @Test func io2_vjournalAndOtherComponentsAreSkippedAndReported() throws {
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VJOURNAL
        UID:j1
        DTSTART:20260105T080000Z
        SUMMARY:Notes
        END:VJOURNAL
        BEGIN:VJOURNAL
        UID:j2
        END:VJOURNAL
        BEGIN:VFREEBUSY
        FREEBUSY:20260105T080000Z/PT1H
        END:VFREEBUSY
        BEGIN:VEVENT
        UID:e1
        DTSTART:20260105T080000Z
        SUMMARY:Kept
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT15M
        END:VALARM
        END:VEVENT
        """))
    #expect(document.items.map(\.id) == ["e1"])
    #expect(summary.lines == ["2 VJOURNAL skipped", "1 VFREEBUSY skipped"])
  }

  @Test func io2_statusMapsToNodesAndKinds() throws {
    let statuses = [
      "NEEDS-ACTION", "IN-PROCESS", "COMPLETED", "CANCELLED", "TENTATIVE", "CONFIRMED",
    ]
    let items = try calendarItems(
      calendar(
        statuses.enumerated().map { index, status in
          "BEGIN:VTODO\nUID:t\(index)\nDTSTART:20260105T080000Z\nSUMMARY:T\nSTATUS:\(status)\nEND:VTODO"
        }.joined(separator: "\n")))
    #expect(items.map(\.status) == [.open, .inProgress, .completed, .open, .open, .open])
    #expect(items.map(\.kind) == [.event, .event, .event, .inactive, .event, .event])
  }

  @Test func io2_percentCompleteAboveZeroMeansInProgress() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VTODO
        UID:a
        DTSTART:20260105T080000Z
        SUMMARY:Started
        PERCENT-COMPLETE:40
        END:VTODO
        BEGIN:VTODO
        UID:b
        DTSTART:20260105T080000Z
        SUMMARY:Not started
        PERCENT-COMPLETE:0
        END:VTODO
        BEGIN:VTODO
        UID:c
        DTSTART:20260105T080000Z
        SUMMARY:Done
        COMPLETED:20260106T100000Z
        END:VTODO
        BEGIN:VTODO
        UID:d
        DTSTART:20260105T080000Z
        SUMMARY:Explicitly completed
        STATUS:COMPLETED
        PERCENT-COMPLETE:60
        END:VTODO
        """))
    #expect(items.map(\.status) == [.inProgress, .open, .completed, .completed])
  }

  @Test func io2_vtodoWithoutDtstartStartsAtItsDue() throws {
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VTODO
        UID:due-only
        DUE:20260110T170000Z
        SUMMARY:Report
        END:VTODO
        BEGIN:VTODO
        UID:both
        DTSTART;VALUE=DATE:20260105
        DUE;VALUE=DATE:20260109
        SUMMARY:Sprint
        END:VTODO
        BEGIN:VTODO
        UID:neither
        SUMMARY:Someday
        END:VTODO
        """))
    #expect(document.items.map(\.id) == ["due-only", "both"])
    #expect(document.items[0].start == at("2026-01-10T17:00:00Z") && document.items[0].end == nil)
    // DUE names the last day.
    #expect(
      document.items[1].start == allDay("2026-01-05")
        && document.items[1].end == allDay("2026-01-09"))
    #expect(summary.lines == ["1 VTODO without DTSTART or DUE skipped"])
  }

  @Test func io2_datesAreAllDayAndDtendIsExclusiveAcrossMonths() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:trip
        DTSTART;VALUE=DATE:20260129
        DTEND;VALUE=DATE:20260203
        SUMMARY:Trip
        END:VEVENT
        BEGIN:VEVENT
        UID:one-day
        DTSTART;VALUE=DATE:20260228
        DTEND;VALUE=DATE:20260301
        SUMMARY:Last of February
        END:VEVENT
        BEGIN:VEVENT
        UID:no-end
        DTSTART:20261231
        SUMMARY:New Year's Eve
        END:VEVENT
        BEGIN:VEVENT
        UID:duration
        DTSTART;VALUE=DATE:20261230
        DURATION:P3D
        SUMMARY:Over the year's end
        END:VEVENT
        """))
    #expect(
      items.map(\.start) == [
        allDay("2026-01-29"), allDay("2026-02-28"), allDay("2026-12-31"), allDay("2026-12-30"),
      ])
    #expect(
      items.map(\.end) == [allDay("2026-02-02"), allDay("2026-02-28"), nil, allDay("2027-01-01")])
  }

  @Test func io2_durationDaysFollowTheWallClockAndHoursAreExact() throws {
    // Berlin moves to summer time on 2026-03-29.
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:nominal
        DTSTART;TZID=Europe/Berlin:20260328T090000
        DURATION:P1D
        SUMMARY:A day
        END:VEVENT
        BEGIN:VEVENT
        UID:exact
        DTSTART;TZID=Europe/Berlin:20260328T090000
        DURATION:PT24H
        SUMMARY:24 hours
        END:VEVENT
        BEGIN:VEVENT
        UID:weeks
        DTSTART:20260105T090000Z
        DURATION:P1W
        SUMMARY:A week
        END:VEVENT
        """))
    #expect(
      items.map(\.end) == [
        at("2026-03-29T07:00:00Z"), at("2026-03-29T08:00:00Z"), at("2026-01-12T09:00:00Z"),
      ])
  }

  @Test func io2_floatingTimesAreLocalToTheDocumentZone() throws {
    let text = calendar("BEGIN:VEVENT\nUID:f\nDTSTART:20260705T090000\nSUMMARY:F\nEND:VEVENT")
    let inTokyo = try readCalendar(text, options: importOptions(zone: "Asia/Tokyo")).document
    #expect(inTokyo.timeZone.identifier == "Asia/Tokyo")
    #expect(inTokyo.items[0].start == at("2026-07-05T00:00:00Z"))
    let declared = calendar(
      "BEGIN:VEVENT\nUID:f\nDTSTART:20260705T090000\nSUMMARY:F\nEND:VEVENT",
      header: "X-WR-TIMEZONE:America/New_York")
    let inNewYork = try readCalendar(declared, options: importOptions(zone: "Asia/Tokyo")).document
    #expect(inNewYork.items[0].start == at("2026-07-05T13:00:00Z"))
  }

  @Test func io2_tzidResolvesIANAWindowsAndMozillaNames() throws {
    let names = [
      "Europe/Berlin", "W. Europe Standard Time", "/mozilla.org/20050126_1/Europe/Berlin",
      "\"Europe/Berlin\"",
    ]
    let items = try calendarItems(
      calendar(
        names.enumerated().map { index, name in
          "BEGIN:VEVENT\nUID:z\(index)\nDTSTART;TZID=\(name):20260705T090000\nSUMMARY:Z\nEND:VEVENT"
        }.joined(separator: "\n")))
    #expect(items.map(\.start) == Array(repeating: at("2026-07-05T07:00:00Z"), count: 4))
  }

  @Test func io2_tzidResolvesThroughTheFilesVTimezoneEvenWhenItComesLater() throws {
    let zone = centralEuropeanZone("Custom Central")
    let events = """
      BEGIN:VEVENT
      UID:winter
      DTSTART;TZID=Custom Central:20260115T090000
      SUMMARY:W
      END:VEVENT
      BEGIN:VEVENT
      UID:summer
      DTSTART;TZID="Custom Central":20260715T090000
      SUMMARY:S
      END:VEVENT
      """
    let expected = [at("2026-01-15T08:00:00Z"), at("2026-07-15T07:00:00Z")]
    #expect(try calendarItems(calendar(zone + "\n" + events)).map(\.start) == expected)
    let (late, summary) = try readCalendar(calendar(events + "\n" + zone))
    #expect(late.items.map(\.start) == expected)
    #expect(summary.isEmpty)
  }

  @Test func io2_unknownTzidIsReadAsLocalTimeAndReported() throws {
    let (document, summary) = try readCalendar(
      calendar(
        "BEGIN:VEVENT\nUID:u\nDTSTART;TZID=Mars/Olympus:20260705T090000\nSUMMARY:U\nEND:VEVENT"),
      options: importOptions(zone: "Asia/Tokyo"))
    #expect(document.items[0].start == at("2026-07-05T00:00:00Z"))
    #expect(
      summary.lines == [#"unknown TZID "Mars/Olympus" read as local time in Asia/Tokyo (1×)"#])
  }

  @Test func io2_localTimesInDSTGapsAndOverlapsFollowRFC5545() throws {
    // 02:30 does not exist on 2026-03-08 in New York (read with the offset before the gap:
    // 03:30 EDT); 01:30 occurs twice on 2026-11-01 (the first, EDT, is meant).
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:gap
        DTSTART;TZID=America/New_York:20260308T023000
        SUMMARY:Gap
        END:VEVENT
        BEGIN:VEVENT
        UID:overlap
        DTSTART;TZID=America/New_York:20261101T013000
        SUMMARY:Overlap
        END:VEVENT
        """))
    #expect(items.map(\.start) == [at("2026-03-08T07:30:00Z"), at("2026-11-01T05:30:00Z")])
  }
}
