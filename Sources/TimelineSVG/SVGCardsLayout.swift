import TimelineCore
import _TimelineMarkup

/// Draws a feed of cards (CARD-1 … CARD-6) from the core's `FeedLayout`: feed headers, each
/// card's box with its appearance, the path and milestones (circle, square, diamond;
/// filled when completed, hollow when open, dotted when in progress), and the texts.
/// Vertical feeds stack cards; horizontal ones place them side by side.
struct SVGCardsLayout {
  let feed: CardFeed
  let canvas: SVGCanvas
  let orientation: CardLayout.Orientation
  let selection: CardEvent?
  let dateText: @Sendable (TimelineDate) -> String
  var strings = TimelineStrings.english
  /// The cards drawn; all of them unless the image holds a window of a long feed (TL-11).
  var window: Range<Int>? = nil
  /// A line above the cards saying what the image leaves out.
  var note: String? = nil

  func document(title: String) -> SVGDocument {
    let cardWidth = orientation == .vertical ? canvas.width - 32 : min(canvas.width - 32, 480)
    let held = feed.heldIndices
    let content = canvas.layer()
    let clips = canvas.layer(depth: 2)
    var x = 16.0
    var y = feed.topMargin
    if let note { content += canvas.note(note, x: x, top: &y, width: canvas.width - 32) }
    var bottom = y
    // Each card is laid out once, as the feed would, and drawn; no feed layout is kept.
    for index in window.map({ $0.clamped(to: held) }) ?? held {
      let entry = feed.entries[index - held.lowerBound]
      let slot = FeedLayout<SVGTextMetrics>.layOut(
        entry, width: cardWidth, orientation: orientation,
        metrics: SVGTextMetrics(), dateText: dateText, strings: strings)
      var top = y
      if let header = slot.header {
        content += header.blocks.flatMap(\.lines).map { text($0, dx: x, dy: top) }
        top += header.height
      }
      let clipID = "card-\(index)"
      clips.append(
        canvas.clipPath(id: clipID, x: x, y: top, width: slot.card.width, height: slot.card.height))
      content.append(
        cardMarkup(
          slot.card, index: index, appearance: entry.card.appearance, dx: x, dy: top,
          clipID: clipID))
      bottom = max(bottom, top + slot.card.height)
      if orientation == .vertical {
        y = top + slot.card.height + feed.paddingBetweenCards
      } else {
        x += slot.card.width + feed.paddingBetweenCards
      }
    }
    let width =
      orientation == .vertical ? canvas.width : max(canvas.width, x + 16 - feed.paddingBetweenCards)
    return SVGDocument(
      width: width, height: bottom + feed.bottomMargin, title: title,
      summary: strings.summaries.cards(feed.totalCount), language: nil,
      background: canvas.palette.background,
      idPrefix: SVGDocument.idPrefix([title, "\(feed.totalCount)"]),
      clipPaths: clips, layers: [content])
  }

  func text(_ line: CardLayout.Line, dx: Double, dy: Double, fill: CSSValue? = nil) -> Markup {
    let style = SVGTextMetrics.style(line.style)
    let color =
      fill
      ?? (line.style == .caption || line.style == .body
        ? canvas.palette.secondaryText : canvas.palette.text)
    return canvas.text(
      line.text, x: dx + line.x, baseline: style.baseline(lineTop: dy + line.y), style: style,
      fill: color)
  }

  func cardMarkup(
    _ card: CardLayout, index: Int, appearance: CardAppearance, dx: Double, dy: Double,
    clipID: String
  ) -> Markup {
    let border = appearance.borderColor.flatMap { CSSValue($0.hex) } ?? canvas.palette.border
    let background = appearance.background.flatMap { CSSValue($0.hex) } ?? canvas.palette.surface
    let line = appearance.lineColor.flatMap { CSSValue($0.hex) } ?? canvas.palette.accent
    var children: [Markup] = [
      canvas.rect(
        x: dx, y: dy, width: card.width, height: card.height, radius: appearance.cornerRadius,
        fill: background, stroke: border, strokeWidth: appearance.borderWidth)
    ]
    var inner: [Markup] = []
    if let path = card.path {
      inner.append(
        canvas.line(
          x1: dx + path.from.x, y1: dy + path.from.y, x2: dx + path.to.x, y2: dy + path.to.y,
          stroke: line, width: appearance.pathWidth))
    }
    for block in card.blocks {
      // The selected part's background goes under its milestone, whose shape and fill say
      // its status (state is never told by color alone).
      if isSelected(block.part, card: index) {
        inner.append(
          canvas.rect(
            x: dx + block.frame.x - 4, y: dy + block.frame.y - 2, width: block.frame.width + 8,
            height: block.frame.height + 4, radius: 6, fill: canvas.palette.selected,
            stroke: canvas.palette.text, strokeWidth: 1.5))
      }
      if let milestone = block.milestone {
        inner.append(
          self.milestone(
            appearance.itemShape, at: milestone, size: block.milestoneSize, status: block.status,
            color: line, background: background, dx: dx, dy: dy))
      }
      inner += block.lines.map { text($0, dx: dx, dy: dy) }
    }
    children.append(SVGDocument.clipped(clipID, inner))
    return .element("g", ["data-card": String(index)], children)
  }

  func milestone(
    _ shape: CardAppearance.Shape, at point: CardLayout.Point, size: Double, status: ItemStatus?,
    color: CSSValue, background: CSSValue, dx: Double, dy: Double
  ) -> Markup {
    let canvas = canvas
    let hollow = status == .open || status == .inProgress
    let fill = hollow ? background : color
    // The milestone's center is placed on the image first; its parts around it.
    let (cx, cy, r) = (canvas.x(dx + point.x), dy + point.y, size / 2 - 1)
    return .written { writer in
      if status == .inProgress {
        writer.start("g")
        writer.children()
      }
      switch shape {
      case .circle:
        canvas.circle(
          physicalCX: cx, cy: cy, r: r, fill: fill, stroke: color, strokeWidth: 2, to: &writer)
      case .square:
        canvas.rect(
          physicalLeft: cx - r, y: cy - r, width: 2 * r, height: 2 * r, radius: 2, fill: fill,
          stroke: color, strokeWidth: 2, to: &writer)
      case .diamond:
        let points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)].map {
          SVGCanvas.number($0.0) + "," + SVGCanvas.number($0.1)
        }.joined(separator: " ")
        writer.start("polygon")
        writer.attribute("points", points)
        canvas.paint(fill: fill, stroke: color, strokeWidth: 2, to: writer)
        writer.empty(closing: "polygon")
      }
      guard status == .inProgress else { return }
      // Three dots across the milestone, left to right on the image.
      for offset in [-1.0, 0, 1] {
        canvas.circle(
          physicalCX: cx + offset * r * 0.45, cy: cy, r: max(0.8, r * 0.14), fill: color,
          to: &writer)
      }
      writer.close("g")
    }
  }

  func isSelected(_ part: CardPart, card: Int) -> Bool {
    switch (selection, part) {
    case (.elementSelected(let c, let e)?, .element(let index)): c == card && e == index
    case (.childSelected(let c, let e, let child)?, .child(let index, let childIndex)):
      c == card && e == index && child == childIndex
    case (.headerTouched(let c)?, .header), (.footerTouched(let c)?, .footer): c == card
    default: false
    }
  }
}
