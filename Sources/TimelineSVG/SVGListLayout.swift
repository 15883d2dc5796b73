import TimelineCore
import _TimelineMarkup

/// Lays out the timeline list of seed 004 as an SVG image (LIST-1, LIST-2): rows in the given
/// order, the date label (weekday over day of month) on the first row of each day, a vertical
/// line whose upper half is drawn when a row precedes and lower half when one follows, and a
/// dot on each day's first row. Messages wrap to 2 lines.
struct SVGListLayout {
  let list: TimelineList
  let title: String?
  let canvas: SVGCanvas
  /// The rows drawn; all of them unless the image holds a window of a long list (TL-11).
  let window: Range<Int>
  /// A line under the top margin saying what the image leaves out.
  let note: String?

  /// The width of the date label column: 44, or the widest weekday of the locale (at most
  /// a quarter of the image), so that no label is cut short.
  let dateWidth: Double
  /// The least height of a row.
  static let rowHeight = 48.0

  init(
    _ list: TimelineList, title: String?, canvas: SVGCanvas, window: Range<Int>? = nil,
    note: String? = nil
  ) {
    self.list = list
    self.title = title
    self.canvas = canvas
    self.window = window.map { $0.clamped(to: 0..<list.count) } ?? 0..<list.count
    self.note = note
    let widest = list.weekdayLabels.map { SVGTextStyle.weekday.width(of: $0) }.max() ?? 0
    dateWidth = min(max(44, widest.rounded(.up)), (canvas.width / 4).rounded(.down))
  }

  /// The margin around the image: 12 on narrow images, 16 otherwise.
  var padding: Double { canvas.width < 480 ? 12 : 16 }
  /// The line's x.
  var lineX: Double { padding + dateWidth + 12 }
  /// The leading edge of the messages.
  var textX: Double { lineX + 16 }
  /// The room for a message.
  var textWidth: Double { canvas.width - padding - textX }

  /// Lays out the rows and returns the image.
  func document() -> SVGDocument {
    let prefix = SVGDocument.idPrefix(
      ["list", title ?? "", String(canvas.width)]
        + window.prefix(64).map {
          let item = list.item(ofRow: $0)
          return item.id + item.title
        })
    let lines = canvas.layer()
    let content = canvas.layer()
    let clipPaths = canvas.layer(depth: 2)
    var y = padding
    if let note {
      content += canvas.note(note, x: padding, top: &y, width: canvas.width - 2 * padding)
    }
    let style = SVGTextStyle.message
    let accent = canvas.palette.accent
    // Rows are made one at a time, and drawn on layers that keep text, not markup.
    let (canvas, lineX, textX, textWidth) = (canvas, lineX, textX, textWidth)
    list.forEachRow(in: window) { row in
      let messages = SVGTextWrapper.wrap(row.title, style: style, width: textWidth, maxLines: 2)
      let height = max(Self.rowHeight, Double(messages.count) * style.lineHeight + 16)
      let (top, middle) = (y, y + height / 2)
      lines.draw { writer in
        if row.showsUpperLine {
          canvas.line(x1: lineX, y1: top, x2: lineX, y2: middle, stroke: accent, to: &writer)
        }
        if row.showsLowerLine {
          canvas.line(
            x1: lineX, y1: middle, x2: lineX, y2: top + height, stroke: accent, to: &writer)
        }
      }
      if row.showsDot {
        content.draw { canvas.circle(cx: lineX, cy: middle, r: 4, fill: accent, to: &$0) }
      }
      if let label = row.dateLabel { content += dateLabel(label, middle: middle) }
      let clipID = prefix + "-c" + String(row.index)
      clipPaths.draw {
        canvas.clipPath(id: clipID, x: textX, y: top, width: textWidth, height: height, to: &$0)
      }
      content.draw { writer in
        SVGDocument.clipped(clipID, texts: messages, to: &writer) { writer in
          var lineTop = middle - Double(messages.count) * style.lineHeight / 2
          for message in messages {
            canvas.text(
              message, x: textX, baseline: style.baseline(lineTop: lineTop), style: style,
              fill: canvas.palette.text, to: &writer)
            lineTop += style.lineHeight
          }
        }
      }
      y += height
    }
    if window.isEmpty {
      let body = SVGTextStyle.body
      content.append(
        canvas.text(
          SVGTextWrapper.truncate(list.strings.emptyState, style: body, width: textWidth),
          x: canvas.width / 2, baseline: body.baseline(lineTop: y + 16), style: body,
          fill: canvas.palette.secondaryText, anchor: .middle))
      y += 50
    }
    y += padding
    return SVGDocument(
      width: canvas.width, height: y.rounded(.up), title: title ?? list.strings.summaries.timeline,
      summary: summary, language: list.context.locale.identifier(.bcp47),
      background: canvas.palette.background, idPrefix: prefix, clipPaths: clipPaths,
      layers: [lines, content])
  }

  /// The date label centered in its column: the weekday over the day of month (LIST-1).
  func dateLabel(_ label: String, middle: Double) -> [Markup] {
    let parts = label.split(separator: "\n").prefix(2).map(String.init)
    let styles: [SVGTextStyle] = parts.count > 1 ? [.weekday, .dayOfMonth] : [.dayOfMonth]
    let colors =
      parts.count > 1 ? [canvas.palette.secondaryText, canvas.palette.text] : [canvas.palette.text]
    var lineTop = middle - styles.reduce(0) { $0 + $1.lineHeight } / 2
    var markup: [Markup] = []
    for (index, part) in parts.enumerated() {
      let style = styles[index]
      markup.append(
        canvas.text(
          SVGTextWrapper.truncate(part, style: style, width: dateWidth),
          x: padding + dateWidth / 2, baseline: style.baseline(lineTop: lineTop),
          style: style, fill: colors[index], anchor: .middle))
      lineTop += style.lineHeight
    }
    return markup
  }

  /// "8 items on 4 days": the whole list, also in an image of a window of it.
  var summary: String {
    guard list.count > 0 else { return list.strings.emptyState }
    let words = list.strings.summaries
    return words.format(words.listFormat, words.items(list.count), words.days(list.dayCount))
  }
}
