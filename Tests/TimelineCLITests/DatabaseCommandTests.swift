import Foundation
import Testing
import _TimelineTestSupport

/// `timeline import/export/copy` on either database: an SQLite file (`--db`) or PostgreSQL
/// (`--database URL`, also `TIMELINE_DATABASE`).
@Suite("WEB-1 databases on the command line", .serialized)
struct DatabaseCommandTests {
  static let document = """
    {"version":1,"title":"Plant","timeZone":"Europe/Berlin","items":[
      {"id":"a","title":"Survey","start":"2026-11-20T09:00:00+01:00","children":[
        {"id":"a1","title":"Photos","start":"2026-11-20T09:30:00+01:00"}]},
      {"id":"b","title":"Repair","start":"2026-11-24","status":"inProgress","priority":2}
    ]}
    """

  static func temporaryDatabase(_ name: String) throws -> String {
    try CommandRunner.temporaryPath("\(name).sqlite")
  }

  static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  @Test func web1_copyMovesEveryTimelineToAnotherDatabaseAndSaysWhere() throws {
    let file = try CommandRunner.temporaryFile(Self.document, name: "plant.json")
    let source = try Self.temporaryDatabase("source")
    let target = try Self.temporaryDatabase("target")
    defer {
      Self.remove(source)
      Self.remove(target)
    }
    #expect(try CommandRunner.run(["import", file, "--db", source]).status == 0)
    #expect(
      try CommandRunner.run(["import", file, "--db", source, "--title", "Second"]).status == 0)
    let copied = try CommandRunner.run(["copy", "--from", source, "--to", target])
    #expect(copied.status == 0, "\(copied.standardError)")
    #expect(copied.standardOutput == "1 -> 1 Plant\n2 -> 2 Second\n")
    let original = try CommandRunner.run(["export", "2", "--db", source])
    let copy = try CommandRunner.run(["export", "2", "--db", target])
    #expect(copy.status == 0)
    // The same document, but for the export's own timestamp line.
    func body(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.contains("\"exported\"") }
    }
    #expect(body(copy.standardOutput) == body(original.standardOutput))
    #expect(copy.standardOutput.contains("Photos"))
    // One timeline only, by id; a missing one is named.
    let one = try CommandRunner.run(["copy", "--from", source, "--to", target, "--timeline", "1"])
    #expect(one.standardOutput == "1 -> 3 Plant\n")
    let missing = try CommandRunner.run([
      "copy", "--from", source, "--to", target, "--timeline", "9",
    ])
    #expect(missing.status == 66)
    #expect(missing.standardError.contains("no timeline 9"))
  }

  @Test func web1_aDatabaseURLThatCannotBeUsedIsRefusedWithItsReason() throws {
    let file = try CommandRunner.temporaryFile(Self.document, name: "plant.json")
    let refused = try CommandRunner.run([
      "import", file, "--database",
      "postgres://someone:hunter2@db.example/timeline?sslmode=require",
    ])
    #expect(refused.status == 74)
    #expect(refused.standardError.contains("sslmode=require is not supported"))
    // The password never reaches the terminal.
    #expect(!refused.standardError.contains("hunter2"))
    let environment = try CommandRunner.run(
      ["export", "1"], environment: ["TIMELINE_DATABASE": "mysql://db.example/timeline"])
    #expect(environment.status == 74)
    #expect(environment.standardError.contains("expected postgres://"))
  }

  @Test func web1_importExportAndCopyWorkOnPostgreSQL() throws {
    guard let url = ProcessInfo.processInfo.environment["TIMELINE_TEST_POSTGRES"], !url.isEmpty
    else {
      #expect(
        ProcessInfo.processInfo.environment["TIMELINE_REQUIRE_POSTGRES"] != "1",
        "TIMELINE_TEST_POSTGRES is not set")
      try Test.cancel("skipped: no PostgreSQL (set TIMELINE_TEST_POSTGRES, as Scripts/test does)")
    }
    let file = try CommandRunner.temporaryFile(Self.document, name: "plant.json")
    let source = try Self.temporaryDatabase("pg-source")
    defer { Self.remove(source) }
    let imported = try CommandRunner.run(["import", file, "--database", url])
    #expect(imported.status == 0, "\(imported.standardError)")
    let id = imported.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let exported = try CommandRunner.run(
      ["export", id, "--format", "csv"], environment: ["TIMELINE_DATABASE": url])
    #expect(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardOutput.contains("Repair"))
    // Back to an SQLite file, one timeline.
    let copied = try CommandRunner.run([
      "copy", "--from", url, "--to", source, "--timeline", id,
    ])
    #expect(copied.status == 0, "\(copied.standardError)")
    #expect(copied.standardOutput == "\(id) -> 1 Plant\n")
  }
}

