import Foundation
import SnapshotTesting
import Testing
import TimelineCore
import TimelineImport
import TimelineTerminal
import _TimelineTestSupport

@Suite("CARD-1 … CARD-6 terminal snapshots")
struct CardsSnapshotTests {
  func feed() throws -> CardFeed {
    try TimelineJSONReader.read(
      path: Fixtures.examplesDirectory.appendingPathComponent("cards.json").path
    ).cards!
  }

  func render(
    _ feed: CardFeed, width: Int = 50, orientation: CardLayout.Orientation = .vertical,
    selection: CardEvent? = nil
  ) -> String {
    let dates = CardDateFormatter(context: Fixtures.context(zone: "Europe/Berlin"))
    var text = ""
    CardsTerminalRenderer(
      width: width, style: .plain, orientation: orientation, selection: selection,
      dateText: dates.text, strings: .english
    )
    .render(feed, to: &text)
    return text
  }

  @Test func card5_feedWithHeadersGroupsShapesAndCustomAppearance() throws {
    let text = render(try feed(), selection: .childSelected(card: 0, element: 1, child: 0))
    #expect(text.contains("▶ TestFlight build"))
    #expect(text.contains("◆ Contract signed"))
    #expect(text.contains("■ 内装工事"))
    for line in text.split(separator: "\n") {
      #expect(TerminalText.width(of: line) <= 50, "\(line)")
    }
    assertSnapshot(of: text, as: .lines)
  }

  @Test func card6_horizontalFeed() throws {
    assertSnapshot(of: render(try feed(), width: 70, orientation: .horizontal), as: .lines)
  }

  @Test func card1_singleCardWithEveryShape() {
    for shape in CardAppearance.Shape.allCases {
      let card = TimelineCard(
        header: CardChrome(title: "Shapes"),
        elements: [.item(CardItem(title: "One")), .item(CardItem(title: "Two"))],
        appearance: CardAppearance(cornerRadius: shape == .square ? 0 : 12, itemShape: shape))
      assertSnapshot(
        of: render(CardFeed(entries: [.init(card: card)]), width: 30), as: .lines,
        named: shape.rawValue)
    }
  }
}
