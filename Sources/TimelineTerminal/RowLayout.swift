import TimelineCore

/// The columns of a timeline row in the terminal:
/// `[timestamp] [node] [gutter][card …………………………………… status]`.
struct RowLayout {
  var width: Int
  var style: TerminalStyle
  var timestampWidth: Int

  /// Cells left of the node: a margin and the timestamp column.
  var axisColumn: Int { 1 + timestampWidth + 1 }
  /// Cells for the card, after the node, a space and the two-cell gutter.
  var cardWidth: Int { max(8, width - axisColumn - 4) }

  /// "    Now ━━━━━━…": the now indicator (TL-6).
  func nowRule(_ label: String) -> String {
    let text = TerminalText.padLeft(
      TerminalText.truncate(label, to: timestampWidth), to: timestampWidth)
    let rule = String(repeating: "━", count: max(0, width - axisColumn))
    return " " + style.now(text + " " + rule) + "\n"
  }

  /// A line of card text and how it is decorated; decoration comes after padding, so that
  /// widths are measured on the text alone.
  struct CardLine {
    var text: String
    var emphasis: Emphasis
    enum Emphasis { case title, body, secondary }
  }

  /// Writes the lines of one row, ending with the spacer line that carries the axis to the
  /// next. The card's lines are the core's ``RowCardLayout`` in cells, as SVG draws it in
  /// pixels.
  func write(_ row: TimelineRow, to sink: TextSink) {
    let layout = RowCardLayout(
      row: row, width: Double(cardWidth), metrics: TerminalMetrics(), spacing: .cells)
    let card = Self.cardLines(layout)
    let stamp = row.timestamp.split(separator: "\n").map { clean(String($0)) }
    let icon = row.icon.map { TerminalText.truncate(clean($0), to: timestampWidth) }
    let lineCount = max(card.count, stamp.count + (icon == nil ? 0 : 1), 1)
    for index in 0..<lineCount {
      sink.write(ascii: UInt8(ascii: " "))
      writeTimestampCell(stamp, icon: icon, index, row, to: sink)
      sink.write(ascii: UInt8(ascii: " "))
      sink.write(axisCell(row, index))
      sink.write(ascii: UInt8(ascii: " "))
      writeCardCell(
        row, line: index < card.count ? card[index] : CardLine(text: "", emphasis: .body),
        to: sink)
      sink.write(ascii: 0x0A)
    }
    if let trailing = row.lines.trailing {
      sink.write(spaces: axisColumn)
      sink.write(style.tone(trailing, TerminalGlyphs.verticalLine(trailing)))
      sink.write(ascii: 0x0A)
    }
  }

  /// The layout's lines as rows of cells: each row's leading text, then its trailing
  /// pieces (the second attribute, a status) placed to end at their cells, in the order of
  /// their cells (the layout lists them so); drawn with the emphasis of the leading text.
  static func cardLines(_ layout: RowCardLayout) -> [CardLine] {
    let count = Int(layout.height.rounded())
    var lines = [CardLine](repeating: CardLine(text: "", emphasis: .body), count: count)
    for line in layout.lines where line.alignment == .leading && Int(line.top) < count {
      let row = Int(line.top)
      lines[row].text = line.text
      switch line.role {
      case .title: lines[row].emphasis = .title
      case .description, .supportingText: lines[row].emphasis = .secondary
      default: break
      }
    }
    for line in layout.lines where line.alignment == .trailing && Int(line.top) < count {
      let row = Int(line.top)
      let start = Int(line.x) - TerminalText.width(of: line.text)
      lines[row].text = TerminalText.padRight(lines[row].text, to: start) + line.text
    }
    return lines
  }

  private func clean(_ text: String) -> String { TerminalText.sanitize(text) }

  /// The right-aligned timestamp and icon; a current row's timestamp is bracketed: the
  /// today marker (TL-4).
  private func writeTimestampCell(
    _ stamp: [String], icon: String?, _ index: Int, _ row: TimelineRow, to sink: TextSink
  ) {
    if index >= stamp.count {
      let text = index == stamp.count ? icon ?? "" : ""
      sink.write(spaces: timestampWidth - TerminalText.width(of: text))
      sink.write(style.dim(text))
      return
    }
    guard row.showsTodayMarker else {
      let text = TerminalText.truncate(stamp[index], to: timestampWidth)
      sink.write(spaces: timestampWidth - TerminalText.width(of: text))
      sink.write(text)
      return
    }
    let text = "(" + TerminalText.truncate(stamp[index], to: timestampWidth - 2) + ")"
    sink.write(spaces: timestampWidth - TerminalText.width(of: text))
    sink.write(style.todayMarker(text))
  }

  private func axisCell(_ row: TimelineRow, _ index: Int) -> String {
    if index == 0 { return style.tone(row.nodeTone, TerminalGlyphs.node(row.node)) }
    guard let trailing = row.lines.trailing else { return " " }
    return style.tone(trailing, TerminalGlyphs.verticalLine(trailing))
  }

  /// The gutter marks a selected (▶) or highlighted (▌) card; in color the card's
  /// background is filled as well.
  private func writeCardCell(_ row: TimelineRow, line: CardLine, to sink: TextSink) {
    if row.isSelected || row.isHighlighted {
      sink.write(style.tone(.accent, row.isSelected ? "▶ " : "▌ "))
      guard style.usesColor else { return sink.write(line.text) }
      let filled = TerminalText.padRight(line.text, to: cardWidth)
      let fill = row.isSelected ? style.selected(filled) : style.highlighted(filled)
      return sink.write(line.emphasis == .title ? style.bold(fill) : fill)
    }
    sink.write("  " as StaticString)
    switch line.emphasis {
    case .title: sink.write(style.bold(line.text))
    case .body: sink.write(line.text)
    case .secondary: sink.write(style.dim(line.text))
    }
  }
}
