import Foundation
import TimelineCore

extension TimelineJSONMapper {
  func number(
    _ value: JSONValue, for key: String, _ range: ClosedRange<Double>
  ) throws(DocumentError) -> Double {
    guard let text = value.numberText, let number = Double(text), range.contains(number) else {
      throw mismatch(
        value, expected: "a number in \(Int(range.lowerBound))...\(Int(range.upperBound))",
        for: key)
    }
    return number
  }

  /// Applies the optional top-level `feed` object to `feed` (CARD-5).
  func spacing(_ value: JSONValue, of feed: inout CardFeed) throws(DocumentError) {
    try expectObject(value, for: "feed")
    let fields: [(key: String, field: WritableKeyPath<CardFeed, Double>)] = [
      ("paddingBetweenCards", \.paddingBetweenCards), ("topMargin", \.topMargin),
      ("bottomMargin", \.bottomMargin),
    ]
    for (key, field) in fields {
      guard let member = value[key], !member.isNull else { continue }
      feed[keyPath: field] = try number(member, for: key, 0...200)
    }
  }

  /// Maps the optional top-level `cards` array (CARD-1 … CARD-5): card items need a `title` or
  /// `content`, one with `children` is a group. For a ``page``, the cards were checked while the
  /// text was parsed: the first that failed is the error, else the kept ones are parsed again.
  func cards(_ value: JSONValue) throws(DocumentError) -> CardFeed {
    guard value.type == .array else { throw mismatch(value, expected: "an array", for: "cards") }
    let count = value.count
    guard let page else {
      return CardFeed(entries: try mapCards(value.elementIndices ?? [], on: value.tape))
    }
    precondition(page.starts.count == count, "the feed's cards were not streamed to its page")
    if let failure = page.failure { throw failure }
    let kept = page.kept(count).clamped(to: 0..<count)
    // Cards are elements of a top-level member's array; the tape must not outlive the text.
    let (tape, indices) = try JSONParser.parseValues(
      at: Array(page.starts[kept]), of: text, depth: 2, file: file)
    let entries = try withExtendedLifetime(tape) { () throws(DocumentError) in
      try mapCards(indices, on: tape)
    }
    return CardFeed(
      entries: entries, cardsBefore: kept.lowerBound, cardsAfter: count - kept.upperBound)
  }

  /// The cards at tape indices `elements` of `tape`, mapped on every core in chunks small
  /// enough for a page's thousand cards to share (the mapper is only read, and the caller
  /// holds the text the workers borrow). The error is the first failing card's in file order.
  private func mapCards(
    _ elements: [Int], on tape: JSONTape
  ) throws(DocumentError) -> [CardFeed.Entry] {
    nonisolated(unsafe) let mapper = self
    let zone = timeZone
    return try chunkedMap(count: elements.count, chunkSize: 256) {
      (index) throws(DocumentError) -> CardFeed.Entry in
      let card = JSONValue(borrowing: tape, index: elements[index])
      guard let entry = try mapper.entry(card, keeping: true, in: zone) else {
        preconditionFailure("a kept card is always made")
      }
      return entry
    }
  }

