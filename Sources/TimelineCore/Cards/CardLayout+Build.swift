import Foundation

extension CardLayout {
  /// Lays out `card` at `width` with `metrics`; `dateText` writes an item's date.
  public init(
    card: TimelineCard, width: Double, orientation: Orientation = .vertical,
    metrics: some TextMetrics, dateText: @escaping (TimelineDate) -> String,
    statusText: @escaping (ItemStatus) -> String
  ) {
    var builder = CardLayoutBuilder(
      card: card, metrics: metrics, dateText: dateText, statusText: statusText)
    self =
      orientation == .vertical ? builder.vertical(width: width) : builder.horizontal(width: width)
  }
}

/// Builds a `CardLayout`: a small state machine moving down (or across) the card.
struct CardLayoutBuilder<Metrics: TextMetrics> {
  let card: TimelineCard
  let metrics: Metrics
  let dateText: (TimelineDate) -> String
  let statusText: (ItemStatus) -> String

  var appearance: CardAppearance { card.appearance }
  var gap: Double { metrics.spacing }

  /// Lines of `texts` wrapped to `width`, starting at (`x`, `y`), with the height used.
  func lines(_ texts: [(String, TextStyle, Int)], x: Double, y: Double, width: Double)
    -> ([CardLayout.Line], Double)
  {
    var result: [CardLayout.Line] = []
    var cursor = y
    for (text, style, maxLines) in texts where !text.isEmpty {
      for line in LineBreaker.wrap(
        text, width: width, maxLines: maxLines, measure: { metrics.width(of: $0, style: style) })
      {
        result.append(CardLayout.Line(text: line, style: style, x: x, y: cursor))
        cursor += metrics.lineHeight(style)
      }
    }
    return (result, cursor - y)
  }

  func texts(_ chrome: CardChrome) -> [(String, TextStyle, Int)] {
    [
      (chrome.title ?? "", .heading, 2), (chrome.subtitle ?? "", .body, 2),
      (chrome.content ?? "", .body, 6),
    ]
  }

  func texts(_ item: CardItem) -> [(String, TextStyle, Int)] {
    var caption = item.date.map(dateText) ?? ""
    if let status = item.status { caption += (caption.isEmpty ? "" : " · ") + statusText(status) }
    return [
      (item.title ?? "", .title, 3), (item.subtitle ?? "", .body, 2),
      (item.content ?? "", .body, 6), (caption, .caption, 1),
    ]
  }

  func chromeBlock(_ chrome: CardChrome?, part: CardPart, y: Double, x: Double, width: Double)
    -> CardLayout.Block?
  {
    guard let chrome else { return nil }
    let (lines, height) = lines(texts(chrome), x: x, y: y, width: width)
    return CardLayout.Block(
      part: part, frame: .init(x: x, y: y, width: width, height: height), lines: lines,
      milestone: nil, milestoneSize: 0)
  }

  /// Items down the leading edge, children indented under their group.
  mutating func vertical(width: Double) -> CardLayout {
    let margins = appearance.margins
    let inner = max(1, width - margins.left - margins.right)
    var blocks: [CardLayout.Block] = []
    var y = margins.top
    if let header = chromeBlock(card.header, part: .header, y: y, x: margins.left, width: inner) {
      blocks.append(header)
      y += header.frame.height + gap
    }
    let size = appearance.itemShapeSize
    for (index, element) in card.elements.enumerated() {
      let block = itemBlock(
        element.item, part: .element(index), x: margins.left, y: y, size: size, width: inner)
      blocks.append(block)
      y += block.frame.height + gap
      for (childIndex, child) in element.children.enumerated() {
        let indent = size + gap
        let childBlock = itemBlock(
          child, part: .child(index, childIndex), x: margins.left + indent, y: y,
          size: childSize(size),
          width: inner - indent)
        blocks.append(childBlock)
        y += childBlock.frame.height + gap
      }
    }
    if let footer = chromeBlock(card.footer, part: .footer, y: y, x: margins.left, width: inner) {
      blocks.append(footer)
      y += footer.frame.height + gap
    }
    return CardLayout(
      orientation: .vertical, width: width, height: y - gap + margins.bottom, blocks: blocks)
  }

