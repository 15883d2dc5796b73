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
  /// next.
  func write(_ row: TimelineRow, to sink: TextSink) {
    let limits = TimelineRow.lineLimits
    let statuses = row.isMarker ? [] : row.statuses.map(clean)
    let statusWidth = min(statuses.map { TerminalText.width(of: $0) }.max() ?? 0, cardWidth / 3)
    let titleWidth = statusWidth > 0 ? cardWidth - statusWidth - 1 : cardWidth
    var card = TextWrapper.wrap(clean(row.title), width: titleWidth, maxLines: limits.title)
      .map { CardLine(text: $0, emphasis: .title) }
    if !row.isMarker {
      if let subtitle = row.subtitle {
        card.append(
          CardLine(text: TerminalText.truncate(clean(subtitle), to: cardWidth), emphasis: .body))
      }
      if let description = row.description {
        let text = TerminalText.sanitize(description, keepingNewlines: true)
        card += TextWrapper.wrap(text, width: cardWidth, maxLines: limits.description)
          .map { CardLine(text: $0, emphasis: .secondary) }
      }
      if let supporting = row.supportingText {
        card.append(
          CardLine(
            text: TerminalText.truncate(clean(supporting), to: cardWidth), emphasis: .secondary))
      }
      if !row.attributes.isEmpty {
        card.append(CardLine(text: attributeLine(row.attributes), emphasis: .body))
      }
    }
    let status = statuses.map { TerminalText.truncate($0, to: statusWidth) }
    while card.count < status.count { card.append(CardLine(text: "", emphasis: .body)) }
    let stamp = row.timestamp.split(separator: "\n").map { clean(String($0)) }
    let icon = row.icon.map { TerminalText.truncate(clean($0), to: timestampWidth) }
    let lineCount = max(card.count, stamp.count + (icon == nil ? 0 : 1), 1)
    for index in 0..<lineCount {
      sink.write(ascii: UInt8(ascii: " "))
      writeTimestampCell(stamp, icon: icon, index, row, to: sink)
      sink.write(ascii: UInt8(ascii: " "))
      sink.write(axisCell(row, index))
      sink.write(ascii: UInt8(ascii: " "))
      var text = index < card.count ? card[index] : CardLine(text: "", emphasis: .body)
      if index < status.count {
        let available = index < limits.title ? titleWidth : cardWidth - statusWidth - 1
        text.text =
          TerminalText.padRight(text.text, to: available) + " "
          + TerminalText.padLeft(status[index], to: statusWidth)
      }
      writeCardCell(row, line: text, to: sink)
      sink.write(ascii: 0x0A)
    }
    if let trailing = row.lines.trailing {
      sink.write(spaces: axisColumn)
      sink.write(style.tone(trailing, TerminalGlyphs.verticalLine(trailing)))
      sink.write(ascii: 0x0A)
    }
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
    if index == 0 { return style.tone(row.tone, TerminalGlyphs.node(row.node)) }
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

  /// Two attributes on one line, one line each: the first leading, the second trailing.
  private func attributeLine(_ attributes: [String]) -> String {
    let first = clean(attributes[0])
    guard attributes.count > 1 else { return TerminalText.truncate(first, to: cardWidth) }
    let half = (cardWidth - 2) / 2
    let second = TerminalText.truncate(clean(attributes[1]), to: half)
    let firstRoom = cardWidth - 2 - TerminalText.width(of: second)
    let left = TerminalText.truncate(first, to: firstRoom)
    return TerminalText.padRight(left, to: firstRoom) + "  " + second
  }
}
