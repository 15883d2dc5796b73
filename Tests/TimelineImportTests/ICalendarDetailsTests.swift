import Foundation
import Testing
import TimelineCore
import TimelineImport

/// IO-2: ids, parents, duplicates and less common rule forms.
@Suite struct ICalendarDetailsTests {
  @Test func io2_relatedToMakesChildrenOneLevelDeep() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VTODO
        UID:sub
        RELATED-TO:parent
        DTSTART:20260106T090000Z
        SUMMARY:Subtask
        END:VTODO
        BEGIN:VTODO
        UID:parent
        DTSTART:20260105T090000Z
        SUMMARY:Parent
        END:VTODO
        BEGIN:VTODO
        UID:grandchild
        RELATED-TO;RELTYPE=PARENT:sub
        DTSTART:20260107T090000Z
        SUMMARY:Grandchild stays on top
        END:VTODO
        BEGIN:VTODO
        UID:sibling
        RELATED-TO;RELTYPE=SIBLING:parent
        DTSTART:20260108T090000Z
        SUMMARY:Sibling
        END:VTODO
        """))
    #expect(items.map(\.id) == ["parent", "grandchild", "sibling"])
    #expect(items[0].children.map(\.id) == ["sub"])
  }

  /// Found by fuzzing: an all-day series (a to-do with only DUE;VALUE=DATE) given an RDATE
  /// period in hours made an item with an all-day start and a date-time end, which the
  /// model does not allow and a round trip changed.
  @Test func io2_periodsInAnAllDaySeriesEndOnADay() throws {
    let (document, _) = try readCalendar(
      calendar(
        """
        BEGIN:VTODO
        UID:task
        DUE;VALUE=DATE:20260120
        RDATE;VALUE=PERIOD:20260110T120000Z/20260110T130000Z,20260112T120000Z/20260114T130000Z
        SUMMARY:Task
        END:VTODO
        """))
    let byID = Dictionary(uniqueKeysWithValues: document.items.map { ($0.id, $0) })
    #expect(byID["task/20260110"]?.start == day(2026, 1, 10))
    #expect(byID["task/20260110"]?.end == nil, "an hour stays on its day")
    #expect(byID["task/20260112"]?.end == day(2026, 1, 14), "two days and an hour end on the third")
    for item in document.items {
      #expect(item.end.map { $0.isAllDay == item.start.isAllDay } ?? true, "\(item.id)")
    }
    let ics = ICalendarWriter.string(document, timestamp: Date(timeIntervalSince1970: 0))
    let again = try ICalendarReader.read(
      ChunkedInput(bytes: Array(ics.utf8), name: "copy.ics"), options: importOptions(zone: "UTC")
    ).document
    #expect(again.items == document.items)
  }

  @Test func io2_duplicateAndMissingUIDsGetUniqueIds() throws {
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VEVENT
        UID:same
        DTSTART:20260105T090000Z
        SUMMARY:A
        END:VEVENT
        BEGIN:VEVENT
        UID:same
        DTSTART:20260106T090000Z
        SUMMARY:B
        END:VEVENT
        BEGIN:VEVENT
        DTSTART:20260107T090000Z
        END:VEVENT
        """))
    #expect(document.items.map(\.id) == ["same", "same#2", "item-1"])
    #expect(document.items.map(\.title) == ["A", "B", "Untitled"])
    #expect(
      summary.lines == [
        #"1 item without SUMMARY titled "Untitled""#, "1 duplicate id made unique with a suffix",
      ])
  }

  @Test func io2_mixedPlainAndNumberedWeekdays() throws {
    // python-dateutil returns nothing for this rule, so it is checked by hand:
    // Tuesdays, and the third Monday, of each month from Monday 1999-10-04.
    let items = try calendarItems(
      calendar(
        "BEGIN:VEVENT\nUID:m\nDTSTART:19991004T043000\nRRULE:FREQ=MONTHLY;BYDAY=TU,3MO;COUNT=7\nSUMMARY:M\nEND:VEVENT"
      ),
      options: importOptions(from: "1999-01-01T00:00:00Z", to: "2000-01-01T00:00:00Z"))
    #expect(
      starts(items) == [
        "1999-10-04T04:30:00Z", "1999-10-05T04:30:00Z", "1999-10-12T04:30:00Z",
        "1999-10-18T04:30:00Z",
        "1999-10-19T04:30:00Z", "1999-10-26T04:30:00Z", "1999-11-02T04:30:00Z",
      ])
  }

  @Test func io2_untilInUTCForAZonedSeriesIsInclusive() throws {
    let items = try calendarItems(
      calendar(
        """
        BEGIN:VEVENT
        UID:u
        DTSTART;TZID=America/New_York:20260105T090000
        RRULE:FREQ=DAILY;UNTIL=20260107T140000Z
        SUMMARY:U
        END:VEVENT
        """))
    #expect(
      starts(items) == ["2026-01-05T14:00:00Z", "2026-01-06T14:00:00Z", "2026-01-07T14:00:00Z"])
  }

  @Test func io2_ruleThatNeverMatchesEndsAtTheWindow() throws {
    let (document, summary) = try readCalendar(
      calendar(
        "BEGIN:VEVENT\nUID:n\nDTSTART:20260105T090000Z\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3\nSUMMARY:Never\nEND:VEVENT"
      ))
    #expect(document.items.map(\.id) == ["n/20260105T090000Z"])
    #expect(summary.isEmpty)
  }

  @Test func io2_secondlyRuleFromLongAgoStopsAndIsReported() throws {
    let (document, summary) = try readCalendar(
      calendar(
        "BEGIN:VEVENT\nUID:s\nDTSTART:19700101T000000Z\nRRULE:FREQ=SECONDLY;COUNT=1000000000\nSUMMARY:S\nEND:VEVENT"
      ))
    #expect(document.items.isEmpty)
    #expect(summary.lines == ["RRULE expansion stopped after 2,000,000 steps (1 event)"])
  }

  @Test func io2_invalidMinorValuesAreIgnoredAndReported() throws {
    let (document, summary) = try readCalendar(
      calendar(
        """
        BEGIN:VEVENT
        UID:x
        DTSTART:20260105T090000Z
        DTEND;VALUE=DATE:20260106
        SUMMARY:X
        PRIORITY:high
        STATUS:MAYBE
        X-TIMELINE-KIND:milestone
        END:VEVENT
        """, header: "X-WR-TIMEZONE:Mars/Olympus"))
    #expect(document.items.count == 1)
    #expect(document.items[0].end == nil && document.items[0].priority == nil)
    #expect(
      summary.lines == [
        "1 invalid X-WR-TIMEZONE ignored", "1 invalid PRIORITY ignored",
        "1 invalid X-TIMELINE-KIND ignored",
        "1 DTEND ignored: it is not of the same type as DTSTART", "1 invalid STATUS ignored",
      ])
  }
}
