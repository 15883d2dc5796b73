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
    let count = elements.count
    let kept = (cardsKept?(count) ?? 0..<count).clamped(to: 0..<count)
    // Cards are independent, so they are mapped on every core; the mapper is only read.
    // Cards outside `kept` are checked the same way without being kept, in file order with
    // the kept ones, so that the first problem in the file is the one reported.
    nonisolated(unsafe) let mapper = self
    @Sendable func card(_ index: Int, keeping: Bool) throws(DocumentError) -> CardFeed.Entry {
      let element = elements[index].onOwnHandle()
      guard element.type == .object else {
        throw mapper.mismatch(element, expected: "an object", for: "cards")
      }
      return try mapper.card(element, keeping: keeping)
    }
    func check(_ range: Range<Int>) throws(DocumentError) {
      _ = try chunkedMap(count: range.count, chunkSize: 1_024) { (offset) throws(DocumentError) in
        _ = try card(range.lowerBound + offset, keeping: false)
      }
    }
    try check(0..<kept.lowerBound)
    let entries = try chunkedMap(count: kept.count, chunkSize: 1_024) {
      (offset) throws(DocumentError) -> CardFeed.Entry in
      try card(kept.lowerBound + offset, keeping: true)
    }
    try check(kept.upperBound..<count)
    return CardFeed(
      entries: entries, cardsBefore: kept.lowerBound, cardsAfter: count - kept.upperBound)
  }

  /// One card; when not `keeping`, checked as strictly, but its texts and elements are not
  /// made (an empty card is returned).
  private func card(
    _ object: JSONValue, keeping: Bool
  ) throws(DocumentError) -> CardFeed.Entry {
    var card = TimelineCard(elements: [])
    var feedHeader = CardChrome()
    var items: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = CardKey(utf8: keyUTF8) else { return }
      if key == .items { items = value }
      guard !value.isNull else { return }
      switch key {
      case .title: feedHeader.title = try text(value, for: key.rawValue, keeping)
      case .subtitle: feedHeader.subtitle = try text(value, for: key.rawValue, keeping)
      case .header: card.header = try chrome(value, for: key.rawValue, keeping)
      case .footer: card.footer = try chrome(value, for: key.rawValue, keeping)
      case .appearance: card.appearance = try appearance(value)
      case .items: break
      }
    }
    guard let items else { throw failure(at: object, missingKey: CardKey.items.rawValue) }
    if keeping { card.elements.reserveCapacity(items.count) }
    try forEachElement(of: items, for: CardKey.items.rawValue) { element throws(DocumentError) in
      let (item, children) = try cardItem(element, keeping)
      if let children {
        var childItems: [CardItem] = []
        try forEachElement(of: children, for: CardItemKey.children.rawValue) {
          child throws(DocumentError) in
          let (childItem, nested) = try cardItem(child, keeping)
          if let nested, !(try array(nested, for: CardItemKey.children.rawValue)).isEmpty {
            throw failure(at: nested, "children may nest only one level deep")
          }
          if keeping { childItems.append(childItem) }
        }
        guard keeping else { return }
        card.elements.append(childItems.isEmpty ? .item(item) : .group(item, children: childItems))
      } else if keeping {
        card.elements.append(.item(item))
      }
    }
    let hasHeader = feedHeader.title != nil || feedHeader.subtitle != nil
    return CardFeed.Entry(header: hasHeader ? feedHeader : nil, card: card)
  }

  /// The string `value` of `key`; when not `keeping`, only checked, and the empty string
  /// (which costs nothing) stands for it.
  private func text(
    _ value: JSONValue, for key: String, _ keeping: Bool
  ) throws(DocumentError) -> String {
    if keeping { return try string(value, for: key) }
    guard value.type == .string else { throw mismatch(value, expected: "a string", for: key) }
    return ""
  }

  /// One card item and its non-null `children` value, which the caller reads.
  private func cardItem(
    _ object: JSONValue, _ keeping: Bool
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
      case .title: item.title = try text(value, for: name, keeping)
      case .subtitle: item.subtitle = try text(value, for: name, keeping)
      case .icon: item.icon = try text(value, for: name, keeping)
      case .content: content = try text(value, for: name, keeping)
      case .description: description = try text(value, for: name, keeping)
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

  private func chrome(
    _ value: JSONValue, for key: String, _ keeping: Bool
  ) throws(DocumentError) -> CardChrome {
    if value.type == .string { return CardChrome(title: try text(value, for: key, keeping)) }
    guard value.type == .object else {
      throw mismatch(value, expected: "a string or an object", for: key)
    }
    var chrome = CardChrome()
    if let title = value["title"], !title.isNull {
      chrome.title = try text(title, for: "title", keeping)
    }
    if let subtitle = value["subtitle"], !subtitle.isNull {
      chrome.subtitle = try text(subtitle, for: "subtitle", keeping)
    }
    if let content = value["content"], !content.isNull {
      chrome.content = try text(content, for: "content", keeping)
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