/// TL-11 for standalone pages: a page of a large timeline holds a window around now.
@Suite("TL-11 windows of standalone pages")
struct PageWindowTests {
  /// `count` hourly items around 2026-11-21T12:00Z, in order.
  static func document(count: Int) -> String {
    let formatter = ISO8601DateFormatter()
    let start = formatter.date(from: "2026-11-21T12:00:00Z")!.addingTimeInterval(
      Double(-count / 2) * 3_600)
    let items = (0..<count).map { index in
      #"{"id":"i\#(index)","title":"Task \#(index)","start":"\#(formatter.string(from: start.addingTimeInterval(Double(index) * 3_600)))"}"#
    }
    return #"{"version":1,"timeZone":"UTC","items":["# + items.joined(separator: ",") + "]}"
  }

  @Test func tl11_aLargePageHoldsAWindowAroundNowAndSaysHowToSeeTheRest() throws {
    let file = try CommandRunner.temporaryFile(Self.document(count: 300), name: "hours.json")
    let page = try CommandRunner.run([
      "render", file, "--format", "html", "--now", "2026-11-21T12:30:00Z", "--limit", "60",
    ])
    #expect(page.status == 0, "\(page.standardError)")
    let html = page.standardOutput
    // 60 rows: a third before now (which stands before row 138, the first of today's
    // current rows), the rest after.
    #expect(html.components(separatedBy: " id=\"item-i").count - 1 == 60)
    #expect(html.contains("id=\"item-i118\"") && !html.contains("id=\"item-i117\""))
    #expect(html.contains("id=\"item-i177\"") && !html.contains("id=\"item-i178\""))
    #expect(html.contains("aria-current=\"time\""))
    // Labels count in the whole timeline, and the list starts at its place.
    #expect(html.contains("Item 119 of 300"))
    #expect(html.contains("<ol class=\"tl-rows\" start=\"119\""))
    let note = "Showing items 119–178 of 300."
    #expect(html.contains("role=\"note\">" + note))
    #expect(page.standardError.contains(note) && page.standardError.contains("--all"))
    // --all holds every row and says nothing; a timeline within the limit says nothing.
    let all = try CommandRunner.run([
      "render", file, "--format", "html", "--now", "2026-11-21T12:30:00Z", "--limit", "60", "--all",
    ])
    #expect(all.standardOutput.components(separatedBy: " id=\"item-i").count - 1 == 300)
    #expect(all.standardError.isEmpty && !all.standardOutput.contains(#"class="tl-window-note""#))
    // Around the selected row instead of now, in German.
    let selected = try CommandRunner.run([
      "render", file, "--format", "html", "--now", "2026-11-21T12:30:00Z", "--limit", "30",
      "--select", "i10", "--locale", "de_DE",
    ])
    #expect(selected.standardOutput.contains("id=\"item-i10\""))
    #expect(selected.standardError.contains("Einträge 1–30 von 300 werden gezeigt"))
  }
}

extension PageWindowTests {
  @Test func tl11_out1_aLargeSVGImageHoldsAWindowAndSaysSo() throws {
    let file = try CommandRunner.temporaryFile(Self.document(count: 300), name: "hours.json")
    let image = try CommandRunner.run([
      "render", file, "--format", "svg", "--now", "2026-11-21T12:30:00Z", "--limit", "60",
    ])
    #expect(image.status == 0, "\(image.standardError)")
    let svg = image.standardOutput
    // The same 60 rows as the page: a third before now, the rest after; the indicator
    // between them; the note under the title and on standard error.
    #expect(svg.contains(">Task 118<") && !svg.contains(">Task 117<"))
    #expect(svg.contains(">Task 177<") && !svg.contains(">Task 178<"))
    #expect(svg.contains(">Now<"))
    #expect(svg.contains("Showing items 119–178 of 300."))
    #expect(image.standardError.contains("Showing items 119–178 of 300."))
    // The description still speaks of the whole timeline.
    #expect(svg.contains("300 items"))
    let all = try CommandRunner.run([
      "render", file, "--format", "svg", "--now", "2026-11-21T12:30:00Z", "--limit", "60", "--all",
    ])
    #expect(all.standardOutput.contains(">Task 0<") && all.standardOutput.contains(">Task 299<"))
    #expect(all.standardError.isEmpty && !all.standardOutput.contains("Showing items"))
  }

