import Foundation
import Testing
import _TimelineTestSupport

@Suite("CLI search, filters, sort and the feedback bar", .serialized)
struct QueryCommandTests {
  static let project = Fixtures.examplesDirectory.appendingPathComponent("project.json").path
  static let now = ["--now", "2026-11-21T12:00:00+01:00"]

  func json(_ arguments: [String]) throws -> [String: Any] {
    let result = try CommandRunner.run(arguments + Self.now + ["--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
      as! [String: Any]
  }

  func ids(_ json: [String: Any]) -> [String] {
    (json["sections"] as! [[String: Any]]).flatMap {
      ($0["rows"] as! [[String: Any]]).map { $0["id"] as! String }
    }
  }

  @Test func tl10_searchAndFiltersNarrowTheRows() throws {
    #expect(ids(try json(["render", Self.project, "--search", "AUDIT"])) == ["a11y"])
    #expect(
      ids(
        try json([
          "render", Self.project, "--filter", "status=open", "--filter", "status=inProgress",
        ])) == ["build", "content", "a11y"])
    #expect(
      ids(try json(["render", Self.project, "--filter", "kind=start", "--filter", "kind=end"])) == [
        "kickoff", "launch",
      ])
  }

  @Test func tl10_listAndCardsRefuseAQueryInsteadOfIgnoringIt() throws {
    for view in ["list", "cards"] {
      let result = try CommandRunner.run(
        ["render", Self.project, "--view", view, "--search", "AUDIT", "--sort", "title"] + Self.now)
      #expect(result.status == 64, "--view \(view)")
      #expect(result.standardOutput.isEmpty, "nothing printed as if it had been applied")
      #expect(result.standardError.contains("--search, --sort apply to --view timeline"))
    }
    let plain = try CommandRunner.run(["render", Self.project, "--view", "list"] + Self.now)
    #expect(plain.status == 0)
  }

  @Test func sort6_aPrioritySortRanksTheFilteredRows() throws {
    let result = try json([
      "render", Self.project, "--sort", "priority:desc,date", "--filter", "status=open", "--filter",
      "status=inProgress",
    ])
    #expect(ids(result) == ["content", "build", "a11y"])
  }

  @Test func ffb2_ffb9_jsonCarriesTheBarWithSortChipFirstAndTheMatchCount() throws {
    let result = try json([
      "render", Self.project, "--fast-filters", "status=open,status=completed", "--filter",
      "status=completed", "--sort", "title",
    ])
    let bar = result["bar"] as! [String: Any]
    let chips = bar["chips"] as! [[String: Any]]
    #expect(chips.map { $0["text"] as! String } == ["Sort By: Title", "Completed", "Open"])
    #expect(chips.map { $0["active"] as! Bool } == [true, true, false])
    #expect(chips.map { $0["kind"] as! String } == ["sort", "filter", "filter"])
    #expect(bar["matches"] as? Int == result["total"] as? Int)
  }

  @Test func ffb8_selectionChipsShowTheDownArrowAndTheirSelectionView() throws {
    let fast = ["--fast-filters", "status=open,attribute=Video", "--selection-chips", "status"]
    let chips =
      (try json(["render", Self.project] + fast)["bar"] as! [String: Any])["chips"]
      as! [[String: Any]]
    #expect(chips.map { $0["disclosure"] as! Bool } == [true, false])
    let page = try CommandRunner.run(
      ["render", Self.project, "--format", "html"] + fast + Self.now)
    #expect(page.status == 0)
    #expect(page.standardOutput.contains(#"id="tl-select-status""#))
    #expect(page.standardOutput.contains(#"aria-controls="tl-select-status""#))
    #expect(!page.standardOutput.contains("tl-select-attribute"))
  }

  @Test(arguments: [
    (["--selection-chips", "from"], "expected one of: status, kind, attribute, priority"),
    (["--selection-chips", "kind"], "no fast filter of kind"),
  ])
  func ffb8_selectionChipsThatCannotShowAreRefused(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(
      ["render", Self.project, "--fast-filters", "status=open"] + arguments + Self.now)
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains(message))
  }

  @Test func ffb10_noBarWithoutFastFiltersFiltersOrSort() throws {
    #expect(try json(["render", Self.project])["bar"] == nil)
  }

  @Test func ffb1_terminalShowsTheBarAboveTheTimeline() throws {
    let result = try CommandRunner.run(
      [
        "render", Self.project, "--fast-filters", "status=open,status=completed", "--filter",
        "status=open", "--width", "60",
      ] + Self.now)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "[✓ Open] [ Completed ] 2 results")
  }

  @Test(arguments: [
    (["--filter", "colour=red"], "colour"), (["--filter", "status=done"], "done"),
    (["--filter", "priority=x"], "priority"),
    (["--sort", "price"], "price"), (["--fast-filters", "kind=milestone"], "milestone"),
  ])
  func tl10_badQueryValuesAreUsageErrorsNamingTheValue(arguments: [String], named: String) throws {
    let result = try CommandRunner.run(["render", Self.project] + arguments)
    #expect(result.status == 64)
    #expect(result.standardError.contains(named))
    #expect(result.standardError.contains("expected one of"))
  }

  @Test(arguments: [["--filter", ""], ["--sort", ""]])
  func tl10_anEmptyQueryFlagIsAUsageError(arguments: [String]) throws {
    let result = try CommandRunner.run(["render", Self.project] + arguments)
    #expect(result.status == 64)
    #expect(result.standardError.contains(arguments[0] + ": expected"))
  }

  @Test func pv6_previewUsesTheFilteredTimeline() throws {
    let result = try json([
      "preview", Self.project, "--filter", "status=completed", "--size", "compact",
    ])
    #expect((result["seeAll"] as! [String: Any])["count"] as? Int == 3)
  }
}
