/// A vertical scroll of cards, each with an optional header, padding between cards and
/// margins at the top and bottom (CARD-5).
public struct CardFeed: Sendable, Hashable {
  /// One card of the feed and the header above it.
  public struct Entry: Sendable, Hashable {
    public var header: CardChrome?
    public var card: TimelineCard

    public init(header: CardChrome? = nil, card: TimelineCard) {
      self.header = header
      self.card = card
    }

    /// What the card is called where it is named alone (a preview strip): its header's
    /// title in the feed, else its box's header's, else its first element's item title;
    /// `nil` when it has none of them.
    public var name: String? {
      header?.title ?? card.header?.title ?? card.elements.lazy.compactMap(\.item.title).first
    }
  }

  /// The cards held: all of the document's, or the consecutive run of them that a reader
  /// was asked to keep for a page (see ``cardsBefore``).
  public var entries: [Entry]
  public var paddingBetweenCards: Double
  public var topMargin: Double
  public var bottomMargin: Double
  /// The document's cards before the first one held, and after the last: both 0 unless a
  /// reader kept only a window of a long feed for a page, having checked the others. Card
  /// indices (``CardEvent``, ``pageWindow(limit:selecting:)``, "Card i of n" on the HTML
  /// page and in the SVG image) count in the whole feed; a ``FeedLayout`` and the terminal
  /// and JSON outputs lay out the cards held.
  public var cardsBefore: Int
  public var cardsAfter: Int

  public init(
    entries: [Entry], paddingBetweenCards: Double = 20, topMargin: Double = 20,
    bottomMargin: Double = 20, cardsBefore: Int = 0, cardsAfter: Int = 0
  ) {
    self.entries = entries
    self.paddingBetweenCards = paddingBetweenCards
    self.topMargin = topMargin
    self.bottomMargin = bottomMargin
    self.cardsBefore = max(0, cardsBefore)
    self.cardsAfter = max(0, cardsAfter)
  }

  /// The number of cards in the whole feed, held or not.
  public var totalCount: Int { cardsBefore + entries.count + cardsAfter }

  /// The indices, in the whole feed, of the cards held.
  public var heldIndices: Range<Int> { cardsBefore..<(cardsBefore + entries.count) }

  /// The card at `index` in the whole feed; `nil` when it is not held.
  public func entry(at index: Int) -> Entry? {
    heldIndices.contains(index) ? entries[index - cardsBefore] : nil
  }
}

/// What a touch on a card means (CARD-4), with the card's index in its feed (CARD-5).
extension CardFeed {
  /// The cards a standalone page of at most `limit` cards holds: from the start, or with
  /// the selected card a third of the way down; `nil` when every card fits.
  public func pageWindow(limit: Int, selecting selection: CardEvent? = nil) -> Range<Int>? {
    Self.pageWindow(limit: limit, selectingCard: selection?.card, count: totalCount)
  }

  /// The cards a standalone page of at most `limit` of a feed of `count` cards holds, with
  /// the card at `index` selected: what a reader is asked to keep before it knows the feed.
  public static func pageWindow(limit: Int, selectingCard index: Int?, count: Int) -> Range<Int>? {
    TimelineCore.pageWindow(around: index ?? 0, count: count, limit: limit)
  }
}

public enum CardEvent: Sendable, Hashable, CustomStringConvertible {
  case elementSelected(card: Int, element: Int)
  case childSelected(card: Int, element: Int, child: Int)
  case headerTouched(card: Int)
  case footerTouched(card: Int)

  /// The card the event happened on.
  public var card: Int {
    switch self {
    case .elementSelected(let card, _), .childSelected(let card, _, _), .headerTouched(let card),
      .footerTouched(let card):
      card
    }
  }

  /// The card a `card/…` path names, without checking it against a feed.
  public static func card(ofPath path: String) -> Int? {
    path.split(separator: "/", maxSplits: 1).first.flatMap { Int($0) }
  }

  /// Parses a `card/element[/child]`, `card/header` or `card/footer` path, checking it
  /// against `feed` (a card that is not held names nothing); `nil` when it names nothing.
  public init?(path: String, in feed: CardFeed) {
    let parts = path.split(separator: "/").map(String.init)
    guard (2...3).contains(parts.count), let card = Self.card(ofPath: path),
      let entry = feed.entry(at: card)
    else { return nil }
    let elements = entry.card.elements
    switch (parts[1], parts.count) {
    case ("header", 2):
      guard entry.card.header != nil else { return nil }
      self = .headerTouched(card: card)
    case ("footer", 2):
      guard entry.card.footer != nil else { return nil }
      self = .footerTouched(card: card)
    default:
      guard let element = Int(parts[1]), elements.indices.contains(element) else { return nil }
      if parts.count == 2 {
        self = .elementSelected(card: card, element: element)
        return
      }
      guard let child = Int(parts[2]), elements[element].children.indices.contains(child) else {
        return nil
      }
      self = .childSelected(card: card, element: element, child: child)
    }
  }

  /// The event's path: `card/element[/child]`, `card/header`, `card/footer`.
  public var description: String {
    switch self {
    case .elementSelected(let card, let element): "\(card)/\(element)"
    case .childSelected(let card, let element, let child): "\(card)/\(element)/\(child)"
    case .headerTouched(let card): "\(card)/header"
    case .footerTouched(let card): "\(card)/footer"
    }
  }

  /// The event's name, as in the DOM event's `detail.type`.
  public var name: String {
    switch self {
    case .elementSelected: "selectElement"
    case .childSelected: "selectChild"
    case .headerTouched: "touchHeader"
    case .footerTouched: "touchFooter"
    }
  }
}
