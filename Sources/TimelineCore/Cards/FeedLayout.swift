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
  /// Names item statuses (and nothing else yet) in the feed's language.
  public let strings: TimelineStrings
  /// The height assumed for a card not yet measured (including padding).
  public private(set) var estimate: Double
  private var corrections: FenwickTree
  private var measured: [Int: Slot] = [:]
  /// Cards `0..<countedInOrder` have their real heights recorded, some without their
  /// layouts kept (see ``measureOnce(_:)``).
  private var countedInOrder = 0
  private var previousOffset: Double?

  public init(
    feed: CardFeed, width: Double, orientation: CardLayout.Orientation = .vertical,
    metrics: Metrics, dateText: @escaping @Sendable (TimelineDate) -> String,
    strings: TimelineStrings
  ) {
    self.strings = strings
    self.feed = feed
    self.width = width
    self.orientation = orientation
    self.metrics = metrics
    self.dateText = dateText
    corrections = FenwickTree(count: feed.entries.count)
    estimate = 0
    if !feed.entries.isEmpty {
      // The first card sets the height assumed for the others; its layout is kept, so the
      // first window does not repeat it.
      let (header, card) = Self.layOut(
        feed.entries[0], width: width, orientation: orientation, metrics: metrics,
        dateText: dateText, strings: strings)
      let first = Slot(index: 0, offset: feed.topMargin, header: header, card: card)
      estimate = first.height + feed.paddingBetweenCards
      measured[0] = first
      countedInOrder = 1
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

  /// The card whose entry covers `offset` (O(log n), one descent of the tree).
  public func card(atOffset offset: Double) -> Int {
    guard count > 0 else { return 0 }
    return min(count - 1, corrections.lastIndex(notAbove: offset - feed.topMargin, base: estimate))
  }

  /// Lays out the cards visible in `viewport` starting at `offset`, plus `overscan` cards
  /// ahead in the direction of travel (after on the first call and when moving down,
  /// before when moving up), so that the next step of a scroll is ready; returns them with
  /// their positions, correcting the positions of what follows.
  public mutating func window(offset: Double, viewport: Double, overscan: Int = 1) -> [Slot] {
    guard count > 0 else { return [] }
    let upward = previousOffset.map { offset < $0 } ?? false
    previousOffset = offset
    var index = max(0, card(atOffset: offset) - (upward ? overscan : 0))
    let after = upward ? 0 : overscan
    var top = self.offset(ofCard: index)
    var slots: [Slot] = []
    var beyond = 0
    while index < count, beyond < after || slots.isEmpty || top <= offset + viewport {
      if top > offset + viewport { beyond += 1 }
      var slot = measure(index)
      slot.offset = top
      slots.append(slot)
      top += slot.height + feed.paddingBetweenCards
      index += 1
    }
    return slots
  }

  /// Lays out card `index` (once) and records its real height.
  public mutating func measure(_ index: Int) -> Slot {
    measure(index, keeping: true)
  }

  /// Lays out card `index` and records its real height, like ``measure(_:)``, without
  /// keeping its layout when the cards before it are all recorded: for a writer that
  /// measures every card in order, so that a feed of any length keeps a number per card
  /// rather than its layout. A card measured again is laid out again, never counted twice.
  public mutating func measureOnce(_ index: Int) -> Slot {
    measure(index, keeping: false)
  }

  private mutating func measure(_ index: Int, keeping: Bool) -> Slot {
    if var known = measured[index] {
      // Cards measured since may have moved it.
      known.offset = offset(ofCard: index)
      return known
    }
    let (header, card) = Self.layOut(
      feed.entries[index], width: width, orientation: orientation, metrics: metrics,
      dateText: dateText, strings: strings)
    let slot = Slot(index: index, offset: offset(ofCard: index), header: header, card: card)
    if index >= countedInOrder {
      corrections.add(slot.height + feed.paddingBetweenCards - estimate, at: index)
      if keeping || index != countedInOrder { measured[index] = slot }
      // Cards kept in order count too, so that measuring in order after them forgets again.
      while countedInOrder == index || measured[countedInOrder] != nil {
        countedInOrder += 1
        if countedInOrder >= feed.entries.count { break }
      }
    }
    return slot
  }

  /// Lays out one entry of a feed, its feed header and its card, as the feed would: for a
  /// renderer that draws each card once and keeps no feed.
  public static func layOut(
    _ entry: CardFeed.Entry, width: Double, orientation: CardLayout.Orientation, metrics: Metrics,
    dateText: @escaping (TimelineDate) -> String, strings: TimelineStrings
  ) -> (header: CardLayout?, card: CardLayout) {
    let statusText = { (status: ItemStatus) in strings.name(of: Node(kind: .event, status: status))
    }
    let header = entry.header.map { chrome in
      CardLayout(
        card: TimelineCard(
          header: chrome, elements: [],
          appearance: CardAppearance(margins: .init(top: 0, right: 0, bottom: 8, left: 0))),
        width: width, metrics: metrics, dateText: dateText, statusText: statusText)
    }
    return (
      header,
      CardLayout(
        card: entry.card, width: width, orientation: orientation, metrics: metrics,
        dateText: dateText, statusText: statusText)
    )
  }
}

/// Prefix sums with point updates in O(log n), stored sparsely: only the nodes that
/// measured cards touched exist, so a feed of any length starts with nothing allocated.
struct FenwickTree: Sendable {
  private let count: Int
  private var nodes = SparseValues()

  init(count: Int) { self.count = count }

  /// The sum of the values before `index`.
  func prefixSum(_ index: Int) -> Double {
    guard !nodes.isEmpty else { return 0 }
    var i = min(index, count)
    var sum = 0.0
    while i > 0 {
      sum += nodes[i]
      i -= i & -i
    }
    return sum
  }

  /// Adds `value` at `index`.
  mutating func add(_ value: Double, at index: Int) {
    var i = index + 1
    while i <= count {
      nodes.add(value, at: i)
      i += i & -i
    }
  }

  /// The largest `k` in `0...count` whose `k * base + prefixSum(k)` is at most `target`,
  /// found by descending the tree once; every `base + value` must be positive.
  func lastIndex(notAbove target: Double, base: Double) -> Int {
    var position = 0
    var remaining = target
    var step = count == 0 ? 0 : 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
    while step > 0 {
      let next = position + step
      if next <= count {
        let span = Double(step) * base + nodes[next]
        if span <= remaining {
          position = next
          remaining -= span
        }
      }
      step >>= 1
    }
    return position
  }
}

/// A map from positive integers to numbers that reads 0 where nothing was added: open
/// addressing with Fibonacci hashing, which for the few hundred nodes a feed touches is
/// several times cheaper than a `Dictionary`.
struct SparseValues: Sendable {
  private var keys: [Int] = []
  private var values: [Double] = []
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  subscript(key: Int) -> Double {
    guard !keys.isEmpty else { return 0 }
    let mask = keys.count - 1
    var slot = Self.slot(key, mask)
    while true {
      let found = keys[slot]
      if found == key { return values[slot] }
      if found == 0 { return 0 }
      slot = (slot + 1) & mask
    }
  }

  mutating func add(_ value: Double, at key: Int) {
    if (count + 1) * 4 > keys.count * 3 { grow() }
    let mask = keys.count - 1
    var slot = Self.slot(key, mask)
    while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
    if keys[slot] == 0 {
      keys[slot] = key
      count += 1
    }
    values[slot] += value
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    let size = max(64, keys.count * 2)
    keys = Array(repeating: 0, count: size)
    values = Array(repeating: 0, count: size)
    count = 0
    for (key, value) in zip(oldKeys, oldValues) where key != 0 { add(value, at: key) }
  }

  private static func slot(_ key: Int, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }
}
