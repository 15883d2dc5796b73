import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// A feed of cards (CARD-1 … CARD-6) as `role="feed"` of articles. Every element, child,
  /// header and footer is a link with a stable identifier (`card-0-2-1`) and a
  /// `data-event` path; the script turns activation into a `timeline:select` DOM event.
  ///
  /// Cards are made and written one at a time as the page is written, so a page of a
  /// hundred thousand cards never holds their markup.
  ///
  /// - Parameter window: the cards to render (a web app renders those near the viewport),
  ///   by their index in the whole feed; all the feed holds by default.
  public func cards(
    _ feed: CardFeed, orientation: CardLayout.Orientation = .vertical, selection: CardEvent? = nil,
    window: Range<Int>? = nil, dateText: @escaping @Sendable (TimelineDate) -> String,
    strings: TimelineStrings
  ) -> Markup {
    let held = feed.heldIndices
    let range = window.map { $0.clamped(to: held) } ?? held
    let articles = Markup.written { [self] writer in
      let renderer = MarkupRenderer(dialect: .html, indented: writer.indented)
      for index in range {
        renderer.write(
          card(
            feed.entries[index - held.lowerBound], index: index, total: feed.totalCount,
            selection: selection, dateText: dateText, strings: strings), to: &writer)
      }
    }
    return .element(
      "div",
      [
        "class": "tl-feed", "role": "feed", "aria-label": strings.summaries.cards,
        "data-layout": orientation.rawValue,
        // CARD-5: the feed's spacing, numbers the document validated.
        "style": "--tl-feed-gap:\(Self.number(feed.paddingBetweenCards))px;"
          + "--tl-feed-top:\(Self.number(feed.topMargin))px;"
          + "--tl-feed-bottom:\(Self.number(feed.bottomMargin))px",
      ],
      range.isEmpty ? [] : [articles])
  }

  func card(
    _ entry: CardFeed.Entry, index: Int, total: Int, selection: CardEvent?,
    dateText: (TimelineDate) -> String, strings: TimelineStrings
  ) -> Markup {
    let appearance = entry.card.appearance
    let headingID = "card-\(index)-title"
    var children: [Markup] = []
    if let header = entry.header {
      var texts: [Markup] = [
        .element(
          "h2", ["class": "tl-feed-title", "id": headingID],
          text: header.title
            ?? strings.summaries.format(strings.summaries.cardTitleFormat, numbers: [index + 1]))
      ]
      if let subtitle = header.subtitle {
        texts.append(.element("p", ["class": "tl-feed-subtitle"], text: subtitle))
      }
      children.append(.element("header", ["class": "tl-feed-header"], texts))
    }
    var box: [Markup] = []
    if let chrome = entry.card.header {
      box.append(
        chromeLink(chrome, path: "\(index)/header", type: "touchHeader", className: "tl-card-head"))
    }
    let elements: [Markup] = entry.card.elements.enumerated().map { elementIndex, element in
      var parts: [Markup] = [
        itemLink(
          element.item, path: "\(index)/\(elementIndex)", type: "selectElement",
          selected: selection?.description == "\(index)/\(elementIndex)", dateText: dateText,
          strings: strings)
      ]
      if !element.children.isEmpty {
        parts.append(
          .element(
            "ol", ["class": "tl-card-children"],
            element.children.enumerated().map { childIndex, child in
              .element(
                "li", ["data-status": child.status?.rawValue],
                [
                  itemLink(
                    child, path: "\(index)/\(elementIndex)/\(childIndex)", type: "selectChild",
                    selected: selection?.description == "\(index)/\(elementIndex)/\(childIndex)",
                    dateText: dateText, strings: strings)
                ])
            }))
      }
      return .element(
        "li", ["class": "tl-card-element", "data-status": element.item.status?.rawValue], parts)
    }
    box.append(.element("ol", ["class": "tl-card-path"], elements))
    if let chrome = entry.card.footer {
      box.append(
        chromeLink(chrome, path: "\(index)/footer", type: "touchFooter", className: "tl-card-foot"))
    }
    children.append(
      .element(
        "div",
        [
          "class": "tl-card-box", "data-shape": appearance.itemShape.rawValue,
          "style": cardStyle(appearance),
        ], box))
    return .element(
      "article",
      [
        "class": "tl-feed-card", "id": "card-\(index)", "aria-posinset": String(index + 1),
        "aria-setsize": String(total), "aria-labelledby": entry.header == nil ? nil : headingID,
        "aria-label": entry.header == nil
          ? strings.summaries.format(
            strings.summaries.cardPositionFormat, numbers: [index + 1, total]) : nil,
      ], children)
  }

  /// Custom properties from the validated appearance (colors are `#rrggbb`, numbers).
  func cardStyle(_ appearance: CardAppearance) -> String {
    var declarations = [
      "--tl-card-border-width:\(Self.number(appearance.borderWidth))px",
      "--tl-card-radius:\(Self.number(appearance.cornerRadius))px",
      "--tl-card-shape:\(Self.number(appearance.itemShapeSize))px",
      "--tl-card-path:\(Self.number(appearance.pathWidth))px",
      "--tl-card-margin:\(Self.number(appearance.margins.top))px \(Self.number(appearance.margins.right))px \(Self.number(appearance.margins.bottom))px \(Self.number(appearance.margins.left))px",
    ]
    if let color = appearance.background { declarations.append("--tl-card-bg:\(color.hex)") }
    if let color = appearance.borderColor { declarations.append("--tl-card-border:\(color.hex)") }
    if let color = appearance.lineColor { declarations.append("--tl-card-line:\(color.hex)") }
    return declarations.joined(separator: ";")
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  func itemLink(
    _ item: CardItem, path: String, type: String, selected: Bool,
    dateText: (TimelineDate) -> String, strings: TimelineStrings
  ) -> Markup {
    var texts: [Markup] = []
    if let icon = eventIcon(named: item.icon) { texts.append(icon) }
    if let title = item.title {
      texts.append(.element("span", ["class": "tl-card-title"], text: title))
    }
    if let subtitle = item.subtitle {
      texts.append(.element("span", ["class": "tl-card-subtitle"], text: subtitle))
    }
    if let content = item.content {
      texts.append(.element("span", ["class": "tl-card-content"], text: content))
    }
    var caption: [String] = []
    if let date = item.date { caption.append(dateText(date)) }
    if let status = item.status {
      caption.append(strings.name(of: Node(kind: .event, status: status)))
    }
    if !caption.isEmpty {
      texts.append(
        .element("span", ["class": "tl-card-caption"], text: caption.joined(separator: " · ")))
    }
    let anchor = Self.cardAnchor(path)
    return .element(
      "a",
      [
        "class": "tl-card-item", "id": anchor, "href": "#" + anchor, "data-event": path,
        "data-event-type": type, "aria-current": selected ? "true" : nil,
      ],
      [.element("span", ["class": "tl-milestone", "aria-hidden": "true"])] + texts)
  }

  func chromeLink(_ chrome: CardChrome, path: String, type: String, className: String) -> Markup {
    var texts: [Markup] = []
    if let title = chrome.title {
      texts.append(.element("span", ["class": "tl-card-chrome-title"], text: title))
    }
    if let subtitle = chrome.subtitle {
      texts.append(.element("span", ["class": "tl-card-subtitle"], text: subtitle))
    }
    if let content = chrome.content {
      texts.append(.element("span", ["class": "tl-card-content"], text: content))
    }
    let anchor = Self.cardAnchor(path)
    return .element(
      "a",
      [
        "class": className, "href": "#" + anchor, "id": anchor, "data-event": path,
        "data-event-type": type,
      ],
      texts)
  }

  /// The element id of a card part: `card-0-2-1` for the path `0/2/1`.
  static func cardAnchor(_ path: String) -> String {
    "card-"
      + String(
        decoding: path.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
  }
}
