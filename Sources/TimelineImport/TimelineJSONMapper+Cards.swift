import Foundation
import TimelineCore

extension TimelineJSONMapper {
  /// The member `key` of `object` as a number within `range`; `nil` when absent or null.
  func number(
    _ key: String, in object: JSONValue, _ range: ClosedRange<Double>
  ) throws(DocumentError) -> Double? {
    guard let field = object[key], !field.isNull else { return nil }
    guard let text = field.numberText, let number = Double(text), range.contains(number) else {
      throw mismatch(
        field, expected: "a number in \(Int(range.lowerBound))...\(Int(range.upperBound))",
        for: key)
    }
    return number
  }

  /// Applies the optional top-level `feed` object to `feed` (CARD-5): `paddingBetweenCards`,
  /// `topMargin` and `bottomMargin`, each a number of points in 0...200.
  func spacing(_ value: JSONValue, of feed: inout CardFeed) throws(DocumentError) {
    guard value.type == .object else {
      throw mismatch(value, expected: "an object", for: "feed")
    }
    feed.paddingBetweenCards =
      try number("paddingBetweenCards", in: value, 0...200) ?? feed.paddingBetweenCards
    feed.topMargin = try number("topMargin", in: value, 0...200) ?? feed.topMargin
    feed.bottomMargin = try number("bottomMargin", in: value, 0...200) ?? feed.bottomMargin
  }

  /// Maps the optional top-level `cards` array (CARD-1 … CARD-5): each card has a feed
  /// header (`title`, `subtitle`), its own `header` and `footer` (a string or an object with
  /// `title`, `subtitle`, `content`), an `appearance`, and `items` as in format v1 where an
  /// item with `children` is a group. Card items need a `title` or `content`; `start` is
  /// optional.
  func cards(_ value: JSONValue) throws(DocumentError) -> CardFeed {
    let elements = try array(value, for: "cards")
    // Cards are independent, so they are mapped on every core; the mapper is only read.
    nonisolated(unsafe) let mapper = self
    let entries = try chunkedMap(count: elements.count, chunkSize: 1_024) {
      (index) throws(DocumentError) -> CardFeed.Entry in
      let element = elements[index].onOwnHandle()
      guard element.type == .object else {
        throw mapper.mismatch(element, expected: "an object", for: "cards")
      }
      return try mapper.card(element)
    }
    return CardFeed(entries: entries)
  }

