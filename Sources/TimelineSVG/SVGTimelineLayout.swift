import Foundation
import TimelineCore
import _TimelineMarkup

/// Lays out a whole timeline as an SVG image (TL-1 … TL-8): the document title, section
/// headers, rows with their timestamp column, node and line and card, the now indicator as a
/// labeled rule, or the empty state. The height follows the content.
///
/// It draws what the presentation decided (order, tense, nodes, lines, the indicator's
/// place); it decides only geometry.
struct SVGTimelineLayout {
  let presentation: TimelinePresentation
  /// The rows drawn: all, or a window of a large timeline (TL-11).
  let window: Range<Int>
  /// What the image leaves out of a large timeline, said under the title.
  let note: String?
  let canvas: SVGCanvas
  let columns: SVGTimelineColumns
  let idPrefix: String

  /// The space below every row, which the line crosses to the next one.
  static let rowGap = 12.0

  /// The drawing so far: the axis goes below everything else.
  let axis: SVGLayer
  let content: SVGLayer
  let clipPaths: SVGLayer
  var y = 0.0
  /// The line below the last drawn row: its tone and where it starts, until the next row or
  /// section header ends it.
  var pendingLine: (tone: LineTone, from: Double)?

  init(
    _ presentation: TimelinePresentation, canvas: SVGCanvas, window: Range<Int>? = nil,
    note: String? = nil
  ) {
    self.presentation = presentation
    self.window = (window ?? 0..<presentation.count).clamped(to: 0..<presentation.count)
    self.note = note
    self.canvas = canvas
    // The timestamp column is sized from the rows' timestamps alone; rows are made only to
    // be drawn, a chunk at a time, so that an image of any length holds one chunk of rows.
    let texts = presentation.texts()
    let window = self.window
    self.columns = SVGTimelineColumns(
      widestTimestamp: SVGTimelineColumns.widestTimestamp(
        window.lazy.map {
          (
            presentation.timestamp(ofRow: $0, texts: texts),
            TimelineRow.showsTodayMarker(presentation.tense(ofRow: $0))
          )
        }),
      nowLabel: presentation.strings.now, width: canvas.width)
    // The id prefix names the image by its first rows.
    let firstRows = window.prefix(64).map {
      let item = presentation.item(ofRow: $0)
      return item.id + item.title
    }
    self.idPrefix = SVGDocument.idPrefix(
      ["timeline", presentation.title ?? "", String(window.count), String(canvas.width)]
        + firstRows)
    axis = canvas.layer()
    content = canvas.layer()
    clipPaths = canvas.layer(depth: 2)
  }

  /// Lays out everything and returns the image.
  mutating func document() -> SVGDocument {
    y = columns.padding
    if let title = presentation.title {
      let style = SVGTextStyle.heading
      let text = SVGTextWrapper.truncate(title, style: style, width: columns.contentWidth)
      content.append(
        canvas.text(
          text, x: columns.left, baseline: style.baseline(lineTop: y), style: style,
          fill: canvas.palette.text))
      y += style.lineHeight + 12
    }
    if let note {
      content += canvas.note(note, x: columns.left, top: &y, width: columns.contentWidth)
    }
    if let message = presentation.emptyStateMessage {
      drawEmptyState(message)
    } else {
      drawRows()
    }
    y += columns.padding
    return SVGDocument(
      width: canvas.width, height: y.rounded(.up),
      title: presentation.title ?? presentation.strings.summaries.timeline,
      summary: summary, language: presentation.context.locale.identifier(.bcp47),
      background: canvas.palette.background, idPrefix: idPrefix, clipPaths: clipPaths,
      layers: [axis, content])
  }

  /// Every section's header and rows, with the now indicator in its place (TL-3, TL-6); for
  /// a window, the sections it reaches into. The steps are the core's walk, as the other
  /// renderers draw it.
  mutating func drawRows() {
    guard !window.isEmpty else { return }
    let presentation = self.presentation
    presentation.forEachStep(in: window, texts: presentation.texts()) { step in
      switch step {
      case .sectionStart(let section, let title, _):
        drawHeader(title)
        if presentation.isFolded(section: section) {
          drawSummary(presentation.summary(ofSection: section).text(presentation.strings))
        }
      case .row(let row, _): drawRow(row)
      case .now:
        // After the last row the axis ends before the indicator; between rows it runs on.
        if presentation.nowIndicator == .afterLastRow { endLine() }
        drawNowIndicator()
      case .sectionEnd: break
      }
    }
    endLine()
  }

