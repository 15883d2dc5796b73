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
  }

  public var entries: [Entry]
  public var paddingBetweenCards: Double
  public var topMargin: Double
  public var bottomMargin: Double

  public init(
    entries: [Entry], paddingBetweenCards: Double = 20, topMargin: Double = 20,
    bottomMargin: Double = 20
  ) {
    self.entries = entries
    self.paddingBetweenCards = paddingBetweenCards
    self.topMargin = topMargin
    self.bottomMargin = bottomMargin
  }
}

/// What a touch on a card means (CARD-4), with the card's index in its feed (CARD-5).
extension CardFeed {
  /// The cards a standalone page of at most `limit` cards holds: from the start, or with
  /// the selected card a third of the way down; `nil` when every card fits.
  public func pageWindow(limit: Int, selecting selection: CardEvent? = nil) -> Range<Int>? {
    TimelineCore.pageWindow(around: selection?.card ?? 0, count: entries.count, limit: limit)
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

  /// Parses a `card/element[/child]`, `card/header` or `card/footer` path, checking it
  /// against `feed`; `nil` when it names nothing.
  public init?(path: String, in feed: CardFeed) {
    let parts = path.split(separator: "/").map(String.init)
    guard (2...3).contains(parts.count), let card = Int(parts[0]),
      feed.entries.indices.contains(card)
    else { return nil }
    let elements = feed.entries[card].card.elements
    switch (parts[1], parts.count) {
    case ("header", 2):
      guard feed.entries[card].card.header != nil else { return nil }
      self = .headerTouched(card: card)
    case ("footer", 2):
      guard feed.entries[card].card.footer != nil else { return nil }
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