  /// The element `object` of `cards` as a card, its floating times in `zone`; when not
  /// `keeping`, checked as strictly but nothing is made (`nil`), so that checking the cards
  /// a page does not show costs little more than reading them.
  func entry(
    _ object: JSONValue, keeping: Bool, in zone: TimeZone
  ) throws(DocumentError) -> CardFeed.Entry? {
    try expectObject(object, for: "cards")
    var card = keeping ? TimelineCard(elements: []) : nil
    var feedHeader = keeping ? CardChrome() : nil
    var items: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = CardKey(utf8: keyUTF8) else { return }
      if key == .items { items = value }
      guard !value.isNull else { return }
      // Each value is checked before it is stored, so that an unkept card is checked too.
      switch key {
      case .title, .subtitle:
        let text = try text(value, for: key.rawValue, keeping)
        if key == .title { feedHeader?.title = text } else { feedHeader?.subtitle = text }
      case .header, .footer:
        let chrome = try chrome(value, for: key.rawValue, keeping)
        if key == .header { card?.header = chrome } else { card?.footer = chrome }
      case .appearance:
        let appearance = try appearance(value)
        card?.appearance = appearance
      case .items: break
      }
    }
    guard let items else { throw failure(at: object, missingKey: CardKey.items.rawValue) }
    card?.elements.reserveCapacity(items.count)
    try forEachElement(of: items, for: CardKey.items.rawValue) { element throws(DocumentError) in
      let (item, children) = try cardItem(element, keeping, zone)
      var childItems: [CardItem] = []
      if let children {
        try forEachElement(of: children, for: CardItemKey.children.rawValue) {
          child throws(DocumentError) in
          let (childItem, nested) = try cardItem(child, keeping, zone)
          if let nested { try refuseGrandchildren(nested, for: CardItemKey.children.rawValue) }
          if let childItem { childItems.append(childItem) }
        }
      }
      guard let item else { return }
      card?.elements.append(childItems.isEmpty ? .item(item) : .group(item, children: childItems))
    }
    guard let card, let feedHeader else { return nil }
    let hasHeader = feedHeader.title != nil || feedHeader.subtitle != nil
    return CardFeed.Entry(header: hasHeader ? feedHeader : nil, card: card)
  }

  /// One card item (`nil` when not `keeping`) and its non-null `children`, for the caller.
  private func cardItem(
    _ object: JSONValue, _ keeping: Bool, _ zone: TimeZone
  ) throws(DocumentError) -> (item: CardItem?, children: JSONValue?) {
    try expectObject(object, for: CardKey.items.rawValue)
    var item = keeping ? CardItem() : nil
    var content: String?
    var description: String?
    var hasText = false
    var children: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = CardItemKey(utf8: keyUTF8), !value.isNull else { return }
      let name = key.rawValue
      switch key {
      case .title, .subtitle, .icon, .content, .description:
        let text = try text(value, for: name, keeping)
        if key == .title || key == .content || key == .description { hasText = true }
        switch key {
        case .title: item?.title = text
        case .subtitle: item?.subtitle = text
        case .icon: item?.icon = text
        case .content: content = text
        default: description = text
        }
      case .start:
        let date = try date(value, for: name, in: zone)
        item?.date = date
      case .status:
        let status = try status(value, for: name)
        item?.status = status
      case .children: children = value
      }
    }
    guard hasText else { throw failure(at: object, missingKey: CardItemKey.title.rawValue) }
    item?.content = content ?? description
    return (item, children)
  }

  /// A card's `header` or `footer`: a string (its title) or an object; `nil` when not `keeping`.
  private func chrome(
    _ value: JSONValue, for key: String, _ keeping: Bool
  ) throws(DocumentError) -> CardChrome? {
    if value.type == .string {
      return try text(value, for: key, keeping).map { CardChrome(title: $0) }
    }
    guard value.type == .object else {
      throw mismatch(value, expected: "a string or an object", for: key)
    }
    var chrome = keeping ? CardChrome() : nil
    try value.forEachMember { (keyUTF8, member) throws(DocumentError) in
      guard let key = ChromeKey(utf8: keyUTF8), !member.isNull else { return }
      let text = try text(member, for: key.rawValue, keeping)
      switch key {
      case .title: chrome?.title = text
      case .subtitle: chrome?.subtitle = text
      case .content: chrome?.content = text
      }
    }
    return chrome
  }

  /// A card's `appearance`, its members checked in the order ``AppearanceKey`` declares.
  private func appearance(_ value: JSONValue) throws(DocumentError) -> CardAppearance {
    try expectObject(value, for: "appearance")
    var result = CardAppearance()
    for key in AppearanceKey.allCases {
      let name = key.rawValue
      guard let member = value[name], !member.isNull else { continue }
      switch key {
      case .background: result.background = try color(member, for: name)
      case .borderColor: result.borderColor = try color(member, for: name)
      case .lineColor: result.lineColor = try color(member, for: name)
      case .borderWidth: result.borderWidth = try number(member, for: name, 0...16)
      case .cornerRadius: result.cornerRadius = try number(member, for: name, 0...64)
      case .itemShapeSize: result.itemShapeSize = try number(member, for: name, 4...64)
      case .pathWidth: result.pathWidth = try number(member, for: name, 0...16)
      case .itemShape:
        result.itemShape = try choice(
          member, for: name, among: CardAppearance.Shape.allCases.map(\.rawValue),
          CardAppearance.Shape.init(rawValue:))
      case .margins: result.margins = try margins(member)
      }
    }
    return result
  }

  /// A color of an `appearance` (`#rrggbb` or `#rgb`).
  private func color(_ value: JSONValue, for key: String) throws(DocumentError) -> CardColor {
    let text = try string(value, for: key)
    guard let color = CardColor(text) else {
      throw failure(
        at: value,
        "invalid color \(text.quotedForMessage) for \(key.quotedForMessage); expected #rrggbb")
    }
    return color
  }

  private func margins(_ value: JSONValue) throws(DocumentError) -> CardAppearance.Margins {
    guard value.type == .array else { throw mismatch(value, expected: "an array", for: "margins") }
    guard value.count == 4 else {
      throw mismatch(value, expected: "four numbers [top, right, bottom, left]", for: "margins")
    }
    var numbers: [Double] = []
    numbers.reserveCapacity(4)
    try value.forEachElement { (entry) throws(DocumentError) in
      numbers.append(try number(entry, for: "margins", 0...200))
    }
    return .init(top: numbers[0], right: numbers[1], bottom: numbers[2], left: numbers[3])
  }
}
