import TimelineCore
import _TimelineMarkup

extension SVGTimelineLayout {
  /// One row (TL-1, TL-2, TL-4, TL-5, TL-7, TL-8): the timestamp column with the today
  /// marker, the node and the halves of the line, and the card with its texts clipped to it.
  /// Marker rows show their title without a card.
  mutating func drawRow(_ row: TimelineRow) {
    let top = y
    let card = SVGCardLayout(
      row: row, width: columns.cardWidth, palette: canvas.palette, iconSet: canvas.icons)
    let nodeY = top + SVGCardLayout.padding + SVGTextStyle.title.lineHeight / 2
    let stampBottom = drawTimestamp(row, center: nodeY)
    let height = max(card.height, stampBottom + 6 - top)
    endLine()
    let (canvas, columns) = (canvas, columns)
    if let leading = row.lines.leading {
      axis.draw { canvas.axis(x: columns.nodeX, from: top, to: nodeY, tone: leading, to: &$0) }
    }
    if let trailing = row.lines.trailing { pendingLine = (trailing, nodeY) }
    let clipID = idPrefix + "-c" + String(row.index)
    clipPaths.draw {
      canvas.clipPath(
        id: clipID, x: columns.cardX, y: top, width: columns.cardWidth, height: height,
        radius: row.isMarker ? 0 : 8, to: &$0)
    }
    content.draw { writer in
      if !row.isMarker { cardBackground(row, top: top, height: height, to: &writer) }
      SVGDocument.clipped(clipID, texts: card.lines.lazy.map(\.text), to: &writer) { writer in
        for line in card.lines {
          canvas.text(
            line.text, x: columns.cardX + line.x, baseline: top + line.baseline,
            style: line.style, fill: line.fill, anchor: line.anchor, to: &writer)
        }
        for icon in card.icons {
          canvas.eventIcon(
            named: icon.name, x: columns.cardX + icon.x, top: top + icon.top,
            size: SVGCardLayout.statusIconSize, color: icon.color, to: &writer)
        }
      }
      canvas.node(
        row.node, tone: row.nodeTone, cx: columns.nodeX, cy: nodeY,
        backdrop: canvas.palette.background, to: &writer)
    }
    y = top + height + Self.rowGap
  }

  /// The card: the highlight color for current rows (TL-4), the selected color and a
  /// stronger border when selected (TL-8), the surface otherwise.
  func cardBackground(
    _ row: TimelineRow, top: Double, height: Double, to writer: inout MarkupWriter
  ) {
    let palette = canvas.palette
    let fill =
      row.isSelected ? palette.selected : row.isHighlighted ? palette.highlight : palette.surface
    let stroke = row.isSelected || row.isHighlighted ? palette.accent : palette.border
    canvas.rect(
      x: columns.cardX + 0.5, y: top + 0.5, width: columns.cardWidth - 1, height: height - 1,
      radius: 8, fill: fill, stroke: stroke, strokeWidth: row.isSelected ? 2 : 1, to: &writer)
  }

  /// The side of an event icon's box under the timestamp.
  static let eventIconSize = 18.0

  /// The timestamp lines right-aligned in their column, the first centered on the node, the
  /// event icon below (its name when the theme has no such icon); a current row's timestamp inside the today marker (TL-4). Returns the
  /// bottom of the column's content.
  mutating func drawTimestamp(_ row: TimelineRow, center: Double) -> Double {
    let style: SVGTextStyle = row.showsTodayMarker ? .timestampBold : .timestamp
    let stamps = row.timestamp.split(separator: "\n", omittingEmptySubsequences: false)
      .map { SVGTextWrapper.truncate(String($0), style: style, width: columns.timestampTextWidth) }
    let trailing = columns.timestampTextTrailing
    let fill = row.showsTodayMarker ? canvas.palette.accent : canvas.palette.secondaryText
    var lineCenter = center
    var widest = 0.0
    let canvas = canvas
    for stamp in stamps {
      let baseline = style.baseline(center: lineCenter)
      content.draw {
        canvas.text(
          stamp, x: trailing, baseline: baseline, style: style, fill: fill, anchor: .trailing,
          to: &$0)
      }
      widest = max(widest, style.width(of: stamp))
      lineCenter += style.lineHeight
    }
    if row.showsTodayMarker {
      let half = style.lineHeight / 2 + 2
      content.append(
        canvas.todayMarker(
          textLeft: trailing - widest, textWidth: widest, top: center - half,
          bottom: lineCenter - style.lineHeight + half))
    }
    var bottom = lineCenter - style.lineHeight / 2 + 2
    if let icon = row.icon, canvas.icons.event(named: icon) != nil {
      // The icon drawn from the theme's set, as HTML draws it (TL-13).
      let size = Self.eventIconSize
      content.draw {
        canvas.eventIcon(
          named: icon, x: trailing - size, top: bottom + 2, size: size,
          color: canvas.palette.secondaryText, to: &$0)
      }
      bottom += 2 + size
    } else if let icon = row.icon {
      // A name the theme has no icon for is written out.
      let caption = SVGTextStyle.caption
      let text = SVGTextWrapper.truncate(icon, style: caption, width: columns.timestampTextWidth)
      bottom += 2
      content.append(
        canvas.text(
          text, x: trailing, baseline: caption.baseline(lineTop: bottom), style: caption,
          fill: canvas.palette.secondaryText, anchor: .trailing))
      bottom += caption.lineHeight
    }
    return bottom
  }
}
