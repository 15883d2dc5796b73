import TimelineCore
import _TimelineMarkup

/// Lays out the timeline preview strip as an SVG image (PV-1 … PV-5): a card with the header
/// title and "See All (N)", then one column per object with its timestamp ("Today" inside the
/// today marker when current), its node and the line to the next object (none past the
/// last), and its title wrapped to 2 lines.
struct SVGPreviewLayout {
  let preview: TimelinePreview
  let canvas: SVGCanvas
  let words: SummaryStrings

  /// The margin between the image's edge and the card.
  static let inset = 8.0

  init(_ preview: TimelinePreview, canvas: SVGCanvas, words: SummaryStrings) {
    self.preview = preview
    self.canvas = canvas
    self.words = words
  }

  /// The padding inside the card: 12 on narrow images, 16 otherwise.
  var padding: Double { canvas.width < 480 ? 12 : 16 }
  /// The leading edge of the content.
  var left: Double { Self.inset + padding }
  /// The width of the content.
  var contentWidth: Double { canvas.width - 2 * left }

  /// Lays out the strip and returns the image.
  func document() -> SVGDocument {
    let palette = canvas.palette
    let card = canvas.layer()
    let content = canvas.layer()
    let clipPaths = canvas.layer(depth: 2)
    let prefix = SVGDocument.idPrefix(
      ["preview", preview.title ?? "", String(canvas.width)] + preview.items.map(\.id))
    var y = left
    content += header(y: y)
    y += SVGTextStyle.previewHeader.lineHeight + 14
    let columnWidth = contentWidth / Double(max(1, preview.items.count))
    for (index, item) in preview.items.enumerated() {
      let x0 = left + Double(index) * columnWidth
      let clipID = prefix + "-c" + String(index)
      clipPaths.append(
        canvas.clipPath(id: clipID, x: x0 - 1, y: y, width: columnWidth - 6, height: 110))
      content += column(item, x0: x0, top: y, width: columnWidth - 8, clipID: clipID)
    }
    if !preview.items.isEmpty { y += 20 + 10 + 20 + 10 + 2 * SVGTextStyle.previewTitle.lineHeight }
    y += padding
    card.append(
      canvas.rect(
        x: Self.inset + 0.5, y: Self.inset + 0.5, width: canvas.width - 2 * Self.inset - 1,
        height: y - Self.inset - 1, radius: 12, fill: palette.surface, stroke: palette.border))
    return SVGDocument(
      width: canvas.width, height: (y + Self.inset).rounded(.up),
      title: preview.title ?? words.preview, summary: summary, language: nil,
      background: palette.background, idPrefix: prefix, clipPaths: clipPaths,
      layers: [card, content])
  }

  /// The header title on the leading side and "See All (N)" on the trailing side (PV-3).
  func header(y: Double) -> [Markup] {
    let action = SVGTextStyle.action
    let seeAll = SVGTextWrapper.truncate(
      preview.seeAll.label, style: action, width: contentWidth / 2)
    let center = y + SVGTextStyle.previewHeader.lineHeight / 2
    var markup = [
      canvas.text(
        seeAll, x: left + contentWidth, baseline: action.baseline(center: center), style: action,
        fill: canvas.palette.accent, anchor: .trailing)
    ]
    if let title = preview.title {
      let style = SVGTextStyle.previewHeader
      let room = contentWidth - action.width(of: seeAll) - 16
      markup.append(
        canvas.text(
          SVGTextWrapper.truncate(title, style: style, width: room), x: left,
          baseline: style.baseline(center: center), style: style, fill: canvas.palette.text))
    }
    return markup
  }

  /// One object's column of `width` from `x0`: timestamp, node and line, title (PV-1, PV-4,
  /// PV-5). The texts are clipped to the column by `clipID`.
  func column(_ item: PreviewItem, x0: Double, top: Double, width: Double, clipID: String)
    -> [Markup]
  {
    let palette = canvas.palette
    let isCurrent = item.showsTodayMarker
    let stampStyle: SVGTextStyle = isCurrent ? .timestampBold : .timestamp
    let pill = SVGCanvas.pillPadding
    let stamp = SVGTextWrapper.truncate(item.timestamp, style: stampStyle, width: width - 2 * pill)
    var markup: [Markup] = []
    var texts: [Markup] = []
    let stampCenter = top + 10
    texts.append(
      canvas.text(
        stamp, x: isCurrent ? x0 + pill : x0, baseline: stampStyle.baseline(center: stampCenter),
        style: stampStyle, fill: isCurrent ? palette.accent : palette.secondaryText))
    if isCurrent {
      markup.append(
        canvas.todayMarker(
          textLeft: x0 + pill, textWidth: stampStyle.width(of: stamp), top: stampCenter - 10,
          bottom: stampCenter + 10))
    }
    let nodeY = top + 20 + 10 + SVGCanvas.nodeRadius
    let nodeX = x0 + SVGCanvas.nodeRadius + 1
    if item.showsTrailingLine {
      markup.append(
        canvas.line(
          x1: nodeX + 12, y1: nodeY, x2: nodeX + width + 8 - 12, y2: nodeY,
          stroke: canvas.color(item.tone), dashed: item.tone == .neutral))
    }
    markup.append(
      canvas.node(item.node, tone: item.nodeTone, cx: nodeX, cy: nodeY, backdrop: palette.surface))
    let style = SVGTextStyle.previewTitle
    var lineTop = nodeY + SVGCanvas.nodeRadius + 10
    for line in SVGTextWrapper.wrap(
      item.title, style: style, width: width, maxLines: PreviewItem.titleLineLimit)
    {
      texts.append(
        canvas.text(
          line, x: x0, baseline: style.baseline(lineTop: lineTop), style: style,
          fill: palette.text))
      lineTop += style.lineHeight
    }
    return markup + [SVGDocument.clipped(clipID, texts)]
  }

  /// "2 of 7 items: Planned Downtime Period Identified (Today), … See All (7)".
  var summary: String {
    guard !preview.items.isEmpty else { return preview.seeAll.label }
    let items = preview.items.map { $0.title + " (" + $0.timestamp + ")" }
    return words.format(
      words.previewFormat, numbers: [preview.items.count], words.items(preview.seeAll.count),
      items.joined(separator: ", "), preview.seeAll.label)
  }
}