  /// A feed of `count` cards of three items each.
  static func feed(count: Int) -> String {
    let cards = (0..<count).map { index in
      #"{"title":"Card \#(index)","items":[{"title":"Kick-off","start":"2026-11-02T09:00:00+01:00","status":"completed"},{"title":"Review","start":"2026-11-20"},{"title":"Ship","start":"2027-01-10T15:30:00+01:00"}]}"#
    }
    return #"{"version":1,"title":"Feed","timeZone":"Europe/Berlin","cards":["#
      + cards.joined(separator: ",") + "]}"
  }

  @Test func tl11_card5_aLargeFeedPageHoldsAWindowOfCards() throws {
    let file = try CommandRunner.temporaryFile(Self.feed(count: 12), name: "feed.json")
    let page = try CommandRunner.run([
      "render", file, "--view", "cards", "--format", "html", "--limit", "4", "--select", "7/0",
    ])
    #expect(page.status == 0, "\(page.standardError)")
    let html = page.standardOutput
    // The cards titled 6 to 9 (the selected one, the eighth, a third of the way down),
    // with the ids they have in the whole feed.
    #expect(html.components(separatedBy: "<article").count - 1 == 4)
    #expect(html.contains(">Card 6<") && html.contains(">Card 9<"))
    #expect(!html.contains(">Card 5<") && !html.contains(">Card 10<"))
    #expect(html.contains("card-7-title"))
    let note = "Showing cards 7–10 of 12."
    #expect(html.contains("role=\"note\">" + note))
    #expect(page.standardError.contains(note))
    let all = try CommandRunner.run([
      "render", file, "--view", "cards", "--format", "html", "--limit", "4", "--all",
    ])
    #expect(all.standardOutput.components(separatedBy: "<article").count - 1 == 12)
    #expect(all.standardError.isEmpty)
  }
}

/// TL-11 for the timeline list (LIST-1) and the feed's image: a long list's page and image
/// hold a window around today, a long feed's image a window of cards.
extension PageWindowTests {
  @Test func tl11_list1_aLongListsPageHoldsAWindowAroundTodayAndNamesItsFirstDay() throws {
    let file = try CommandRunner.temporaryFile(Self.document(count: 300), name: "hours.json")
    let now = "2026-11-21T12:30:00Z"
    let page = try CommandRunner.run([
      "render", file, "--view", "list", "--format", "html", "--now", now, "--limit", "60",
    ])
    #expect(page.status == 0, "\(page.standardError)")
    let html = page.standardOutput
    // Today's first row is i138 (00:00 on the 21st); a third of the 60 rows stand before it.
    #expect(html.components(separatedBy: "<li>").count - 1 == 60)
    #expect(html.contains(">Task 118<") && !html.contains(">Task 117<"))
    #expect(html.contains(">Task 177<") && !html.contains(">Task 178<"))
    // The window's first row (04:00 on the 20th) names its day although the day began
    // before the window; the next row of that day does not.
    #expect(!html.contains(#"datetime="2026-11-20T04:00:00Z"></time>"#))
    #expect(html.contains(#"datetime="2026-11-20T05:00:00Z"></time>"#))
    // Labels count in the whole list, which starts at its place.
    #expect(html.contains("Item 119 of 300"))
    #expect(html.contains(#"class="tl-list" aria-label="Appointments" start="119""#))
    let note = "Showing items 119–178 of 300."
    #expect(html.contains("role=\"note\">" + note))
    #expect(page.standardError.contains(note))
    let all = try CommandRunner.run([
      "render", file, "--view", "list", "--format", "html", "--now", now, "--limit", "60",
      "--all",
    ])
    #expect(all.standardOutput.components(separatedBy: "<li>").count - 1 == 300)
    #expect(all.standardError.isEmpty && !all.standardOutput.contains(#"class="tl-window-note""#))
    #expect(!all.standardOutput.contains("start="))
    let selected = try CommandRunner.run([
      "render", file, "--view", "list", "--format", "html", "--now", now, "--limit", "30",
      "--select", "i10",
    ])
    #expect(selected.standardOutput.contains(">Task 10<"))
    #expect(selected.standardError.contains("Showing items 1–30 of 300."))
  }

