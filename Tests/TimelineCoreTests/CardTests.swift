import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// Metrics where every character is 8 units wide and lines are 20 units high.
struct FixedMetrics: TextMetrics {
  func width(of character: Character, style: TextStyle) -> Double { 8 }
  func lineHeight(_ style: TextStyle) -> Double { 20 }
}

@Suite("CARD-1 … CARD-6 cards and feeds")
struct CardTests {
  /// Dates and statuses as a reader of these tests sees them (no dates in these cards).
  static let dateText: @Sendable (TimelineDate) -> String = { "\($0)" }
  static let statusText: @Sendable (ItemStatus) -> String = {
    TimelineStrings.english.name(of: Node(kind: .event, status: $0))
  }

  static let card = TimelineCard(
    header: CardChrome(title: "Release 2.0", subtitle: "Q4"),
    footer: CardChrome(title: "3 of 5 done"),
    elements: [
      .item(CardItem(title: "Feature freeze", subtitle: "All epics merged", status: .completed)),
      .group(
        CardItem(title: "Beta"),
        children: [CardItem(title: "TestFlight"), CardItem(content: "Crash triage")]),
      .item(CardItem(content: "Retrospective with the whole team")),
    ])

  @Test func card1_card2_elementsKeepOrderAndGroupsNestOneLevel() {
    let layout = CardLayout(
      card: Self.card, width: 400, metrics: FixedMetrics(), dateText: Self.dateText,
      statusText: Self.statusText)
    #expect(
      layout.blocks.map(\.part) == [
        .header, .element(0), .element(1), .child(1, 0), .child(1, 1), .element(2), .footer,
      ])
    let ys = layout.blocks.map(\.frame.y)
    #expect(ys == ys.sorted(), "top to bottom")
    let child = layout.blocks.first { $0.part == .child(1, 0) }!
    let parent = layout.blocks.first { $0.part == .element(1) }!
    #expect(child.frame.x > parent.frame.x, "children are indented")
    #expect(child.milestoneSize < parent.milestoneSize)
  }

  @Test func card3_heightFollowsContentAndWidth() {
    let wide = CardLayout(
      card: Self.card, width: 600, metrics: FixedMetrics(), dateText: Self.dateText,
      statusText: Self.statusText)
    let narrow = CardLayout(
      card: Self.card, width: 160, metrics: FixedMetrics(), dateText: Self.dateText,
      statusText: Self.statusText)
    #expect(narrow.height > wide.height, "narrower cards wrap to more lines")
    var longer = Self.card
    longer.elements.append(.item(CardItem(title: "Launch")))
    #expect(
      CardLayout(
        card: longer, width: 600, metrics: FixedMetrics(), dateText: Self.dateText,
        statusText: Self.statusText
      ).height > wide.height)
    for block in narrow.blocks {
      for line in block.lines {
        #expect(
          line.x + Double(line.text.count) * 8 <= 160 - CardAppearance.standard.margins.right
            + 0.001, "\(line.text)")
      }
    }
  }

  @Test func card3_marginsAndShapeSizeShapeTheLayout() {
    var card = Self.card
    card.appearance = CardAppearance(
      itemShapeSize: 30, margins: .init(top: 40, right: 10, bottom: 5, left: 25))
    let layout = CardLayout(
      card: card, width: 400, metrics: FixedMetrics(), dateText: Self.dateText,
      statusText: Self.statusText)
    #expect(layout.blocks[0].frame.y == 40)
    #expect(layout.blocks[1].frame.x == 25)
    #expect(layout.blocks[1].milestone == CardLayout.Point(x: 40, y: layout.blocks[1].frame.y + 15))
    #expect(layout.height == layout.blocks.last!.frame.y + layout.blocks.last!.frame.height + 5)
    #expect(CardColor("#8A2BE2")?.hex == "#8a2be2")
    #expect(CardColor("red") == nil)
    #expect(CardColor("#12345g") == nil)
    // ASCII digits only: Swift's `isHexDigit` also takes full-width ones.
    #expect(CardColor("#\u{FF21}\u{FF22}\u{FF23}") == nil)
    #expect(CardColor("#abc")?.hex == "#abc")
  }

  @Test func card4_eventPathsNameElementsChildrenHeaderAndFooter() {
    let feed = CardFeed(entries: [
      .init(card: Self.card), .init(card: TimelineCard(elements: [.item(CardItem(title: "x"))])),
    ])
    #expect(CardEvent(path: "0/1", in: feed) == .elementSelected(card: 0, element: 1))
    #expect(CardEvent(path: "0/1/1", in: feed) == .childSelected(card: 0, element: 1, child: 1))
    #expect(CardEvent(path: "0/header", in: feed) == .headerTouched(card: 0))
    #expect(CardEvent(path: "0/footer", in: feed) == .footerTouched(card: 0))
    #expect(CardEvent(path: "1/header", in: feed) == nil, "card 1 has no header")
    for bad in ["2/0", "0/3", "0/0/0", "0/1/2", "x", "0", "0/1/1/1", "-1/0"] {
      #expect(CardEvent(path: bad, in: feed) == nil, "\(bad)")
    }
    #expect(CardEvent.childSelected(card: 3, element: 2, child: 1).description == "3/2/1")
  }

  static func feed(_ count: Int) -> CardFeed {
    CardFeed(
      entries: (0..<count).map { index in
        CardFeed.Entry(
          header: CardChrome(title: "Card \(index)"),
          card: TimelineCard(
            elements: (0...(index % 4)).map {
              .item(
                CardItem(
                  title: "Item \($0) of card \(index) "
                    + String(repeating: "word ", count: index % 7)))
            }))
      })
  }

  @Test func card5_offsetsAndLookupAgreeAndMatchFullLayout() {
    let feed = Self.feed(300)
    var layout = FeedLayout(
      feed: feed, width: 300, metrics: FixedMetrics(), dateText: Self.dateText, strings: .english)
    for index in 0..<feed.entries.count { _ = layout.measure(index) }
    var expected = feed.topMargin
    for index in 0..<feed.entries.count {
      #expect(abs(layout.offset(ofCard: index) - expected) < 0.001)
      #expect(layout.card(atOffset: expected + 1) == index)
      let slot = layout.measure(index)
      expected += slot.height + feed.paddingBetweenCards
    }
    #expect(
      abs(layout.totalHeight - (expected - feed.paddingBetweenCards + feed.bottomMargin)) < 0.001)
  }

  /// A writer that measures every card once, in order, keeps no layouts but the same
  /// offsets and height; measuring again (a second pass, or out of order) counts nothing
  /// twice.
  @Test func card5_measuringOnceInOrderGivesTheSameOffsetsAndHeight() {
    let feed = Self.feed(300)
    var kept = FeedLayout(
      feed: feed, width: 300, metrics: FixedMetrics(), dateText: Self.dateText, strings: .english)
    var once = kept
    var offsets: [Double] = []
    for index in 0..<feed.entries.count {
      let slot = kept.measure(index)
      offsets.append(slot.offset)
      #expect(once.measureOnce(index) == slot)
    }
    #expect(abs(once.totalHeight - kept.totalHeight) < 0.001)
    for pass in 0..<2 {
      for index in [150, 3, 299, 0] + (0..<feed.entries.count) {
        let slot = pass == 0 ? once.measureOnce(index) : once.measure(index)
        #expect(abs(slot.offset - offsets[index]) < 0.001)
      }
      #expect(abs(once.totalHeight - kept.totalHeight) < 0.001)
    }
  }

  /// A card measured before the cards above it gives its place as it is now, not as it was.
  @Test func card5_aCardMeasuredAgainGivesItsCurrentOffset() {
    var layout = FeedLayout(
      feed: Self.feed(40), width: 300, metrics: FixedMetrics(), dateText: Self.dateText,
      strings: .english)
    let early = layout.measure(30)
    for index in 1..<30 { _ = layout.measure(index) }
    let again = layout.measure(30)
    #expect(again.card == early.card)
    #expect(again.offset == layout.offset(ofCard: 30))
    #expect(again.offset != early.offset)
  }

  @Test func card5_windowLaysOutOnlyTheCardsNearTheViewport() {
    var layout = FeedLayout(
      feed: Self.feed(100_000), width: 300, metrics: FixedMetrics(), dateText: Self.dateText,
      strings: .english)
    let middle = layout.totalHeight / 2
    let slots = layout.window(offset: middle, viewport: 800)
    #expect(slots.count < 20)
    #expect(slots.first!.offset <= middle)
    #expect(slots.last!.offset + slots.last!.height >= middle + 800)
    let offsets = slots.map(\.offset)
    #expect(offsets == offsets.sorted())
    for (a, b) in zip(slots, slots.dropFirst()) {
      #expect(abs(b.offset - (a.offset + a.height + 20)) < 0.001, "measured cards sit back to back")
    }
  }

  @Test func card5_overscanLiesAheadInTheDirectionOfTravel() {
    var layout = FeedLayout(
      feed: Self.feed(1_000), width: 300, metrics: FixedMetrics(), dateText: Self.dateText,
      strings: .english)
    let first = layout.window(offset: 0, viewport: 600)
    #expect(first.first?.index == 0)
    let lastVisible = first.last { $0.offset <= 600 }!
    #expect(first.last!.index == lastVisible.index + 1, "one card ready below the first screen")
    let middle = layout.offset(ofCard: 500) + 5
    let down = layout.window(offset: middle, viewport: 600)
    #expect(down.first?.index == 500, "nothing laid out above when moving down")
    let up = layout.window(offset: middle - 10, viewport: 600)
    #expect(up.first?.index == 498, "one card ready above the one at the top when moving up")
    #expect(up.map(\.offset) == up.map(\.offset).sorted())
  }

  @Test func card5_openingInTheMiddleLaysOutOnlyTheMiddle() {
    var layout = FeedLayout(
      feed: Self.feed(100_000), width: 300, metrics: FixedMetrics(), dateText: Self.dateText,
      strings: .english)
    let before = layout.totalHeight
    let slots = layout.window(offset: before / 2, viewport: 800)
    #expect(slots.allSatisfy { $0.index > 40_000 && $0.index < 60_000 })
    #expect(layout.card(atOffset: before / 2) == slots.first!.index)
  }

  @Test func card6_horizontalLayoutRunsThePathLeftToRight() {
    let layout = CardLayout(
      card: Self.card, width: 600, orientation: .horizontal, metrics: FixedMetrics(),
      dateText: Self.dateText, statusText: Self.statusText)
    let milestones = layout.blocks.filter { if case .element = $0.part { true } else { false } }
      .compactMap(\.milestone)
    #expect(Set(milestones.map(\.y)).count == 1, "one row")
    #expect(milestones.map(\.x) == milestones.map(\.x).sorted())
    let path = layout.path!
    #expect(path.from.y == path.to.y)
    let child = layout.blocks.first { $0.part == .child(1, 0) }!
    let parent = layout.blocks.first { $0.part == .element(1) }!
    #expect(
      child.frame.x == parent.frame.x && child.frame.y > parent.frame.y,
      "children stack under their group")
  }
}
