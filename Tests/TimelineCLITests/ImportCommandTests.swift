import Foundation
import Testing
import _TimelineTestSupport

/// IO-2, IO-3, IO-4 from the outside: `render`, `preview` and `convert` read .ics and .csv.
@Suite("iCalendar and CSV on the command line", .serialized)
struct ImportCommandTests {
  static let now = "2026-11-21T12:00:00Z"

  static let calendar = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    X-WR-CALNAME:Team\r
    X-WR-TIMEZONE:Europe/Berlin\r
    BEGIN:VEVENT\r
    UID:standup\r
    DTSTART;TZID=Europe/Berlin:20261116T090000\r
    DTEND;TZID=Europe/Berlin:20261116T091500\r
    RRULE:FREQ=DAILY;COUNT=10\r
    EXDATE;TZID=Europe/Berlin:20261118T090000\r
    SUMMARY:Standup\r
    LOCATION:Room 4\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:report\r
    DUE:20261120T170000Z\r
    STATUS:COMPLETED\r
    SUMMARY:Report\r
    END:VTODO\r
    BEGIN:VJOURNAL\r
    UID:notes\r
    END:VJOURNAL\r
    BEGIN:VJOURNAL\r
    UID:more-notes\r
    END:VJOURNAL\r
    END:VCALENDAR\r

