import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-2: RRULE, RDATE, EXDATE and RECURRENCE-ID, expanded inside the window.
@Suite struct RecurrenceTests {
  /// One line of `Fixtures/rrule-reference.txt` (see `Scripts/rrule-reference`).
  struct Reference: CustomTestStringConvertible, Sendable {
    var start: String
    var rule: String
    var cutoff: String
    var instances: [String]
    var testDescription: String { "\(start) \(rule)" }

    static let all: [Reference] = {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rrule-reference.txt")
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").map { line in
        let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        return Reference(
          start: fields[0], rule: fields[1], cutoff: fields[2],
          instances: fields[3].split(separator: ",").map(String.init))
      }
    }()
  }

  /// `20260105T090000` as `2026-01-05T09:00:00Z`.
  static func rfc3339(_ compact: String) -> String {
    let c = Array(compact)
    return
      "\(String(c[0..<4]))-\(String(c[4..<6]))-\(String(c[6..<8]))T\(String(c[9..<11])):\(String(c[11..<13])):\(String(c[13..<15]))Z"
  }

  @Test(arguments: Reference.all)
  func io2_rruleMatchesReferenceExpansions(_ reference: Reference) throws {
    let options = importOptions(
      from: Self.rfc3339(reference.start), to: Self.rfc3339(reference.cutoff), limit: 100_000)
    let text = calendar(
      "BEGIN:VEVENT\nUID:r\nDTSTART:\(reference.start)\nRRULE:\(reference.rule)\nSUMMARY:R\nEND:VEVENT"
    )
    let items = try calendarItems(text, options: options)
    #expect(starts(items) == reference.instances.map(Self.rfc3339))
  }

  @Test func io2_referenceFixtureIsPresent() {
    #expect(Reference.all.count >= 300)
  }

  @Test func io2_weeklyBerlinMeetingStaysAtNineAcrossBothDSTChanges() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:weekly
        DTSTART;TZID=Europe/Berlin:20260316T090000
        DTEND;TZID=Europe/Berlin:20260316T100000
        RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261102T235959Z
        SUMMARY:Planning
        END:VEVENT
        """))
    #expect(items.count == 34)
    for item in items {
      #expect(
        RFC3339.string(item.start, in: TimeZone(identifier: "Europe/Berlin")!).contains("T09:00:00")
      )
      guard case .instant(let start) = item.start, case .instant(let end)? = item.end else {
        Issue.record("expected instants")
        continue
      }
      #expect(end.timeIntervalSince(start) == 3_600)
    }
    // Before the March change 08:00Z, in summer 07:00Z, after the October change 08:00Z.
    #expect(
      starts([items[1], items[2], items[32], items[33]]) == [
        "2026-03-23T08:00:00Z", "2026-03-30T07:00:00Z", "2026-10-26T08:00:00Z",
        "2026-11-02T08:00:00Z",
      ])
    #expect(items[2].id == "weekly/20260330T070000Z")
  }

  @Test func io2_dailyInstancesInTheDSTGapMoveForward() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:night
        DTSTART;TZID=America/New_York:20260306T023000
        RRULE:FREQ=DAILY;COUNT=4
        SUMMARY:Night shift
        END:VEVENT
        """))
    #expect(
      starts(items, in: "America/New_York") == [
        "2026-03-06T02:30:00-05:00", "2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00",
        "2026-03-09T02:30:00-04:00",
      ])
  }

  @Test func io2_byMonthDay31SkipsMonthsWithoutIt() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:m
        DTSTART;VALUE=DATE:20260131
        RRULE:FREQ=MONTHLY;COUNT=4
        SUMMARY:Month end
        END:VEVENT
        """))
    #expect(
      items.map(\.start) == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"].map(allDay))
    #expect(items.map(\.id) == ["m/20260131", "m/20260331", "m/20260531", "m/20260731"])
  }

  @Test func io2_countIncludesExdatedInstances() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:c
        DTSTART:20260105T090000Z
        RRULE:FREQ=DAILY;COUNT=5
        EXDATE:20260106T090000Z,20260108T090000Z
        SUMMARY:Count
        END:VEVENT
        """))
    #expect(
      starts(items) == ["2026-01-05T09:00:00Z", "2026-01-07T09:00:00Z", "2026-01-09T09:00:00Z"])
  }

  @Test func io2_rdateAddsAndExdateRemovesInstances() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:d
        DTSTART;TZID=Europe/Berlin:20260105T090000
        DTEND;TZID=Europe/Berlin:20260105T100000
        RRULE:FREQ=WEEKLY;COUNT=3
        RDATE;TZID=Europe/Berlin:20260107T140000
        RDATE;VALUE=PERIOD:20260110T120000Z/PT3H
        EXDATE;TZID=Europe/Berlin:20260112T090000
        EXDATE;VALUE=DATE:20260119
        SUMMARY:Mixed
        END:VEVENT
        """))
    #expect(
      starts(items) == ["2026-01-05T08:00:00Z", "2026-01-07T13:00:00Z", "2026-01-10T12:00:00Z"])
    #expect(
      items.map(\.end) == [
        at("2026-01-05T09:00:00Z"), at("2026-01-07T14:00:00Z"), at("2026-01-10T15:00:00Z"),
      ])
  }

  @Test func io2_recurrenceIDOverridesReplaceTheirInstances() throws {
    // The override comes before its series, as some exporters write it.
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VEVENT
        UID:s
        RECURRENCE-ID:20260107T090000Z
        DTSTART:20260107T150000Z
        DTEND:20260107T153000Z
        SUMMARY:Moved to the afternoon
        END:VEVENT
        BEGIN:VEVENT
        UID:s
        DTSTART:20260105T090000Z
        DTEND:20260105T093000Z
        RRULE:FREQ=DAILY;COUNT=4
        SUMMARY:Sync
        END:VEVENT
        BEGIN:VEVENT
        UID:s
        RECURRENCE-ID:20260108T090000Z
        DTSTART:20260108T090000Z
        STATUS:CANCELLED
        SUMMARY:Sync
        END:VEVENT
        """))
    #expect(summary.isEmpty)
    let items = document.items
    #expect(
      items.map(\.id) == [
        "s/20260105T090000Z", "s/20260106T090000Z", "s/20260107T090000Z", "s/20260108T090000Z",
      ])
    #expect(items[2].title == "Moved to the afternoon")
    #expect(
      items[2].start == at("2026-01-07T15:00:00Z") && items[2].end == at("2026-01-07T15:30:00Z"))
    #expect(items.map(\.kind) == [.event, .event, .event, .inactive])
  }

  @Test func io2_onlyInstancesInsideTheWindowAreKept() throws {
    let text = calendar(
      """
      BEGIN:VEVENT
      UID:forever
      DTSTART:20200106T090000Z
      DTEND:20200106T100000Z
      RRULE:FREQ=WEEKLY
      SUMMARY:Forever
      END:VEVENT
      BEGIN:VEVENT
      UID:single
      DTSTART:20100101T090000Z
      SUMMARY:Single events stay wherever they are
      END:VEVENT
      """)
    let items = try calendarItems(
      text, options: importOptions(from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z"))
    #expect(
      items.map(\.id) == [
        "single", "forever/20260105T090000Z", "forever/20260112T090000Z",
        "forever/20260119T090000Z",
        "forever/20260126T090000Z",
      ])
    // An instance that started before the window but is still running counts.
    let running = try calendarItems(
      text, options: importOptions(from: "2026-01-05T09:30:00Z", to: "2026-01-06T00:00:00Z"))
    #expect(running.map(\.id) == ["single", "forever/20260105T090000Z"])
  }

  @Test func io2_instanceCapIsReportedNotSilent() throws {
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VEVENT
        UID:often
        DTSTART:20260101T000000Z
        RRULE:FREQ=MINUTELY
        SUMMARY:Every minute
        END:VEVENT
        """),
      options: importOptions(from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z", limit: 500))
    #expect(document.items.count == 500)
    #expect(summary.lines == ["RRULE capped at 500 instances (1 event)"])
  }

  @Test func io2_allDaySeriesAcrossMonthsKeepTheirLength() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:trip
        DTSTART;VALUE=DATE:20260130
        DTEND;VALUE=DATE:20260203
        RRULE:FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3
        SUMMARY:Month-end trip
        END:VEVENT
        """))
    #expect(items.map(\.start) == ["2026-01-30", "2026-02-27", "2026-03-30"].map(allDay))
    #expect(items.map(\.end) == ["2026-02-02", "2026-03-02", "2026-04-02"].map(allDay))
  }
}
