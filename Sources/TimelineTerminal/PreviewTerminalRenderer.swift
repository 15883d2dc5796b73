import TimelineCore

/// Draws the timeline preview strip as terminal text (PV-1 … PV-5): header title and
/// "See All (N)", then per object a column with its timestamp, node and line, and title.
///
/// ```text
/// Line 4 maintenance                               See All (6)
/// Today                   Nov 24
/// ⋯───────────────────────○
/// Planned Downtime        Filter
/// Period Identified       replacement
/// ```
public struct PreviewTerminalRenderer: Sendable {
  public var width: Int
  public var style: TerminalStyle

  public init(width: Int, style: TerminalStyle) {
    self.width = max(24, width)
    self.style = style
  }

  public func render(_ preview: TimelinePreview, to output: inout some TextOutputStream) {
    let seeAll = TerminalText.sanitize(preview.seeAll.label)
    let seeAllWidth = TerminalText.width(of: seeAll)
    let title = TerminalText.truncate(
      TerminalText.sanitize(preview.title ?? ""), to: max(0, width - seeAllWidth - 1))
    output.write(
      style.bold(TerminalText.padRight(title, to: width - seeAllWidth)) + style.now(seeAll)
        + "\n")
    guard !preview.items.isEmpty else { return }
    let column = max(6, width / preview.items.count)
    var stamps = ""
    var axis = ""
    var titleLines = ["", ""]
    for (index, item) in preview.items.enumerated() {
      let isLast = index + 1 == preview.items.count
      let cellWidth = isLast ? min(column, width - column * index) : column
      let stamp = TerminalText.truncate(TerminalText.sanitize(item.timestamp), to: cellWidth - 1)
      let padded = TerminalText.padRight(stamp, to: cellWidth)
      stamps +=
        item.showsTodayMarker
        ? style.todayMarker(stamp) + String(padded.dropFirst(stamp.count)) : padded
      let line =
        item.showsTrailingLine
        ? String(repeating: TerminalGlyphs.horizontalLine(item.tone), count: cellWidth - 1)
        : String(repeating: " ", count: cellWidth - 1)
      let node = TerminalGlyphs.node(item.node)
      axis +=
        item.nodeTone == item.tone
        ? style.tone(item.tone, node + line)
        : style.tone(item.nodeTone, node) + style.tone(item.tone, line)
      let wrapped = TextWrapper.wrap(
        TerminalText.sanitize(item.title), width: cellWidth - 1,
        maxLines: PreviewItem.titleLineLimit)
      for lineIndex in 0..<2 {
        let text = lineIndex < wrapped.count ? wrapped[lineIndex] : ""
        titleLines[lineIndex] += TerminalText.padRight(text, to: cellWidth)
      }
    }
    output.write(trimmed(stamps) + "\n" + trimmed(axis) + "\n")
    for line in titleLines where !line.allSatisfy({ $0 == " " }) {
      output.write(trimmed(line) + "\n")
    }
  }

  private func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