    """

  static func rows(_ output: String) throws -> [[String: Any]] {
    let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    return (json["sections"] as! [[String: Any]]).flatMap { $0["rows"] as! [[String: Any]] }
  }

  @Test func io2_renderReadsICalendarAndSummarizesWhatWasSkipped() throws {
    let path = try CommandRunner.temporaryFile(Self.calendar, name: "team.ics")
    let result = try CommandRunner.run(["render", path, "--format", "json", "--now", Self.now])
    #expect(result.status == 0, "\(result.standardError)")
    let rows = try Self.rows(result.standardOutput)
    #expect(rows.count == 10)
    #expect(rows.first?["id"] as? String == "standup/20261116T080000Z")
    #expect(
      rows.contains { $0["id"] as? String == "report" && $0["node"] as? String == "completed" })
    #expect(result.standardError == "timeline: \(path): 2 VJOURNAL skipped\n")
  }

  @Test func io2_fromAndToLimitTheRecurrenceWindow() throws {
    let path = try CommandRunner.temporaryFile(Self.calendar, name: "team.ics")
    let result = try CommandRunner.run([
      "render", path, "--format", "json", "--now", Self.now, "--from", "2026-11-20", "--to",
      "2026-11-22T00:00:00Z",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let ids = try Self.rows(result.standardOutput).map { $0["id"] as! String }
    #expect(ids == ["standup/20261120T080000Z", "report", "standup/20261121T080000Z"])
    let preview = try CommandRunner.run([
      "preview", path, "--format", "json", "--now", Self.now, "--until", "2026-11-30", "--count",
      "2",
    ])
    #expect(preview.status == 0)
    #expect(preview.standardOutput.contains("\"count\":10"))
  }

  @Test func io3_renderAndPreviewReadCSV() throws {
    let csv =
      "id;title;start;status;attributes;attributes\r\nb;Repair, part 2;2026-11-24;;Line 4;2 h\r\na;\"Survey \"\"A\"\"\";2026-11-20T09:00:00+01:00;completed;;\r\n"
    let path = try CommandRunner.temporaryFile(csv, name: "plan.csv")
    let result = try CommandRunner.run(["render", path, "--format", "json", "--now", Self.now])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.rows(result.standardOutput).map { $0["id"] as! String } == ["a", "b"])
    #expect(result.standardOutput.contains(#""title":"Survey \"A\"""#))
    let preview = try CommandRunner.run(["preview", path, "--format", "json", "--now", Self.now])
    #expect(preview.status == 0)
    #expect(preview.standardOutput.contains("\"See All (2)\""))
  }

  @Test func io2_inputFormatOverridesTheExtensionAndStandardInputIsDetected() throws {
    let path = try CommandRunner.temporaryFile(Self.calendar, name: "export.txt")
    let explicit = try CommandRunner.run([
      "render", path, "--input-format", "ics", "--format", "json", "--now", Self.now,
    ])
    #expect(explicit.status == 0, "\(explicit.standardError)")
    let detected = try CommandRunner.run(
      ["render", "-", "--format", "json", "--now", Self.now], input: Data(Self.calendar.utf8))
    #expect(detected.status == 0)
    #expect(detected.standardError == "timeline: <stdin>: 2 VJOURNAL skipped\n")
    let csv = try CommandRunner.run(
      ["render", "-", "--format", "json", "--now", Self.now],
      input: Data("title,start\nA,2026-11-21\n".utf8))
    #expect(try Self.rows(csv.standardOutput).count == 1)
  }

  /// A repeated id is found after reading; a file is read again to say where both uses
  /// are, and standard input, which cannot be, notes where every id is as it goes.
  @Test func io4_repeatedCSVIdsAreLocatedInFilesAndOnStandardInput() throws {
    let text = "id,title,start\na,One,2026-11-21\nb,Two,2026-11-22\n\"a\",Three,2026-11-23\n"
    let path = try CommandRunner.temporaryFile(text, name: "repeat.csv")
    let file = try CommandRunner.run(["render", path, "--now", Self.now])
    #expect(file.status == 65)
    #expect(file.standardError.contains(#"repeat.csv:4:2: duplicate id "a" (first used at 2:1)"#))
    let piped = try CommandRunner.run(
      ["render", "-", "--input-format", "csv", "--now", Self.now], input: Data(text.utf8))
    #expect(piped.status == 65)
    #expect(piped.standardError.contains(#"<stdin>:4:2: duplicate id "a" (first used at 2:1)"#))
    #expect(piped.standardOutput.isEmpty)
  }

  @Test func io2_convertRoundTripsThroughJSONAndICalendar() throws {
    let source = try CommandRunner.temporaryFile(Self.calendar, name: "team.ics")
    let directory = URL(fileURLWithPath: source).deletingLastPathComponent()
    let json1 = directory.appendingPathComponent("one.json").path
    let ics = directory.appendingPathComponent("two.ics").path
    let common = ["--now", Self.now, "--time-zone", "UTC"]
    #expect(
      try CommandRunner.run(["convert", source, "--to", "json", "-o", json1] + common).status == 0)
    #expect(
      try CommandRunner.run(["convert", json1, "--to", "ics", "--output", ics] + common).status == 0
    )
    let back = try CommandRunner.run(["convert", ics, "--to", "json"] + common)
    #expect(back.status == 0, "\(back.standardError)")
    #expect(back.standardError.isEmpty)
    let first = try String(contentsOfFile: json1, encoding: .utf8)
    try #require(back.standardOutput == first)
    #expect(back.standardOutput.contains(#""title": "Team""#))
    #expect(back.standardOutput.contains(#""timeZone": "Europe/Berlin""#))
    #expect(back.standardOutput.contains(#""attributes": ["Room 4"]"#))
    let icsText = try String(contentsOfFile: ics, encoding: .utf8)
    #expect(icsText.contains("DTSTAMP:20261121T120000Z\r\n"))
  }

  @Test(arguments: [
    (
      "team.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261132T090000Z\r\n",
      "team.ics:3:9: invalid date"
    ),
    (
      "team.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n",
      "team.ics:4:1: unexpected end of input"
    ),
    ("plan.csv", "title,start\nA,2026-11-21\nB,tomorrow\n", "plan.csv:3:3: invalid date"),
    ("plan.csv", "title,start\n\"A,2026-11-21\n", "plan.csv:2:1: expected a closing quote"),
  ])
  func io4_badCalendarsAndCSVExit65WithFileLineAndColumn(
    name: String, text: String, expected: String
  ) throws {
    let path = try CommandRunner.temporaryFile(text, name: name)
    for command in [["render", path], ["preview", path], ["convert", path, "--to", "json"]] {
      let result = try CommandRunner.run(command + ["--now", Self.now])
      #expect(result.status == 65, "\(command): \(result.standardError)")
      #expect(
        result.standardError.contains(path.replacingOccurrences(of: name, with: "") + expected),
        "\(result.standardError)")
      #expect(result.standardOutput.isEmpty, "nothing half-written")
    }
  }

  @Test(arguments: [
    ["render", "x.ics", "--input-format", "xml"], ["render", "x.ics", "--from", "someday"],
    ["render", "x.ics", "--from", "2026-02-01", "--to", "2026-01-01"], ["convert", "x.ics"],
    ["convert", "x.ics", "--to", "xml"], ["convert", "x.ics", "--to", "json", "--until", "never"],
  ])
  func io4_importUsageErrorsExit64(arguments: [String]) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.standardError)")
  }

  @Test func io4_unwritableOutputExits73AndLargeFilesShowNoBarWhenStderrIsAPipe() throws {
    var csv = "title,start,description\n"
    for index in 0..<90_000 {
      csv += "Item \(index),2026-11-21T10:00:00Z,\(String(repeating: "x", count: 60))\n"
    }
    let path = try CommandRunner.temporaryFile(csv, name: "large.csv")
    let result = try CommandRunner.run([
      "convert", path, "--to", "json", "-o", "/nonexistent/dir/out.json",
    ])
    #expect(result.status == 73)
    #expect(result.standardError.hasPrefix("timeline: cannot write /nonexistent/dir/out.json: "))
    #expect(!result.standardError.contains("\r"))
  }
}