  /// Children's milestones are smaller, but never below one unit (a terminal cell).
  func childSize(_ size: Double) -> Double { max(size * 0.625, min(size, 1)) }

  /// A milestone of `size` at the leading edge and the item's text beside it.
  func itemBlock(
    _ item: CardItem, part: CardPart, x: Double, y: Double, size: Double, width: Double
  )
    -> CardLayout.Block
  {
    let textX = x + size + gap
    let textWidth = max(1, width - size - gap)
    let (lines, textHeight) = lines(texts(item), x: textX, y: y, width: textWidth)
    let firstLine = metrics.lineHeight(item.title == nil ? .body : .title)
    let height = max(size, textHeight)
    return CardLayout.Block(
      part: part, frame: .init(x: x, y: y, width: width, height: height), lines: lines,
      milestone: .init(x: x + size / 2, y: y + max(size, firstLine) / 2), milestoneSize: size,
      status: item.status, icon: item.icon)
  }

  /// Elements in columns left to right along a horizontal path; a group's children stack
  /// under it in its column (CARD-6).
  mutating func horizontal(width: Double) -> CardLayout {
    let margins = appearance.margins
    let size = appearance.itemShapeSize
    // As many columns as fit at 16 body characters each; the rest scrolls sideways.
    let available = max(width - margins.left - margins.right, 1)
    let minimumColumn = 16 * metrics.width(of: "n", style: .body)
    let visible = max(1, min(card.elements.count, Int(available / minimumColumn)))
    let column = available / Double(visible)
    var blocks: [CardLayout.Block] = []
    var y = margins.top
    let contentWidth = max(
      column * Double(card.elements.count), width - margins.left - margins.right)
    if let header = chromeBlock(
      card.header, part: .header, y: y, x: margins.left, width: width - margins.left - margins.right
    ) {
      blocks.append(header)
      y += header.frame.height + gap
    }
    let pathY = y + size / 2
    var bottom = y + size
    for (index, element) in card.elements.enumerated() {
      let x = margins.left + column * Double(index)
      let textWidth = max(1, column - gap)
      var cursor = y + size + gap
      let (lines, height) = lines(texts(element.item), x: x, y: cursor, width: textWidth)
      blocks.append(
        CardLayout.Block(
          part: .element(index),
          frame: .init(x: x, y: y, width: column, height: cursor + height - y),
          lines: lines, milestone: .init(x: x + size / 2, y: pathY), milestoneSize: size,
          status: element.item.status, icon: element.item.icon))
      cursor += height + gap
      for (childIndex, child) in element.children.enumerated() {
        let childSize = childSize(size)
        let (childLines, childHeight) = self.lines(
          texts(child), x: x + childSize + gap, y: cursor,
          width: max(1, textWidth - childSize - gap))
        blocks.append(
          CardLayout.Block(
            part: .child(index, childIndex),
            frame: .init(x: x, y: cursor, width: column, height: max(childSize, childHeight)),
            lines: childLines,
            milestone: .init(x: x + childSize / 2, y: cursor + childSize / 2),
            milestoneSize: childSize,
            status: child.status, icon: child.icon))
        cursor += max(childSize, childHeight) + gap
      }
      bottom = max(bottom, cursor)
    }
    y = bottom + gap
    if let footer = chromeBlock(
      card.footer, part: .footer, y: y, x: margins.left, width: width - margins.left - margins.right
    ) {
      blocks.append(footer)
      y += footer.frame.height + gap
    }
    return CardLayout(
      orientation: .horizontal, width: contentWidth + margins.left + margins.right,
      height: y - gap + margins.bottom, blocks: blocks)
  }
}