  private func card(_ object: JSONValue) throws(DocumentError) -> CardFeed.Entry {
    var card = TimelineCard(elements: [])
    var feedHeader = CardChrome()
    var items: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = CardKey(utf8: keyUTF8) else { return }
      if key == .items { items = value }
      guard !value.isNull else { return }
      switch key {
      case .title: feedHeader.title = try string(value, for: key.rawValue)
      case .subtitle: feedHeader.subtitle = try string(value, for: key.rawValue)
      case .header: card.header = try chrome(value, for: key.rawValue)
      case .footer: card.footer = try chrome(value, for: key.rawValue)
      case .appearance: card.appearance = try appearance(value)
      case .items: break
      }
    }
    guard let items else { throw failure(at: object, missingKey: CardKey.items.rawValue) }
    card.elements.reserveCapacity(items.count)
    try forEachElement(of: items, for: CardKey.items.rawValue) { element throws(DocumentError) in
      let (item, children) = try cardItem(element)
      if let children {
        var childItems: [CardItem] = []
        for child in try array(children, for: CardItemKey.children.rawValue) {
          let (childItem, nested) = try cardItem(child)
          if let nested, !(try array(nested, for: CardItemKey.children.rawValue)).isEmpty {
            throw failure(at: nested, "children may nest only one level deep")
          }
          childItems.append(childItem)
        }
        card.elements.append(childItems.isEmpty ? .item(item) : .group(item, children: childItems))
      } else {
        card.elements.append(.item(item))
      }
    }
    let hasHeader = feedHeader.title != nil || feedHeader.subtitle != nil
    return CardFeed.Entry(header: hasHeader ? feedHeader : nil, card: card)
  }

  /// One card item and its non-null `children` value, which the caller reads.
  private func cardItem(
    _ object: JSONValue
  ) throws(DocumentError) -> (item: CardItem, children: JSONValue?) {
    guard object.type == .object else {
      throw mismatch(object, expected: "an object", for: CardKey.items.rawValue)
    }
    var item = CardItem()
    var content: String?
    var description: String?
    var children: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = CardItemKey(utf8: keyUTF8), !value.isNull else { return }
      let name = key.rawValue
      switch key {
      case .title: item.title = try string(value, for: name)
      case .subtitle: item.subtitle = try string(value, for: name)
      case .icon: item.icon = try string(value, for: name)
      case .content: content = try string(value, for: name)
      case .description: description = try string(value, for: name)
      case .start: item.date = try date(value, for: name)
      case .status:
        item.status = try choice(
          value, for: name, among: ItemStatus.allCases.map(\.rawValue),
          ItemStatus.init(rawValue:))
      case .children: children = value
      }
    }
    item.content = content ?? description
    guard item.title != nil || item.content != nil else {
      throw failure(at: object, missingKey: CardItemKey.title.rawValue)
    }
    return (item, children)
  }

  private func chrome(_ value: JSONValue, for key: String) throws(DocumentError) -> CardChrome {
    if value.type == .string { return CardChrome(title: try string(value, for: key)) }
    guard value.type == .object else {
      throw mismatch(value, expected: "a string or an object", for: key)
    }
    var chrome = CardChrome()
    if let title = value["title"], !title.isNull { chrome.title = try string(title, for: "title") }
    if let subtitle = value["subtitle"], !subtitle.isNull {
      chrome.subtitle = try string(subtitle, for: "subtitle")
    }
    if let content = value["content"], !content.isNull {
      chrome.content = try string(content, for: "content")
    }
    return chrome
  }

  private func appearance(_ value: JSONValue) throws(DocumentError) -> CardAppearance {
    guard value.type == .object else {
      throw mismatch(value, expected: "an object", for: "appearance")
    }
    var result = CardAppearance()
    func color(_ key: String) throws(DocumentError) -> CardColor? {
      guard let field = value[key], !field.isNull else { return nil }
      let text = try string(field, for: key)
      guard let color = CardColor(text) else {
        throw failure(
          at: field,
          "invalid color \(text.quotedForMessage) for \(key.quotedForMessage); expected #rrggbb")
      }
      return color
    }
    func number(_ key: String, _ range: ClosedRange<Double>) throws(DocumentError) -> Double? {
      try self.number(key, in: value, range)
    }
    result.background = try color("background")
    result.borderColor = try color("borderColor")
    result.lineColor = try color("lineColor")
    result.borderWidth = try number("borderWidth", 0...16) ?? result.borderWidth
    result.cornerRadius = try number("cornerRadius", 0...64) ?? result.cornerRadius
    result.itemShapeSize = try number("itemShapeSize", 4...64) ?? result.itemShapeSize
    result.pathWidth = try number("pathWidth", 0...16) ?? result.pathWidth
    if let shape = value["itemShape"], !shape.isNull {
      result.itemShape = try choice(
        shape, for: "itemShape", among: CardAppearance.Shape.allCases.map(\.rawValue),
        CardAppearance.Shape.init(rawValue:))
    }
    if let margins = value["margins"], !margins.isNull {
      let values = try array(margins, for: "margins")
      guard values.count == 4 else {
        throw mismatch(margins, expected: "four numbers [top, right, bottom, left]", for: "margins")
      }
      var numbers: [Double] = []
      for entry in values {
        guard let text = entry.numberText, let number = Double(text), (0...200).contains(number)
        else {
          throw mismatch(entry, expected: "a number in 0...200", for: "margins")
        }
        numbers.append(number)
      }
      result.margins = .init(
        top: numbers[0], right: numbers[1], bottom: numbers[2], left: numbers[3])
    }
    return result
  }
}