  @Test func tl11_list1_out1_aLongListsImageHoldsTheSameWindow() throws {
    let file = try CommandRunner.temporaryFile(Self.document(count: 300), name: "hours.json")
    let image = try CommandRunner.run([
      "render", file, "--view", "list", "--format", "svg", "--now", "2026-11-21T12:30:00Z",
      "--limit", "60",
    ])
    #expect(image.status == 0, "\(image.standardError)")
    let svg = image.standardOutput
    #expect(svg.contains(">Task 118<") && !svg.contains(">Task 117<"))
    #expect(svg.contains(">Task 177<") && !svg.contains(">Task 178<"))
    #expect(svg.contains("Showing items 119–178 of 300."))
    #expect(image.standardError.contains("Showing items 119–178 of 300."))
    // The description speaks of the whole list: 300 hours from the 15th to the 27th.
    #expect(svg.contains("300 items on 13 days"))
    // Two day labels' days of month stand in the window: the 20th (its first row) and 21st.
    #expect(svg.contains(">20<") && svg.contains(">21<") && !svg.contains(">19<"))
  }

  @Test func tl11_card5_out1_aLargeFeedsImageHoldsAWindowOfCards() throws {
    let file = try CommandRunner.temporaryFile(Self.feed(count: 12), name: "feed.json")
    let image = try CommandRunner.run([
      "render", file, "--view", "cards", "--format", "svg", "--limit", "4", "--select", "7/0",
    ])
    #expect(image.status == 0, "\(image.standardError)")
    let svg = image.standardOutput
    #expect(svg.components(separatedBy: "data-card=").count - 1 == 4)
    #expect(svg.contains(#"data-card="6""#) && svg.contains(#"data-card="9""#))
    #expect(!svg.contains(#"data-card="5""#) && !svg.contains(#"data-card="10""#))
    #expect(svg.contains("Showing cards 7–10 of 12."))
    #expect(image.standardError.contains("Showing cards 7–10 of 12."))
    #expect(svg.contains("12 cards"))
    let all = try CommandRunner.run([
      "render", file, "--view", "cards", "--format", "svg", "--limit", "4", "--all",
    ])
    #expect(all.standardOutput.components(separatedBy: "data-card=").count - 1 == 12)
    #expect(all.standardError.isEmpty)
  }
}

extension PageWindowTests {
  /// TL-11: the note's option names are `code` that never breaks after its dashes and reads
  /// left to right, in every shipped language (Japanese puts no space before them, Korean
  /// a particle right after); the note's text is the one on standard error.
  @Test(arguments: ["en", "de", "fr", "es", "it", "pt", "nl", "ja", "zh", "ko", "ar"])
  func tl11_theNotesOptionNamesDoNotBreak(language: String) throws {
    let file = try CommandRunner.temporaryFile(Self.document(count: 300), name: "hours.json")
    let feed = try CommandRunner.temporaryFile(Self.feed(count: 12), name: "feed.json")
    for arguments in [
      [file, "--limit", "60"], [file, "--view", "list", "--limit", "60"],
      [feed, "--view", "cards", "--limit", "4"],
    ] {
      let page = try CommandRunner.run(
        ["render"] + arguments + [
          "--format", "html", "--now", "2026-11-21T12:30:00Z", "--locale", language,
        ])
      #expect(page.status == 0, "\(page.standardError)")
      let html = page.standardOutput
      #expect(html.contains(".tl-window-note code{font:inherit;white-space:nowrap}"))
      let note = try #require(html.firstMatch(of: /role="note">(.*?)<\/p>/)?.1)
      let said = page.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        .replacingOccurrences(of: "timeline: ", with: "")
      let names = said.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) }
      #expect(!names.isEmpty)
      #expect(
        note.matches(of: /<code dir="ltr">(--[a-z][a-z0-9-]*)<\/code>/).map { String($0.1) }
          == names)
      #expect(note.replacing(/<\/?code[^>]*>/, with: "") == said)
    }
  }
}
