import TimelineCore

/// Draws cards and feeds as terminal text (CARD-1 … CARD-6): a bordered box per card, the
/// path with milestones shaped by the appearance (● circle, ■ square, ◆ diamond), groups
/// indented, the feed header above each card.
///
/// ```text
/// Release 2.0
/// ╭──────────────────────────────╮
/// │ ● Beta                       │
/// │ │ Nov 2                      │
/// │ │                            │
/// │ ● Launch                     │
/// │ │  • Blog post               │
/// ╰──────────────────────────────╯
/// ```
public struct CardsTerminalRenderer: Sendable {
  public var width: Int
  public var style: TerminalStyle
  public var orientation: CardLayout.Orientation
  /// The selected part, drawn with a `▶` (CARD-4).
  public var selection: CardEvent?
  /// Writes item dates.
  public var dateText: @Sendable (TimelineDate) -> String
  /// Names item statuses.
  public var strings: TimelineStrings

  public init(
    width: Int, style: TerminalStyle, orientation: CardLayout.Orientation = .vertical,
    selection: CardEvent? = nil,
    dateText: @escaping @Sendable (TimelineDate) -> String,
    strings: TimelineStrings
  ) {
    self.strings = strings
    self.width = max(24, width)
    self.style = style
    self.orientation = orientation
    self.selection = selection
    self.dateText = dateText
  }

  /// Writes every card of `feed`, one at a time: each is laid out, drawn and forgotten.
  public func render(_ feed: CardFeed, to output: inout some TextOutputStream) {
    for index in feed.entries.indices {
      let (header, card) = FeedLayout<TerminalMetrics>.layOut(
        Self.terminalEntry(feed.entries[index]), width: Double(width - 2),
        orientation: orientation, metrics: TerminalMetrics(), dateText: dateText,
        strings: strings)
      if let header {
        for line in header.blocks.flatMap(\.lines) {
          let text = TerminalText.truncate(TerminalText.sanitize(line.text), to: width)
          output.write((line.style == .heading ? style.bold(text) : style.dim(text)) + "\n")
        }
      }
      let appearance = feed.entries[index].card.appearance
      output.write(
        box(
          card, cardIndex: index, shape: appearance.itemShape,
          rounded: appearance.cornerRadius > 0))
      if index + 1 < feed.entries.count { output.write("\n") }
    }
  }

  /// Terminal units: one cell for milestones, one cell of margin inside the border.
  static func terminalEntry(_ entry: CardFeed.Entry) -> CardFeed.Entry {
    var copy = entry
    copy.card.appearance.itemShapeSize = 1
    copy.card.appearance.margins = .init(top: 0, right: 1, bottom: 0, left: 1)
    return copy
  }

  func glyph(_ shape: CardAppearance.Shape, child: Bool) -> String {
    switch shape {
    case .circle: child ? "•" : "●"
    case .square: child ? "▪" : "■"
    case .diamond: child ? "◇" : "◆"
    }
  }

  /// The card as a bordered box, composed row by row from the layout's segments.
  func box(_ card: CardLayout, cardIndex: Int, shape: CardAppearance.Shape, rounded: Bool) -> String
  {
    // A horizontal card wider than the terminal is cut at its edge, marked with `›`: the
    // rest is where a sideways scroll would go (CARD-6).
    let content = Int(card.width.rounded())
    let inner = min(content, width - 2)
    let clipped = content > inner
    let rows = max(1, Int(card.height.rounded()))
    var segments = Array(repeating: [(x: Int, text: String)](), count: rows)
    var pathCells: [(x: Int, y: Int)] = []
    if let path = card.path {
      if card.orientation == .vertical {
        for y in Int(path.from.y)...Int(path.to.y) { pathCells.append((Int(path.from.x - 0.5), y)) }
      } else {
        for x in Int(path.from.x - 0.5)...Int(path.to.x - 0.5) {
          pathCells.append((x, Int(path.from.y)))
        }
      }
    }
    for cell in pathCells where cell.y < rows {
      segments[cell.y].append((cell.x, card.orientation == .vertical ? "│" : "─"))
    }
    for block in card.blocks {
      let selected = isSelected(block.part, cardIndex: cardIndex)
      if let milestone = block.milestone, Int(milestone.y) < rows {
        let isChild = if case .child = block.part { true } else { false }
        let mark = selected ? "▶" : glyph(shape, child: isChild)
        let column = Int((milestone.x - block.milestoneSize / 2).rounded(.down))
        segments[Int(milestone.y)].removeAll { $0.x == column }
        segments[Int(milestone.y)].append((column, mark))
      }
      for line in block.lines where Int(line.y) < rows {
        let room = inner - Int(line.x)
        var text = TerminalText.truncate(TerminalText.sanitize(line.text), to: room)
        if line.style == .title || line.style == .heading { text = style.bold(text) }
        if line.style == .caption { text = style.dim(text) }
        segments[Int(line.y)].append((Int(line.x), text))
      }
    }
    let top = rounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
    let rule = String(repeating: "─", count: inner)
    var output = top.0 + rule + top.1 + "\n"
    for row in segments {
      var line = ""
      var used = 0
      for segment in row.sorted(by: { $0.x < $1.x }) where segment.x >= used {
        Self.pad(&line, segment.x - used)
        line += segment.text
        used = segment.x + visibleWidth(segment.text)
      }
      if used > inner {
        line = clip(line, to: inner - 1) + "›"
      } else if clipped, used == inner {
        line = clip(line, to: inner - 1) + "›"
      }
      output += "│"
      output += line
      Self.pad(&output, inner - min(used, inner))
      output += "│\n"
    }
    return output + top.2 + rule + top.3 + "\n"
  }

  private static let spaces = String(repeating: " ", count: 256)

  /// Appends `count` spaces (none when `count` is not positive).
  static func pad(_ text: inout String, _ count: Int) {
    guard count > 0 else { return }
    if count <= 256 {
      text += spaces.prefix(count)
    } else {
      text += String(repeating: " ", count: count)
    }
  }

  /// `text` (which may carry escape sequences) cut to `cells` visible cells.
  func clip(_ text: String, to cells: Int) -> String {
    var result = ""
    var used = 0
    var inEscape = false
    for character in text {
      if character == "\u{1B}" { inEscape = true }
      if inEscape {
        result.append(character)
        if character == "m" { inEscape = false }
        continue
      }
      let advance = TerminalText.width(of: character)
      if used + advance > cells { break }
      result.append(character)
      used += advance
    }
    return result + (style.usesColor ? "\u{1B}[0m" : "")
  }

  /// Width of text that may carry escape sequences.
  func visibleWidth(_ text: String) -> Int {
    guard text.utf8.contains(0x1B) else { return TerminalText.width(of: text) }
    var plain = ""
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
        continue
      }
      if inEscape {
        if character == "m" { inEscape = false }
        continue
      }
      plain.append(character)
    }
    return TerminalText.width(of: plain)
  }

  func isSelected(_ part: CardPart, cardIndex: Int) -> Bool {
    switch (selection, part) {
    case (.elementSelected(let card, let element)?, .element(let index)):
      card == cardIndex && element == index
    case (.childSelected(let card, let element, let child)?, .child(let index, let childIndex)):
      card == cardIndex && element == index && child == childIndex
    default: false
    }
  }
}
