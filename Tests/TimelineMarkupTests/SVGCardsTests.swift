import Foundation
import SnapshotTesting
import Testing
import TimelineCore
import TimelineImport
import TimelineSVG
import _TimelineTestSupport

@Suite("CARD-1 … CARD-6 SVG cards")
struct SVGCardsTests {
  static func feed() throws -> CardFeed {
    try TimelineJSONReader.read(
      path: Fixtures.examplesDirectory.appendingPathComponent("cards.json").path
    ).cards!
  }

  static let dates = CardDateFormatter(context: Fixtures.context(zone: "Europe/Berlin"))
  static let english = Locale(identifier: "en_US")

  @Test func card3_card5_svgFeedSnapshot() throws {
    let svg = SVGRenderer(width: 390, indented: true).render(
      try Self.feed(), title: "Release feed", selection: .elementSelected(card: 0, element: 2),
      locale: Self.english, dateText: Self.dates.text)
    assertSnapshot(of: svg, as: .svg)
  }

  @Test func card6_svgHorizontalFeedSnapshot() throws {
    let svg = SVGRenderer(appearance: .dark, width: 1024, indented: true).render(
      try Self.feed(), title: "Release feed", orientation: .horizontal, locale: Self.english,
      dateText: Self.dates.text)
    assertSnapshot(of: svg, as: .svg)
  }

  @Test(arguments: [1, 40, 200, 500])
  func card3_svgTextStaysInsideItsCardAtEveryLength(length: Int) throws {
    let scripts = [
      String(repeating: "Milestone ", count: 60), String(repeating: "東京オフィス", count: 90),
      String(repeating: "مرحلة التسليم ", count: 40),
    ]
    for text in scripts {
      let title = String(text.prefix(length))
      let card = TimelineCard(
        header: CardChrome(title: title), footer: CardChrome(content: title),
        elements: [
          .item(CardItem(title: title, subtitle: title)),
          .group(CardItem(title: title), children: [CardItem(content: title)]),
        ])
      for orientation in CardLayout.Orientation.allCases {
        let svg = SVGRenderer(width: 390).render(
          CardFeed(entries: [.init(card: card)]), orientation: orientation, locale: Self.english,
          dateText: Self.dates.text)
        let parsed = ParsedSVG(svg)
        #expect(parsed.isWellFormed)
        let metrics = SVGTextMetrics()
        var layout = FeedLayout(
          feed: CardFeed(entries: [.init(card: card)]), width: 390 - 32, orientation: orientation,
          metrics: metrics, dateText: Self.dates.text, strings: .english)
        let slot = layout.measure(0)
        for block in slot.card.blocks {
          for line in block.lines {
            let width = line.text.reduce(0) { $0 + metrics.width(of: $1, style: line.style) }
            #expect(
              line.x + width <= slot.card.width - card.appearance.margins.right + 0.01,
              "\(orientation) \(length): \(line.text.prefix(20))")
            #expect(line.y + metrics.lineHeight(line.style) <= slot.card.height + 0.01)
          }
        }
      }
    }
  }

  @Test func tl12_svgCardsReadRightToLeftInArabic() throws {
    let arabic = Locale(identifier: "ar_EG")
    let dates = CardDateFormatter(context: Fixtures.context(locale: "ar_EG"))
    let right = ParsedSVG(
      SVGRenderer(width: 390).render(try Self.feed(), locale: arabic, dateText: dates.text))
    let left = ParsedSVG(
      SVGRenderer(width: 390).render(
        try Self.feed(), locale: Self.english, dateText: Self.dates.text))
    #expect(right.root?.attributes["xml:lang"] == "ar-EG")
    // The path of milestones runs down the trailing (right) side, and text ends there.
    let nodes = right.all("circle").map { $0.number("cx") }
    #expect(!nodes.isEmpty && nodes.allSatisfy { $0 > 390 / 2 })
    #expect(left.all("circle").map { $0.number("cx") }.allSatisfy { $0 < 390 / 2 })
    #expect(right.all("text").allSatisfy { $0.attributes["text-anchor"] == "end" })
  }

  /// In a right-to-left image a milestone's center is mirrored first and its parts are
  /// placed around it, so a square's edge and an in-progress milestone's dots round as they
  /// did when every element was built as a tree (values where mirroring the parts instead
  /// rounds 0.1 px the other way: 554.9 against 555, 575.2 against 575.3).
  @Test(arguments: [
    (
      #"{"appearance":{"itemShape":"square","itemShapeSize":60.42,"margins":[16.31,9.26,1.69,9.63]},"items":[{"title":"t","status":"completed"}]}"#,
      #"<rect x="554.9""#
    ),
    (
      #"{"appearance":{"itemShapeSize":4.48,"margins":[39.79,4.81,17.24,29.55]},"items":[{"title":"t","children":[{"title":"c","status":"inProgress"}]}]}"#,
      #"cx="575.2""#
    ),
  ])
  func tl12_svgMilestonesAreMirroredByTheirCenter(card: String, expected: String) throws {
    let feed = try TimelineJSONReader.read(text: #"{"cards":["# + card + "]}", file: "feed.json")
    let svg = SVGRenderer().render(
      try #require(feed.cards), locale: Locale(identifier: "ar"),
      dateText: CardDateFormatter(context: Fixtures.context(locale: "ar")).text)
    #expect(svg.contains(expected))
  }

  @Test func sec1_svgCardsEscapeHostileText() {
    let hostile = "<script>alert(1)</script>\" onmouseover=\"x\u{1}"
    let card = TimelineCard(
      header: CardChrome(title: hostile),
      elements: [.item(CardItem(title: hostile, content: hostile))])
    let svg = SVGRenderer().render(
      CardFeed(entries: [.init(header: CardChrome(title: hostile), card: card)]), title: hostile,
      locale: Self.english, dateText: Self.dates.text)
    #expect(ParsedSVG(svg).isWellFormed)
    #expect(!svg.contains("<script"))
    #expect(svg.range(of: #"\son[a-z]+\s*=\s*""#, options: .regularExpression) == nil)
  }
}

extension SVGCardsTests {
  /// CARD-4, A11Y-1: the selected part's background lies under its milestone, so the
  /// milestone's shape and fill (its status) stay visible; state is never color alone.
  @Test func card4_a11y1_theSelectedPartKeepsItsMilestoneVisible() throws {
    let svg = SVGRenderer(width: 390).render(
      try Self.feed(), selection: .elementSelected(card: 0, element: 0), locale: Self.english,
      dateText: Self.dates.text)
    let parsed = ParsedSVG(svg)
    let selectedFill = TimelineTheme.standard.light.selected.value
    let index = try #require(
      parsed.elements.firstIndex { $0.name == "rect" && $0.attributes["fill"] == selectedFill })
    // Drawn next (so on top): the milestone, then the texts.
    #expect(parsed.elements[index + 1].name != "text")
    #expect(parsed.elements[(index + 2)...].prefix(3).contains { $0.name == "text" })
  }
}
