extension PresentationJSON {
  /// Writes a feed of cards: per card its feed header, chrome, appearance, elements with
  /// their `card/element[/child]` paths and laid-out frames, and the selection's event.
  public static func write<Metrics: TextMetrics>(
    _ layout: inout FeedLayout<Metrics>, selection: CardEvent? = nil,
    dateText: (TimelineDate) -> String, to output: inout some TextOutputStream
  ) {
    TextSink.writing(to: &output) { sink in
      var json = JSONWriter(sink: sink)
      json.beginObject()
      json.field("layout", layout.orientation.rawValue)
      json.field("count", layout.count)
      // CARD-5: the space between cards and above and below the feed, in points.
      json.key("spacing")
      json.beginObject()
      json.key("paddingBetweenCards")
      json.raw(format(layout.feed.paddingBetweenCards))
      json.key("topMargin")
      json.raw(format(layout.feed.topMargin))
      json.key("bottomMargin")
      json.raw(format(layout.feed.bottomMargin))
      json.endObject()
      json.key("cards")
      json.beginArray()
      for index in 0..<layout.count {
        // Each card once, in order: its layout is written and forgotten.
        let slot = layout.measureOnce(index)
        let entry = layout.feed.entries[index]
        json.beginObject()
        json.field("index", index)
        json.key("offset")
        json.raw(format(slot.offset))
        json.key("feedHeader")
        writeChrome(entry.header, to: &json)
        json.key("header")
        writeChrome(entry.card.header, to: &json)
        json.key("footer")
        writeChrome(entry.card.footer, to: &json)
        json.key("appearance")
        writeAppearance(entry.card.appearance, to: &json)
        json.key("size")
        json.beginObject()
        json.key("width")
        json.raw(format(slot.card.width))
        json.key("height")
        json.raw(format(slot.card.height))
        json.endObject()
        json.key("elements")
        json.beginArray()
        for (elementIndex, element) in entry.card.elements.enumerated() {
          json.beginObject()
          writeItem(
            element.item, path: "\(index)/\(elementIndex)",
            frame: slot.card.blocks.first { $0.part == .element(elementIndex) }?.frame,
            dateText: dateText, to: &json)
          json.key("children")
          json.beginArray()
          for (childIndex, child) in element.children.enumerated() {
            json.beginObject()
            writeItem(
              child, path: "\(index)/\(elementIndex)/\(childIndex)",
              frame: slot.card.blocks.first { $0.part == .child(elementIndex, childIndex) }?.frame,
              dateText: dateText, to: &json)
            json.endObject()
          }
          json.endArray()
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      json.endArray()
      json.key("height")
      json.raw(format(layout.totalHeight))
      json.key("selection")
      if let selection {
        json.beginObject()
        json.field("path", selection.description)
        json.field("type", selection.name)
        json.endObject()
      } else {
        json.string(nil)
      }
      json.endObject()
    }
  }

  static func writeItem(
    _ item: CardItem, path: String, frame: CardLayout.Frame?, dateText: (TimelineDate) -> String,
    to json: inout JSONWriter
  ) {
    json.field("path", path)
    json.field("title", item.title)
    json.field("subtitle", item.subtitle)
    json.field("content", item.content)
    json.field("icon", item.icon)
    json.field("date", item.date.map(dateText))
    json.field("status", item.status?.rawValue)
    if let frame {
      json.key("frame")
      json.beginObject()
      for (name, value): (StaticString, Double) in [
        ("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height),
      ] {
        json.key(name)
        json.raw(format(value))
      }
      json.endObject()
    }
  }

  static func writeChrome(_ chrome: CardChrome?, to json: inout JSONWriter) {
    guard let chrome else {
      json.string(nil)
      return
    }
    json.beginObject()
    json.field("title", chrome.title)
    json.field("subtitle", chrome.subtitle)
    json.field("content", chrome.content)
    json.endObject()
  }

  static func writeAppearance(
    _ appearance: CardAppearance, to json: inout JSONWriter
  ) {
    json.beginObject()
    json.field("background", appearance.background?.hex)
    json.field("borderColor", appearance.borderColor?.hex)
    json.field("lineColor", appearance.lineColor?.hex)
    json.field("itemShape", appearance.itemShape.rawValue)
    for (name, value): (StaticString, Double) in [
      ("borderWidth", appearance.borderWidth), ("cornerRadius", appearance.cornerRadius),
      ("itemShapeSize", appearance.itemShapeSize), ("pathWidth", appearance.pathWidth),
    ] {
      json.key(name)
      json.raw(format(value))
    }
    json.endObject()
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? String(Int(value)) : String((value * 100).rounded() / 100)
  }
}
