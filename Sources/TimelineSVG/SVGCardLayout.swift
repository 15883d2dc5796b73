import TimelineCore
import _TimelineMarkup

/// A timeline card's text (TL-2) as SVG lines: the core's ``RowCardLayout`` measured with
/// the SVG font metrics (so no line's measured width exceeds the card's text width), with
/// each line's color chosen by what it shows.
struct SVGCardLayout {
  /// The space between the card's edge and its text.
  static let padding = 12.0
  /// The space between the text and the status stack, and between two attributes.
  static let statusGap = 12.0
  /// A status icon's box, and the gap between it and its label.
  static let statusIconSize = 12.0
  static let statusIconGap = 4.0
  static let spacing = RowCardLayout.Spacing(
    padding: padding, statusGap: statusGap, attributeGap: statusGap, paragraphGap: 2,
    iconRoom: statusIconSize + statusIconGap)

  /// The card's width.
  var width: Double
  var lines: [SVGTextLine] = []
  /// The status icons: each name with its box's logical leading edge and top.
  var icons: [(name: String, x: Double, top: Double, color: CSSValue)] = []
  /// The card's height: its text and padding, at least the status stack.
  var height = 0.0

  /// The width text may take: the card without its padding.
  var textWidth: Double { max(0, width - 2 * Self.padding) }

  init(row: TimelineRow, width: Double, palette: TimelineTheme.Palette, iconSet: NodeIcons) {
    self.width = width
    // Icons the theme cannot draw take no room.
    var row = row
    row.statusStack = row.statusStack { iconSet.event(named: $0) != nil }
    let layout = RowCardLayout(
      row: row, width: width, metrics: SVGTextMetrics(), spacing: Self.spacing)
    lines = layout.lines.map { line in
      let style = SVGTextMetrics.style(line.style)
      let fill: CSSValue
      switch line.role {
      case .description, .supportingText, .status(1...): fill = palette.secondaryText
      default: fill = palette.text
      }
      if let icon = line.icon {
        // Status lines end at `x`: the icon stands before the line's text.
        let text = line.text.isEmpty ? 0 : style.width(of: line.text) + Self.statusIconGap
        icons.append(
          (
            icon, line.x - text - Self.statusIconSize,
            line.top + (line.boxHeight - Self.statusIconSize) / 2, fill
          ))
      }
      return SVGTextLine(
        text: line.text, style: style, fill: fill, x: line.x,
        baseline: style.baseline(center: line.top + line.boxHeight / 2),
        anchor: line.alignment == .leading ? .leading : .trailing, room: line.room)
    }
    height = layout.height
  }
}