  /// A section header: the unit's name over a hairline rule (TL-3).
  mutating func drawHeader(_ title: String) {
    endLine()
    let style = SVGTextStyle.header
    let text = SVGTextWrapper.truncate(title, style: style, width: columns.contentWidth)
    content.append(
      canvas.text(
        text, x: columns.left, baseline: style.baseline(lineTop: y + 4), style: style,
        fill: canvas.palette.text))
    content.append(
      canvas.line(
        x1: columns.left, y1: y + 28.5, x2: columns.right, y2: y + 28.5,
        stroke: canvas.palette.border, width: 1))
    y += 40
  }

  /// A folded section's summary in place of its rows: what it holds, in words.
  mutating func drawSummary(_ text: String) {
    let style = SVGTextStyle.body
    let line = SVGTextWrapper.truncate(text, style: style, width: columns.contentWidth)
    content.append(
      canvas.text(
        line, x: columns.left, baseline: style.baseline(lineTop: y), style: style,
        fill: canvas.palette.secondaryText))
    y += 32
  }

  /// The now indicator (TL-6): its label in the timestamp column, a dot on the axis and a
  /// rule across the cards. The axis continues through it.
  mutating func drawNowIndicator() {
    let center = y + 12
    let style = SVGTextStyle.timestampBold
    let label = SVGTextWrapper.truncate(
      presentation.strings.now, style: style, width: columns.timestampTextWidth)
    let accent = canvas.palette.accent
    content.append(
      canvas.text(
        label, x: columns.timestampTextTrailing, baseline: style.baseline(center: center),
        style: style, fill: accent, anchor: .trailing))
    content.append(
      canvas.line(
        x1: columns.nodeX, y1: center, x2: columns.right, y2: center,
        stroke: accent))
    content.append(canvas.circle(cx: columns.nodeX, cy: center, r: 5, fill: accent))
    y += 24
  }

  /// Ends the line below the last row at the current position.
  mutating func endLine() {
    guard let pending = pendingLine else { return }
    axis.append(canvas.axis(x: columns.nodeX, from: pending.from, to: y, tone: pending.tone))
    pendingLine = nil
  }

  /// The empty state's message, centered in an empty card, instead of rows and indicator
  /// (TL-6).
  mutating func drawEmptyState(_ message: String) {
    let style = SVGTextStyle.body
    let pad = SVGCardLayout.padding
    let lines = SVGTextWrapper.wrap(
      message, style: style, width: columns.contentWidth - 2 * pad, maxLines: 2)
    let height = Double(lines.count) * style.lineHeight + 2 * 24
    content.append(
      canvas.rect(
        x: columns.left + 0.5, y: y + 0.5, width: columns.contentWidth - 1, height: height - 1,
        radius: 8, fill: canvas.palette.surface, stroke: canvas.palette.border))
    var lineTop = y + 24
    for line in lines {
      content.append(
        canvas.text(
          line, x: columns.left + columns.contentWidth / 2,
          baseline: style.baseline(lineTop: lineTop), style: style,
          fill: canvas.palette.secondaryText, anchor: .middle))
      lineTop += style.lineHeight
    }
    y += height
  }

  /// "7 items in 6 sections, now before Planned Downtime Period Identified".
  var summary: String {
    if let message = presentation.emptyStateMessage { return message }
    let words = presentation.strings.summaries
    let text = words.format(
      words.timelineFormat, words.items(presentation.count),
      words.sections(presentation.sections.count))
    switch presentation.nowIndicator {
    case .beforeRow(let index):
      return words.format(words.nowBeforeFormat, text, presentation.item(ofRow: index).title)
    case .afterLastRow: return words.format(words.nowAfterLastFormat, text)
    case .hidden: return text
    }
  }
}
