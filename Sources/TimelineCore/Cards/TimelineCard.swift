/// A card: an ordered set of elements on its own timeline path, with an optional header and
/// footer and an appearance (CARD-1 … CARD-3).
///
/// ```swift
/// let card = TimelineCard(
///   header: CardChrome(title: "Release 2.0"),
///   elements: [.item(CardItem(title: "Beta", subtitle: "Nov 2")),
///              .group(CardItem(title: "Launch"), children: [CardItem(title: "Blog post")])])
/// ```
public struct TimelineCard: Sendable, Hashable {
  public var header: CardChrome?
  public var footer: CardChrome?
  public var elements: [CardElement]
  public var appearance: CardAppearance

  public init(
    header: CardChrome? = nil, footer: CardChrome? = nil, elements: [CardElement],
    appearance: CardAppearance = .standard
  ) {
    self.header = header
    self.footer = footer
    self.elements = elements
    self.appearance = appearance
  }
}

/// An element of a card: an item, or a group whose children are items (one level, CARD-2).
public enum CardElement: Sendable, Hashable {
  case item(CardItem)
  case group(CardItem, children: [CardItem])

  /// The element's own item (a group's heading item).
  public var item: CardItem {
    switch self {
    case .item(let item), .group(let item, _): item
    }
  }

  /// The children of a group; empty for an item.
  public var children: [CardItem] {
    if case .group(_, let children) = self { return children }
    return []
  }
}

/// An item: title, subtitle and icon, or custom content; optionally a date and a status
/// from the core model (CARD-1).
public struct CardItem: Sendable, Hashable {
  public var title: String?
  public var subtitle: String?
  /// A symbolic icon name.
  public var icon: String?
  /// Custom content: free text shown instead of title and subtitle when they are absent.
  public var content: String?
  public var date: TimelineDate?
  public var status: ItemStatus?

  public init(
    title: String? = nil, subtitle: String? = nil, icon: String? = nil, content: String? = nil,
    date: TimelineDate? = nil, status: ItemStatus? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.icon = icon
    self.content = content
    self.date = date
    self.status = status
  }

  /// The lines of text the item shows, most prominent first.
  public var texts: [String] { [title, subtitle].compactMap { $0 } + (content.map { [$0] } ?? []) }
}

/// A card's or a feed entry's header or footer: a title with an optional subtitle, or custom
/// content (CARD-3, CARD-5).
public struct CardChrome: Sendable, Hashable {
  public var title: String?
  public var subtitle: String?
  public var content: String?

  public init(title: String? = nil, subtitle: String? = nil, content: String? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.content = content
  }
}
