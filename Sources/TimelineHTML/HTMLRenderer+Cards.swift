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
  /// - Parameters:
  ///   - feed: the cards and the feed's spacing.
  ///   - orientation: vertical paths, or paths laid left to right.
  ///   - selection: the part shown selected, if any.
  ///   - window: the cards to render (a web app renders those near the viewport), by their
  ///     index in the whole feed; all the feed holds by default.
  ///   - dateText: the text of an item's date.
  ///   - strings: the words of the feed's labels and of status names.
  ///   - styles: the feed's styles as a stylesheet the page links to, for a page whose
  ///     Content-Security-Policy allows no inline style; without it, each card and the feed
  ///     carry their own `style` attribute.
  public func cards(
    _ feed: CardFeed, orientation: CardLayout.Orientation = .vertical, selection: CardEvent? = nil,
    window: Range<Int>? = nil, dateText: @escaping @Sendable (TimelineDate) -> String,
    strings: TimelineStrings, styles: CardStyleSheet? = nil
  ) -> Markup {
    let held = feed.heldIndices
    let range = window.map { $0.clamped(to: held) } ?? held
    let articles = Markup.written { [self] writer in
      // Cards mostly share an appearance: its style is written once and reused.
      var lastStyle: (appearance: CardAppearance, look: CardLook)?
      for index in range {
        let entry = feed.entries[index - held.lowerBound]
        if lastStyle?.appearance != entry.card.appearance {
          let appearance = entry.card.appearance
          lastStyle = (
            appearance,
            styles?.className(of: appearance).map(CardLook.className)
              ?? .style(Self.cardStyle(appearance))
          )
        }
        writeCard(
          entry, index: index, total: feed.totalCount, look: lastStyle?.look ?? .style(""),
          selection: selection, dateText: dateText, strings: strings, to: &writer)
      }
    }
    return .element(
      "div",
      [
        "class": "tl-feed", "role": "feed", "aria-label": strings.summaries.cards,
        "data-layout": orientation.rawValue,
        // CARD-5: the feed's spacing, numbers the document validated.
        "style": styles == nil ? Self.feedSpacing(feed) : nil,
      ],
      range.isEmpty ? [] : [articles])
  }

  /// How a card's box gets its appearance: a `style` attribute, or a class of the feed's
  /// ``CardStyleSheet``.
  enum CardLook {
    case style(String)
    case className(String)
  }

  /// The feed's spacing (CARD-5) as CSS declarations.
  static func feedSpacing(_ feed: CardFeed) -> String {
    "--tl-feed-gap:\(number(feed.paddingBetweenCards))px;"
      + "--tl-feed-top:\(number(feed.topMargin))px;"
      + "--tl-feed-bottom:\(number(feed.bottomMargin))px"
  }

  /// One card as an `article`: its feed header, then its box (with `style`, its
  /// appearance's ``cardStyle(_:)``) with the header, the path of elements (groups with
  /// their children) and the footer, each a link (CARD-1 … CARD-4). Written straight to the
  /// output, as a page of many cards is.
  func writeCard(
    _ entry: CardFeed.Entry, index: Int, total: Int, look: CardLook, selection: CardEvent?,
    dateText: (TimelineDate) -> String, strings: TimelineStrings, to writer: inout MarkupWriter
  ) {
    let appearance = entry.card.appearance
    let headingID = "card-\(index)-title"
    let selected = selection?.description
    writer.start("article")
    // Explicit, though implied: the Nu checker wants it beside aria-posinset (its issue 1322).
    writer.attribute("role", constant: "article")
    writer.attribute("class", constant: "tl-feed-card")
    writer.attribute("id", "card-\(index)")
    writer.attribute("aria-posinset", index + 1)
    writer.attribute("aria-setsize", total)
    if entry.header != nil {
      writer.attribute("aria-labelledby", headingID)
    } else {
      writer.attribute(
        "aria-label",
        strings.summaries.format(strings.summaries.cardPositionFormat, numbers: [index + 1, total]))
    }
    writer.children()
    if let header = entry.header {
      writer.start("header")
      writer.attribute("class", constant: "tl-feed-header")
      writer.children()
      writer.start("h2")
      writer.attribute("class", constant: "tl-feed-title")
      writer.attribute("id", headingID)
      writer.text(
        header.title
          ?? strings.summaries.format(strings.summaries.cardTitleFormat, numbers: [index + 1]),
        closing: "h2")
      if let subtitle = header.subtitle {
        writer.start("p")
        writer.attribute("class", constant: "tl-feed-subtitle")
        writer.text(subtitle, closing: "p")
      }
      writer.close("header")
    }
    writer.start("div")
    switch look {
    case .style(let style):
      writer.attribute("class", constant: "tl-card-box")
      writer.attribute("data-shape", appearance.itemShape.rawValue)
      writer.attribute("style", style)
    case .className(let name):
      writer.attribute("class", "tl-card-box " + name)
      writer.attribute("data-shape", appearance.itemShape.rawValue)
    }
    writer.children()
    if let chrome = entry.card.header {
      writeChromeLink(
        chrome, path: "\(index)/header", type: "touchHeader", className: "tl-card-head",
        to: &writer)
    }
    writer.start("ol")
    writer.attribute("class", constant: "tl-card-path")
    if entry.card.elements.isEmpty {
      writer.empty(closing: "ol")
    } else {
      writer.children()
      for (elementIndex, element) in entry.card.elements.enumerated() {
        let path = "\(index)/\(elementIndex)"
        writer.start("li")
        writer.attribute("class", constant: "tl-card-element")
        writer.attribute("data-status", element.item.status?.rawValue)
        writer.children()
        writeItemLink(
          element.item, path: path, type: "selectElement", selected: selected == path,
          dateText: dateText, strings: strings, to: &writer)
        if !element.children.isEmpty {
          writer.start("ol")
          writer.attribute("class", constant: "tl-card-children")
          writer.children()
          for (childIndex, child) in element.children.enumerated() {
            let childPath = path + "/" + String(childIndex)
            writer.start("li")
            writer.attribute("data-status", child.status?.rawValue)
            writer.children()
            writeItemLink(
              child, path: childPath, type: "selectChild", selected: selected == childPath,
              dateText: dateText, strings: strings, to: &writer)
            writer.close("li")
          }
          writer.close("ol")
        }
        writer.close("li")
      }
      writer.close("ol")
    }
    if let chrome = entry.card.footer {
      writeChromeLink(
        chrome, path: "\(index)/footer", type: "touchFooter", className: "tl-card-foot",
        to: &writer)
    }
    writer.close("div")
    writer.close("article")
  }

  /// Custom properties from the validated appearance (colors are `#rrggbb`, numbers).
  static func cardStyle(_ appearance: CardAppearance) -> String {
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

  /// An element or child of a card: a link with its milestone, icon, texts and the caption
  /// of its date and status.
  func writeItemLink(
    _ item: CardItem, path: String, type: StaticString, selected: Bool,
    dateText: (TimelineDate) -> String, strings: TimelineStrings, to writer: inout MarkupWriter
  ) {
    let anchor = Self.cardAnchor(path)
    writer.start("a")
    writer.attribute("class", constant: "tl-card-item")
    writer.attribute("id", anchor)
    writer.attribute("href", cardItemLink?(path) ?? "#" + anchor)
    writer.attribute("data-event", path)
    writer.attribute("data-event-type", constant: type)
    if selected { writer.attribute("aria-current", constant: "true") }
    writer.children()
    writer.start("span")
    writer.attribute("class", constant: "tl-milestone")
    writer.attribute("aria-hidden", constant: "true")
    writer.empty(closing: "span")
    writeEventIcon(named: item.icon, to: &writer)
    Self.writeSpan(item.title, className: "tl-card-title", to: writer)
    Self.writeSpan(item.subtitle, className: "tl-card-subtitle", to: writer)
    Self.writeSpan(item.content, className: "tl-card-content", to: writer)
    var caption: [String] = []
    if let date = item.date { caption.append(dateText(date)) }
    if let status = item.status {
      caption.append(strings.name(of: Node(kind: .event, status: status)))
    }
    if !caption.isEmpty {
      Self.writeSpan(caption.joined(separator: " · "), className: "tl-card-caption", to: writer)
    }
    writer.close("a")
  }

  /// A card's header or footer: a link with its title, subtitle and content.
  func writeChromeLink(
    _ chrome: CardChrome, path: String, type: StaticString, className: StaticString,
    to writer: inout MarkupWriter
  ) {
    let anchor = Self.cardAnchor(path)
    writer.start("a")
    writer.attribute("class", constant: className)
    writer.attribute("href", "#" + anchor)
    writer.attribute("id", anchor)
    writer.attribute("data-event", path)
    writer.attribute("data-event-type", constant: type)
    guard chrome.title != nil || chrome.subtitle != nil || chrome.content != nil else {
      return writer.empty(closing: "a")
    }
    writer.children()
    Self.writeSpan(chrome.title, className: "tl-card-chrome-title", to: writer)
    Self.writeSpan(chrome.subtitle, className: "tl-card-subtitle", to: writer)
    Self.writeSpan(chrome.content, className: "tl-card-content", to: writer)
    writer.close("a")
  }

  /// `<span class="…">text</span>`, nothing for no text.
  static func writeSpan(_ text: String?, className: StaticString, to writer: MarkupWriter) {
    guard let text else { return }
    writer.start("span")
    writer.attribute("class", constant: className)
    writer.text(text, closing: "span")
  }

  /// The element id of a card part: `card-0-2-1` for the path `0/2/1`.
  public static func cardAnchor(_ path: String) -> String {
    "card-"
      + String(
        decoding: path.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
  }
}

/// A feed's styles as a stylesheet of their own, for pages under a Content-Security-Policy
/// that allows no inline style (the web app's `style-src 'self'`): the feed's spacing
/// (CARD-5) as a rule on `.tl-feed`, and each distinct card appearance as a class
/// (`tl-look-0`, `tl-look-1`, … in the order the cards first use them). Every value in it is
/// a number or a color the document's reader validated.
///
/// ```swift
/// let styles = CardStyleSheet(feed: feed)
/// styles.css   // served as text/css, linked from the page
/// HTMLRenderer().cards(feed, dateText: dates.text, strings: strings, styles: styles)
/// ```
public struct CardStyleSheet: Sendable {
  let classes: [CardAppearance: Int]
  /// The stylesheet's text.
  public let css: String

  public init(feed: CardFeed) {
    var classes: [CardAppearance: Int] = [:]
    var css = ".tl-feed{" + HTMLRenderer.feedSpacing(feed) + "}\n"
    for entry in feed.entries where classes[entry.card.appearance] == nil {
      let index = classes.count
      classes[entry.card.appearance] = index
      css += ".tl-look-\(index){" + HTMLRenderer.cardStyle(entry.card.appearance) + "}\n"
    }
    self.classes = classes
    self.css = css
  }

  /// The class of cards of `appearance`; `nil` for an appearance the feed does not have.
  func className(of appearance: CardAppearance) -> String? {
    classes[appearance].map { "tl-look-\($0)" }
  }
}
