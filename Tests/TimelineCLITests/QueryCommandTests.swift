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

  @Test func tl3_foldTheSectionsOfThePastInEveryOutput() throws {
    let plain = try json(["render", Self.project])
    let folded = try json(["render", Self.project, "--fold", "past"])
    let sections = folded["sections"] as! [[String: Any]]
    let summarized = sections.filter { $0["folded"] as? Bool == true }
    #expect(!summarized.isEmpty && summarized.count < sections.count)
    // The rows of unfolded sections are as before; the folded ones are counted instead.
    let counted = summarized.map { ($0["summary"] as! [String: Any])["count"] as! Int }
    #expect(ids(folded).count + counted.reduce(0, +) == ids(plain).count)
    #expect(ids(folded) == ids(plain).suffix(ids(folded).count))
    let text = (summarized[0]["summary"] as! [String: Any])["text"] as! String
    let key = summarized[0]["key"] as! String
    // The terminal, the page and the image say the same summary.
    let terminal = try CommandRunner.run(["render", Self.project, "--fold", "past"] + Self.now)
    #expect(terminal.status == 0)
    #expect(terminal.standardOutput.contains("▸ " + text))
    let page = try CommandRunner.run(
      ["render", Self.project, "--fold", "past", "--format", "html"] + Self.now)
    #expect(page.standardOutput.contains(#"<p class="tl-summary">"# + text + "</p>"))
    let image = try CommandRunner.run(
      ["render", Self.project, "--fold", "past", "--format", "svg"] + Self.now)
    #expect(image.status == 0)
    #expect(image.standardOutput.contains(">" + text + "<"))
    // One section by its key: only that one.
    let one = try json(["render", Self.project, "--fold", key])
    #expect(
      (one["sections"] as! [[String: Any]]).filter { $0["folded"] as? Bool == true }.map {
        $0["key"] as! String
      } == [key])
    // A key that cannot be one is refused with the flag's name.
    let refused = try CommandRunner.run(["render", Self.project, "--fold", "two words"] + Self.now)
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("--fold"))
    let list = try CommandRunner.run(
      ["render", Self.project, "--view", "list", "--fold", "past"] + Self.now)
    #expect(list.status == 64)
    #expect(list.standardError.contains("--fold applies to --view timeline"))
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
