/// Positions the cards of a feed without laying out all of them: cards not yet measured
/// count with an estimated height, measured ones correct it in a Fenwick tree, so the
/// offset of any card and the card at any offset are found in O(log n) and opening a feed
/// of 100,000 cards costs the same as opening one of 10 (CARD-5).
public struct FeedLayout<Metrics: TextMetrics>: Sendable {
  /// One card laid out at its place in the feed.
  public struct Slot: Sendable, Hashable {
    public var index: Int
    /// The top of the entry (its header, if any).
    public var offset: Double
    public var header: CardLayout?
    public var card: CardLayout
    /// Header and card, without the padding after them.
    public var height: Double { (header?.height ?? 0) + card.height }
  }

  public let feed: CardFeed
  public let width: Double
  public let orientation: CardLayout.Orientation
  public let metrics: Metrics
  let dateText: @Sendable (TimelineDate) -> String
  /// The height assumed for a card not yet measured (including padding).
  public private(set) var estimate: Double
  private var corrections: FenwickTree
  private var measured: [Int: Slot] = [:]

  public init(
    feed: CardFeed, width: Double, orientation: CardLayout.Orientation = .vertical,
    metrics: Metrics, dateText: @escaping @Sendable (TimelineDate) -> String = { _ in "" }
  ) {
    self.feed = feed
    self.width = width
    self.orientation = orientation
    self.metrics = metrics
    self.dateText = dateText
    corrections = FenwickTree(count: feed.entries.count)
    estimate = 0
    if !feed.entries.isEmpty {
      let first = Self.layOut(
        feed.entries[0], width: width, orientation: orientation, metrics: metrics,
        dateText: dateText)
      estimate = first.header.map(\.height).map { $0 + first.card.height } ?? first.card.height
      estimate += feed.paddingBetweenCards
    }
  }

  /// The number of cards.
  public var count: Int { feed.entries.count }

  /// The top of card `index`'s entry (O(log n)).
  public func offset(ofCard index: Int) -> Double {
    feed.topMargin + Double(index) * estimate + corrections.prefixSum(index)
  }

  /// The feed's total height with what is known so far.
  public var totalHeight: Double {
    count == 0
      ? feed.topMargin + feed.bottomMargin
      : offset(ofCard: count) - feed.paddingBetweenCards + feed.bottomMargin
  }

  /// The card whose entry covers `offset` (O(log² n)).
  public func card(atOffset offset: Double) -> Int {
    guard count > 0 else { return 0 }
    var low = 0
    var high = count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if self.offset(ofCard: middle) <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Lays out the cards visible in `viewport` starting at `offset`, plus `overscan` cards
  /// either side, correcting the positions of what follows.
  public mutating func window(offset: Double, viewport: Double, overscan: Int = 1) -> [Slot] {
    guard count > 0 else { return [] }
    var index = max(0, card(atOffset: offset) - overscan)
    var slots: [Slot] = []
    var beyond = 0
    while index < count,
      beyond < overscan || slots.isEmpty || self.offset(ofCard: index) <= offset + viewport
    {
      if self.offset(ofCard: index) > offset + viewport { beyond += 1 }
      slots.append(measure(index))
      index += 1
    }
    return slots.map {
      Slot(index: $0.index, offset: self.offset(ofCard: $0.index), header: $0.header, card: $0.card)
    }
  }

  /// Lays out card `index` (once) and records its real height.
  public mutating func measure(_ index: Int) -> Slot {
    if let known = measured[index] { return known }
    let (header, card) = Self.layOut(
      feed.entries[index], width: width, orientation: orientation, metrics: metrics,
      dateText: dateText)
    let slot = Slot(index: index, offset: offset(ofCard: index), header: header, card: card)
    measured[index] = slot
    corrections.add(slot.height + feed.paddingBetweenCards - estimate, at: index)
    return slot
  }

  static func layOut(
    _ entry: CardFeed.Entry, width: Double, orientation: CardLayout.Orientation, metrics: Metrics,
    dateText: @escaping (TimelineDate) -> String
  ) -> (header: CardLayout?, card: CardLayout) {
    let header = entry.header.map { chrome in
      CardLayout(
        card: TimelineCard(
          header: chrome, elements: [],
          appearance: CardAppearance(margins: .init(top: 0, right: 0, bottom: 8, left: 0))),
        width: width, metrics: metrics)
    }
    return (
      header,
      CardLayout(
        card: entry.card, width: width, orientation: orientation, metrics: metrics,
        dateText: dateText)
    )
  }
}

/// Prefix sums with point updates in O(log n), stored sparsely: only the nodes that
/// measured cards touched exist, so a feed of any length starts with nothing allocated.
struct FenwickTree: Sendable {
  private let count: Int
  private var nodes: [Int: Double] = [:]

  init(count: Int) { self.count = count }

  /// The sum of the values before `index`.
  func prefixSum(_ index: Int) -> Double {
    guard !nodes.isEmpty else { return 0 }
    var i = min(index, count)
    var sum = 0.0
    while i > 0 {
      sum += nodes[i] ?? 0
      i -= i & -i
    }
    return sum
  }

  /// Adds `value` at `index`.
  mutating func add(_ value: Double, at index: Int) {
    var i = index + 1
    while i <= count {
      nodes[i, default: 0] += value
      i += i & -i
    }
  }
}
