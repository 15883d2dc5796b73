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

  @Test func card2_nestedGroupsAreBadData() throws {
    let path = try CommandRunner.temporaryFile(
      #"{"cards":[{"items":[{"title":"a","children":[{"title":"b","children":[{"title":"c"}]}]}]}]}"#,
      name: "cards.json")
    let result = try CommandRunner.run(["render", path, "--view", "cards"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("cards.json:1:"))
    #expect(result.standardError.contains("one level"))
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
