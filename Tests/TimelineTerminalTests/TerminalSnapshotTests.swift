import Foundation
import SnapshotTesting
import Testing
import TimelineCore
import TimelineImport
import TimelineTerminal
import _TimelineTestSupport

/// Snapshots of what a person sees in the terminal. Review every changed snapshot as you
/// would a screenshot.
@Suite("OUT-1 terminal snapshots")
struct TerminalSnapshotTests {
  func document(_ name: String) throws -> TimelineDocument {
    try TimelineJSONReader.read(path: Fixtures.examplesDirectory.appendingPathComponent(name).path)
  }

  func render(
    _ name: String, now: String, width: Int = 80, style: TerminalStyle = .plain,
    configure: (inout TimelineConfiguration) -> Void = { _ in }
  ) throws -> String {
    let document = try document(name)
    var configuration = TimelineConfiguration(headerUnit: document.headerUnit)
    configure(&configuration)
    let presentation = TimelinePresentation(
      document: document,
      context: Fixtures.context(now: Fixtures.instant(now), zone: document.timeZone.identifier),
      configuration: configuration)
    var text = ""
    TimelineTerminalRenderer(width: width, style: style).render(presentation, to: &text)
    return text
  }

  @Test func cell1_cell2_seed002WorkPackage() throws {
    let text = try render("work-package.json", now: "2026-11-21T10:00:00-08:00")
    // The seed's cells: a start marker on 12/6/15 without a leading line, and the active
    // work package at 9:45 AM.
    #expect(text.contains("12/6/15 ◆"))
    #expect(text.contains("Planned Downtime Period Identified"))
    #expect(text.contains("Active"))
    assertSnapshot(of: text, as: .lines)
  }

  @Test func out1_seed002WorkPackageNarrowInColor() throws {
    let text = try render(
      "work-package.json", now: "2026-11-21T10:00:00-08:00", width: 44, style: .ansi)
    #expect(text.contains("\u{1B}["))
    assertSnapshot(of: text, as: .lines)
  }

  @Test func tl3_projectByWeekWithMarkers() throws {
    assertSnapshot(of: try render("project.json", now: "2026-11-21T12:00:00+01:00"), as: .lines)
  }

  @Test func out1_meetingsWithWideCharactersAndEmoji() throws {
    let text = try render("meetings.json", now: "2026-11-21T12:00:00+01:00", width: 60)
    for line in text.split(separator: "\n") {
      #expect(TerminalText.width(of: line) <= 60, "\(line)")
    }
    assertSnapshot(of: text, as: .lines)
  }

  @Test func tl6_emptyTimelineShowsItsEmptyState() throws {
    let text = try render("empty.json", now: "2026-11-21T12:00:00Z")
    #expect(text == "Nothing planned\n\nNo items\n")
  }

  @Test func tl6_entirelyPastTimelineEndsWithTheNowRule() throws {
    let text = try render("meetings.json", now: "2027-06-01T12:00:00+01:00")
    let lines = text.split(separator: "\n")
    #expect(lines.last?.contains("Now ━") == true)
    #expect(text.components(separatedBy: "Now ━").count == 2, "exactly one indicator")
  }

  @Test func tl6_entirelyFutureTimelineStartsWithTheNowRule() throws {
    let text = try render("meetings.json", now: "2026-01-01T12:00:00+01:00")
    let lines = text.split(separator: "\n").filter { !$0.isEmpty }
    // The title, the first header and its rule, then the indicator.
    let fourth = try #require(lines.dropFirst(3).first, "\(text)")
    #expect(fourth.contains("Now ━"), "after the title and the first header")
  }

  @Test func list1_list2_seed004Appointments() throws {
    let document = try document("appointments.json")
    let list = TimelineList(items: document.items, context: Fixtures.context())
    var text = ""
    ListTerminalRenderer(width: 40, style: .plain).render(list, to: &text)
    #expect(text.split(separator: "\n").first == " Sat 21  ●  Dentist")
    assertSnapshot(of: text, as: .lines)
  }

  @Test func pv1_pv3_previewStripCompactAndRegular() throws {
    let document = try document("work-package.json")
    let presentation = TimelinePresentation(
      document: document,
      context: Fixtures.context(
        now: Fixtures.instant("2026-11-21T10:00:00-08:00"), zone: document.timeZone.identifier))
    var compact = ""
    PreviewTerminalRenderer(width: 50, style: .plain).render(
      TimelinePreview(presentation, count: PreviewSize.compact.itemCount), to: &compact)
    #expect(compact.contains("See All (7)"))
    #expect(compact.contains("Today"))
    assertSnapshot(of: compact, as: .lines, named: "compact")
    var regular = ""
    PreviewTerminalRenderer(width: 100, style: .plain).render(
      TimelinePreview(presentation, count: PreviewSize.regular.itemCount), to: &regular)
    assertSnapshot(of: regular, as: .lines, named: "regular")
  }

  @Test func out1_plainOutputHasNoEscapeSequences() throws {
    let text = try render("project.json", now: "2026-11-21T12:00:00+01:00")
    #expect(!text.contains("\u{1B}"))
  }

  @Test func out1_hostileTextCannotEmitEscapeSequences() throws {
    let item = TimelineItem(
      id: "x", title: "\u{1B}]0;pwned\u{7}\u{1B}[2J", subtitle: "\u{9B}31m",
      start: .instant(Fixtures.noon),
      statusLabel: "\u{1B}[5m", description: "line\u{1B}[1A", attributes: ["\u{0}"])
    let presentation = TimelinePresentation(items: [item], context: Fixtures.context())
    var text = ""
    TimelineTerminalRenderer(width: 80, style: .plain).render(presentation, to: &text)
    #expect(
      !text.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value)
      })
  }
}
