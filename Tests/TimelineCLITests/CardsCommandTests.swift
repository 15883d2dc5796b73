import Foundation
import Testing
import _TimelineTestSupport

@Suite("CLI cards view", .serialized)
struct CardsCommandTests {
  static let cards = Fixtures.examplesDirectory.appendingPathComponent("cards.json").path

  @Test func card1_card4_jsonListsElementsWithPathsAndTheSelection() throws {
    let result = try CommandRunner.run([
      "render", Self.cards, "--view", "cards", "--format", "json", "--select", "0/1/0", "--now",
      "2026-11-21T12:00:00Z",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let json =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
    let cards = json["cards"] as! [[String: Any]]
    #expect(cards.count == 3)
    let elements = cards[0]["elements"] as! [[String: Any]]
    #expect(elements.map { $0["path"] as! String } == ["0/0", "0/1", "0/2", "0/3", "0/4"])
    #expect(
      (elements[1]["children"] as! [[String: Any]]).map { $0["title"] as! String } == [
        "TestFlight build", "Crash triage",
      ])
    #expect((json["selection"] as! [String: Any])["type"] as? String == "selectChild")
    #expect((cards[1]["appearance"] as! [String: Any])["itemShape"] as? String == "diamond")
  }

  @Test func card4_unknownPathIsAUsageError() throws {
    let result = try CommandRunner.run(["render", Self.cards, "--view", "cards", "--select", "0/9"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("0/9"))
  }

  /// A card number far outside a feed longer than a page is said, not trapped on: the page
  /// chooses the cards it keeps from it before the feed is read (TL-11).
  @Test(arguments: ["-9223372036854775808/0", "9223372036854775807/0", "-1/0", "5/0"])
  func card4_tl11_aCardNumberOutsideALongFeedIsAUsageError(path: String) throws {
    let cards = (0..<5).map { #"{"items":[{"title":"Card \#($0)"}]}"# }
    let feed = try CommandRunner.temporaryFile(
      #"{"cards":["# + cards.joined(separator: ",") + "]}", name: "feed.json")
    for format in ["html", "svg"] {
      let result = try CommandRunner.run([
        "render", feed, "--view", "cards", "--format", format, "--limit", "2",
        "--select=\(path)",
      ])
      #expect(result.status == 64, "\(format) \(path)")
      #expect(result.standardError.contains("names no part of the cards"))
    }
  }

  @Test func card2_nestedGroupsAreBadData() throws {
    let path = try CommandRunner.temporaryFile(
      #"{"cards":[{"items":[{"title":"a","children":[{"title":"b","children":[{"title":"c"}]}]}]}]}"#,
      name: "cards.json")
    let result = try CommandRunner.run(["render", path, "--view", "cards"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("cards.json:1:"))
    #expect(result.standardError.contains("one level"))
  }

  /// Cards are mapped on every core; the error reported is still the first in the file,
  /// and every card keeps its place.
  @Test func card5_aLargeFeedReportsItsFirstBadCardAndKeepsOrder() throws {
    func feed(badAt bad: Set<Int>) -> String {
      let cards = (0..<5_000).map { index in
        let status = bad.contains(index) ? "finished" : "open"
        return #"{"title":"Card \#(index)","items":[{"title":"t","status":"\#(status)"}]}"#
      }
      return "{\"cards\":[\n" + cards.joined(separator: ",\n") + "\n]}"
    }
    let bad = try CommandRunner.temporaryFile(feed(badAt: [3_210, 4_500]), name: "feed.json")
    let failed = try CommandRunner.run(["render", bad, "--view", "cards", "--format", "json"])
    #expect(failed.status == 65)
    #expect(failed.standardError.contains("feed.json:3212:"), "\(failed.standardError)")
    let good = try CommandRunner.temporaryFile(feed(badAt: []), name: "feed.json")
    let result = try CommandRunner.run([
      "render", good, "--view", "cards", "--format", "json", "--all",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let cards = try #require((json as? [String: Any])?["cards"] as? [[String: Any]])
    let titles = cards.map { ($0["feedHeader"] as? [String: Any])?["title"] as? String ?? "" }
    #expect(titles.count == 5_000)
    let misplaced = titles.indices.first { titles[$0] != "Card \($0)" }
    #expect(misplaced == nil, "card \(misplaced ?? 0) is \(misplaced.map { titles[$0] } ?? "")")
  }

  @Test func card5_theFeedsPaddingAndMarginsReachHTMLAndJSON() throws {
    let path = try CommandRunner.temporaryFile(
      #"{"feed":{"paddingBetweenCards":8,"topMargin":4,"bottomMargin":30},"cards":[{"items":[{"title":"a"}]},{"items":[{"title":"b"}]}]}"#,
      name: "spaced.json")
    let result = try CommandRunner.run(["render", path, "--view", "cards", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let spacing = try #require(json["spacing"] as? [String: Double])
    #expect(spacing == ["paddingBetweenCards": 8, "topMargin": 4, "bottomMargin": 30])
    let cards = try #require(json["cards"] as? [[String: Any]])
    let offsets = cards.compactMap { $0["offset"] as? Double }
    let first = try #require((cards[0]["size"] as? [String: Double])?["height"])
    let second = try #require((cards[1]["size"] as? [String: Double])?["height"])
    // The first card starts at the top margin, the next one padding after it, and the feed
    // ends with the bottom margin.
    #expect(offsets == [4, 4 + first + 8])
    #expect(json["height"] as? Double == 4 + first + 8 + second + 30)
    let page = try CommandRunner.run(["render", path, "--view", "cards", "--format", "html"])
    #expect(
      page.standardOutput.contains("--tl-feed-gap:8px;--tl-feed-top:4px;--tl-feed-bottom:30px"))
    let bad = try CommandRunner.temporaryFile(
      #"{"feed":{"topMargin":-1},"cards":[{"items":[{"title":"a"}]}]}"#, name: "spaced.json")
    let refused = try CommandRunner.run(["render", bad, "--view", "cards"])
    #expect(refused.status == 65)
    #expect(refused.standardError.contains("spaced.json:1:"))
    #expect(refused.standardError.contains("topMargin"))
  }

  @Test func card3_badAppearanceIsBadData() throws {
    let path = try CommandRunner.temporaryFile(
      #"{"cards":[{"appearance":{"borderColor":"red;}"},"items":[{"title":"a"}]}]}"#,
      name: "cards.json")
    let result = try CommandRunner.run(["render", path, "--view", "cards"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("#rrggbb"))
  }

  /// Card captions name statuses in the page's language, like dates, in every format.
  @Test func card1_statusesSpeakTheLocale() throws {
    for format in ["terminal", "html", "svg"] {
      let result = try CommandRunner.run([
        "render", Self.cards, "--view", "cards", "--format", format, "--locale", "fr_FR",
        "--now", "2026-11-21T12:00:00Z",
      ])
      #expect(result.status == 0, "\(format): \(result.standardError)")
      #expect(result.standardOutput.contains("Terminé"), "\(format)")
      #expect(result.standardOutput.contains("En cours"), "\(format)")
      #expect(!result.standardOutput.contains("Completed"), "\(format)")
    }
  }

  @Test func card6_horizontalLayoutInTheTerminal() throws {
    let result = try CommandRunner.run([
      "render", Self.cards, "--view", "cards", "--layout", "horizontal", "--width", "60", "--now",
      "2026-11-21T12:00:00Z",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("●──"))
  }
}
