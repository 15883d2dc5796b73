import TimelineCore
import _TimelineMarkup

/// The content of a timeline card laid out for a width (TL-2): the title wrapped to 2 lines,
/// the subtitle, the description wrapped to 3, the supporting text and the attributes one
/// line each, and the status stack on the trailing side beside the first lines. A marker row
/// (TL-7) has its title only. Every line is fitted with `SVGTextWrapper`, so its measured
/// width never exceeds the card's text width.
struct SVGCardLayout {
  /// The space between the card's edge and its text.
  static let padding = 12.0
  /// The space between the text and the status stack.
  static let statusGap = 12.0

  /// The card's width.
  var width: Double
  var lines: [SVGTextLine] = []
  /// The card's height: its text and padding, at least the status stack.
  var height = 0.0

  /// The width text may take: the card without its padding.
  var textWidth: Double { max(0, width - 2 * Self.padding) }

  init(row: TimelineRow, width: Double, palette: TimelineTheme.Palette) {
    self.width = width
    let pad = Self.padding
    let limits = TimelineRow.lineLimits
    let statuses = row.isMarker ? [] : Array(row.statuses.prefix(2))
    let statusStyles = [SVGTextStyle.captionBold, .caption]
    let statusLimit = (textWidth / 3).rounded(.down)
    let statusWidth =
      zip(statuses, statusStyles).map { status, style in
        style.width(of: SVGTextWrapper.truncate(status, style: style, width: statusLimit))
      }.max() ?? 0
    let narrow = statuses.isEmpty ? textWidth : max(0, textWidth - statusWidth - Self.statusGap)
    let statusBottom = pad + Double(statuses.count) * SVGTextStyle.title.lineHeight
    var y = pad
    var room: Double { y < statusBottom ? narrow : textWidth }
    func add(_ texts: [String], _ style: SVGTextStyle, _ fill: CSSValue, room: Double) {
      for text in texts {
        lines.append(
          SVGTextLine(
            text: text, style: style, fill: fill, x: pad, baseline: style.baseline(lineTop: y),
            anchor: .leading, room: room))
        y += style.lineHeight
      }
    }
    add(
      SVGTextWrapper.wrap(row.title, style: .title, width: room, maxLines: limits.title),
      .title, palette.text, room: room)
    if !row.isMarker {
      if let subtitle = row.subtitle {
        add(
          [SVGTextWrapper.truncate(subtitle, style: .body, width: room)], .body, palette.text,
          room: room)
      }
      if let description = row.description {
        y += 2
        let wrapped = SVGTextWrapper.wrap(
          description, style: .body, width: room, maxLines: limits.description,
          keepingNewlines: true)
        add(wrapped, .body, palette.secondaryText, room: room)
      }
      if let supporting = row.supportingText {
        y += 2
        add(
          [SVGTextWrapper.truncate(supporting, style: .caption, width: room)], .caption,
          palette.secondaryText, room: room)
      }
      if !row.attributes.isEmpty {
        y += 2
        addAttributes(row.attributes, y: &y, room: room, palette: palette)
      }
    }
    for (index, status) in statuses.enumerated() {
      let style = statusStyles[index]
      let center = pad + SVGTextStyle.title.lineHeight * (Double(index) + 0.5)
      lines.append(
        SVGTextLine(
          text: SVGTextWrapper.truncate(status, style: style, width: statusWidth), style: style,
          fill: index == 0 ? palette.text : palette.secondaryText, x: width - pad,
          baseline: style.baseline(center: center), anchor: .trailing, room: statusWidth))
    }
    height = max(y, statusBottom) + pad
  }

  /// The attributes on one line (TL-2): the first leading, the second trailing with at most
  /// half the room; each truncated to its part.
  private mutating func addAttributes(
    _ attributes: [String], y: inout Double, room: Double, palette: TimelineTheme.Palette
  ) {
    let style = SVGTextStyle.body
    let pad = Self.padding
    let baseline = style.baseline(lineTop: y)
    var firstRoom = room
    if attributes.count > 1 {
      let secondRoom = max(0, (room - Self.statusGap) / 2)
      let second = SVGTextWrapper.truncate(attributes[1], style: style, width: secondRoom)
      lines.append(
        SVGTextLine(
          text: second, style: style, fill: palette.text, x: pad + room, baseline: baseline,
          anchor: .trailing, room: secondRoom))
      firstRoom = max(0, room - Self.statusGap - style.width(of: second))
    }
    let first = SVGTextWrapper.truncate(attributes[0], style: style, width: firstRoom)
    lines.append(
      SVGTextLine(
        text: first, style: style, fill: palette.text, x: pad, baseline: baseline,
        anchor: .leading, room: firstRoom))
    y += style.lineHeight
  }
}
