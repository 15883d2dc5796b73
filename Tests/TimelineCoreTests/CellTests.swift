import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("CELL-1, CELL-2, TL-2 and A11Y-1 row contents")
struct CellTests {
  /// Seed 002's work package and project start marker.
  static let seed002: [TimelineItem] = [
    TimelineItem(
      id: "start", kind: .start, title: "Project Start",
      start: .day(Fixtures.day("2015-12-06"))),
    TimelineItem(
      id: "t1", title: "Planned Downtime Period Identified", subtitle: "Work Package",
      start: .instant(Fixtures.instant("2026-11-21T09:45:00-08:00")), status: .inProgress,
      statusLabel: "Active", substatusLabel: "High", description: "Line 4 stops for inspection",
      supportingText: "Maintenance", attributes: ["Line 4", "2 h", "ignored third"], icon: "rain"),
  ]

  let presentation = TimelinePresentation(
    items: seed002,
    context: Fixtures.context(
      now: Fixtures.instant("2026-11-21T12:00:00-08:00"), zone: "America/Los_Angeles"))

  @Test func cell1_timelineCellCarriesEveryField() throws {
    let row = presentation.row(at: 1)
    guard case .cell(let cell) = row.content else {
      Issue.record("expected a cell")
      return
    }
    #expect(cell.headline == "Planned Downtime Period Identified")
    #expect(cell.subheadline == "Work Package")
    #expect(cell.eventText.hasPrefix("9:45"))
    #expect(cell.eventText.hasSuffix("AM"))
    #expect(cell.eventImage == "rain")
    #expect(cell.node == .inProgress)
    #expect(cell.status == "Active")
    #expect(cell.substatus == "High")
    #expect(cell.attribute == "Line 4")
    #expect(cell.subattribute == "2 h")
    #expect(cell.isSelectable)
  }

  @Test func cell2_markerCellHasTitleNodeEventTextAndLines() {
    let row = presentation.row(at: 0)
    guard case .marker(let marker) = row.content else {
      Issue.record("expected a marker")
      return
    }
    #expect(marker.title == "Project Start")
    #expect(marker.node == .start)
    #expect(marker.eventText == "12/6/15")
    #expect(marker.showsLeadingLine == false)
    #expect(marker.showsTrailingLine == true)
    #expect(row.isSelectable == false)
  }

  @Test func tl2_cardShowsAtMostTwoStatusesAndTwoAttributes() {
    let row = presentation.row(at: 1)
    #expect(row.statuses == ["Active", "High"])
    #expect(row.attributes == ["Line 4", "2 h"])
    // An item with more attributes shows its first two.
    let crowded = TimelinePresentation(
      items: [
        TimelineItem(
          id: "c", title: "Crowded", start: .day(CalendarDay(year: 2026, month: 11, day: 21)!),
          attributes: ["Dock A", "Dock B", "Dock C", "Dock D"])
      ], context: Fixtures.context())
    #expect(crowded.row(at: 0).attributes == ["Dock A", "Dock B"])
  }

  @Test func tl2_aStatusStackLineIsATextAnIconOrBoth() throws {
    let day = TimelineDate.day(Fixtures.day("2026-11-21"))
    let items = [
      // Seed 002's status image alone, then a sub-status with text and icon.
      TimelineItem(
        id: "a", title: "A", start: day, substatusLabel: "Active", statusIcon: "error",
        substatusIcon: "flag"),
      // A sub-status alone moves up to the first line.
      TimelineItem(id: "b", title: "B", start: day, substatusLabel: "High"),
      // An icon with nothing to show beside it.
      TimelineItem(id: "c", title: "C", start: day, substatusIcon: "done"),
      TimelineItem(id: "d", title: "D", start: day),
    ]
    let presentation = TimelinePresentation(items: items, context: Fixtures.context())
    let stacks = (0..<4).map { presentation.row(at: $0).statusStack }
    #expect(
      stacks[0] == [
        StatusLine(label: nil, icon: "error"), StatusLine(label: "Active", icon: "flag"),
      ])
    #expect(stacks[1] == [StatusLine(label: "High", icon: nil)])
    #expect(stacks[2] == [StatusLine(label: nil, icon: "done")])
    #expect(stacks[3].isEmpty)
    // The labels alone, as before; the cell of seed 002 carries both images.
    #expect(presentation.row(at: 0).statuses == ["Active"])
    guard case .cell(let cell) = presentation.row(at: 0).content else {
      Issue.record("expected a cell")
      return
    }
    #expect(cell.status == nil && cell.statusImage == "error")
    #expect(cell.substatus == "Active" && cell.substatusImage == "flag")
    // The presentation JSON carries the stack as drawn.
    var json = ""
    PresentationJSON.write(presentation, to: &json)
    #expect(
      json.contains(
        #""statusStack":[{"label":null,"icon":"error"},{"label":"Active","icon":"flag"}]"#))
    #expect(json.contains(#""statusStack":[]"#))
    // A renderer without an icon leaves it out, and a line left empty goes; an empty name
    // is no icon.
    let known = presentation.row(at: 0).statusStack { $0 == "flag" }
    #expect(known == [StatusLine(label: "Active", icon: "flag")])
    let empty = TimelinePresentation(
      items: [TimelineItem(id: "e", title: "E", start: day, statusIcon: "")],
      context: Fixtures.context())
    #expect(empty.row(at: 0).statusStack.isEmpty)
  }

  @Test func tl9_aChangeOfStateRemovesTheStatusLabelAndIcon() {
    var item = TimelineItem(
      id: "t", title: "T", start: .day(Fixtures.day("2026-11-21")), statusLabel: "Failed",
      statusIcon: "error", substatusIcon: "flag")
    item.setStatus(.open)
    #expect(item.statusLabel == "Failed" && item.statusIcon == "error")
    item.setStatus(.completed)
    #expect(item.statusLabel == nil && item.statusIcon == nil)
    #expect(item.substatusIcon == "flag")
  }

  @Test func a11y1_rowsAreAnnouncedAsItemIOfN() {
    let label = presentation.row(at: 1).accessibilityLabel
    #expect(label.hasPrefix("Item 2 of 2, 9:45"))
    #expect(label.hasSuffix(", Active, High, Planned Downtime Period Identified"))
    #expect(
      presentation.row(at: 0).accessibilityLabel == "Item 1 of 2, 12/6/15, Start, Project Start")
  }

  @Test func a11y1_labelsAreLocalizedAndKeepPercentSigns() {
    let german = TimelinePresentation(
      items: [Fixtures.event("x", "2026-11-21T09:00:00Z", title: "100% %d %@ done")],
      context: Fixtures.context(locale: "de_DE"))
    #expect(
      german.row(at: 0).accessibilityLabel == "Eintrag 1 von 1, 09:00, Offen, 100% %d %@ done")
  }

  @Test func tl2_timestampsShowDateWhenSectionsAreLongerThanADay() {
    let weekly = TimelinePresentation(
      items: [Fixtures.event("x", "2026-11-21T09:00:00Z")], context: Fixtures.context(),
      configuration: TimelineConfiguration(headerUnit: .month))
    let stamp = weekly.row(at: 0).timestamp
    #expect(stamp.hasPrefix("Nov 21\n9:00"))
    #expect(weekly.row(at: 0).dateTime == "2026-11-21T09:00:00Z")
  }
}
