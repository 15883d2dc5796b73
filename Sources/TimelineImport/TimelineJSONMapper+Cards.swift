import Foundation
import TimelineCore

extension TimelineJSONMapper {
  /// Maps the optional top-level `cards` array (CARD-1 … CARD-5): each card has a feed
  /// header (`title`, `subtitle`), its own `header` and `footer` (a string or an object with
  /// `title`, `subtitle`, `content`), an `appearance`, and `items` as in format v1 where an
  /// item with `children` is a group. Card items need a `title` or `content`; `start` is
  /// optional.
  func cards(_ value: JSONValue) throws(DocumentError) -> CardFeed {
    var entries: [CardFeed.Entry] = []
    for element in try array(value, for: "cards") {
      guard element.type == .object else {
        throw mismatch(element, expected: "an object", for: "cards")
      }
      entries.append(try card(element))
    }
    return CardFeed(entries: entries)
  }

  private func card(_ object: JSONValue) throws(DocumentError) -> CardFeed.Entry {
    var card = TimelineCard(elements: [])
    var feedHeader = CardChrome()
    if let title = object["title"], !title.isNull {
      feedHeader.title = try string(title, for: "title")
    }
    if let subtitle = object["subtitle"], !subtitle.isNull {
      feedHeader.subtitle = try string(subtitle, for: "subtitle")
    }
    if let header = object["header"], !header.isNull {
      card.header = try chrome(header, for: "header")
    }
    if let footer = object["footer"], !footer.isNull {
      card.footer = try chrome(footer, for: "footer")
    }
    if let appearance = object["appearance"], !appearance.isNull {
      card.appearance = try self.appearance(appearance)
    }
    guard let items = object["items"] else { throw failure(at: object, missingKey: "items") }
    for element in try array(items, for: "items") {
      let item = try cardItem(element)
      if let children = element["children"], !children.isNull {
        var childItems: [CardItem] = []
        for child in try array(children, for: "children") {
          if let nested = child["children"], !(try array(nested, for: "children")).isEmpty {
            throw failure(at: nested, "children may nest only one level deep")
          }
          childItems.append(try cardItem(child))
        }
        card.elements.append(childItems.isEmpty ? .item(item) : .group(item, children: childItems))
      } else {
        card.elements.append(.item(item))
      }
    }
    let hasHeader = feedHeader.title != nil || feedHeader.subtitle != nil
    return CardFeed.Entry(header: hasHeader ? feedHeader : nil, card: card)
  }

  private func cardItem(_ object: JSONValue) throws(DocumentError) -> CardItem {
    guard object.type == .object else {
      throw mismatch(object, expected: "an object", for: "items")
    }
    var item = CardItem()
    func text(_ key: String) throws(DocumentError) -> String? {
      guard let value = object[key], !value.isNull else { return nil }
      return try string(value, for: key)
    }
    item.title = try text("title")
    item.subtitle = try text("subtitle")
    item.icon = try text("icon")
    let content = try text("content")
    let description = try text("description")
    item.content = content ?? description
    if let start = object["start"], !start.isNull { item.date = try date(start, for: "start") }
    if let status = object["status"], !status.isNull {
      item.status = try choice(
        status, for: "status", among: ItemStatus.allCases.map(\.rawValue),
        ItemStatus.init(rawValue:))
    }
    guard item.title != nil || item.content != nil else {
      throw failure(at: object, missingKey: "title")
    }
    return item
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
      guard let field = value[key], !field.isNull else { return nil }
      guard let text = field.numberText, let number = Double(text), range.contains(number) else {
        throw mismatch(
          field, expected: "a number in \(Int(range.lowerBound))...\(Int(range.upperBound))",
          for: key)
      }
      return number
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
