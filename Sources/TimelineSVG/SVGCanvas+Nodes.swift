import TimelineCore
import _TimelineMarkup

extension SVGCanvas {
  /// The radius of a node: nodes are drawn in a 20 × 20 box (diamonds reach 11 px).
  static let nodeRadius = 10.0

  /// The color of a tone: accent for past and current, neutral for future (TL-4).
  func color(_ tone: LineTone) -> CSSValue {
    tone == .accent ? palette.accent : palette.neutral
  }

  /// The node of a row (TL-5): its outline by `Node.shape` (circle, diamond, square), filled
  /// with the tone color when `Node.isFilled`, and the theme's glyph for `Node.icon` (TL-13).
  /// Hollow nodes are filled with `backdrop` so the line does not show through.
  func node(_ node: Node, tone: LineTone, cx: Double, cy: Double, backdrop: CSSValue) -> Markup {
    let color = self.color(tone)
    let fill = node.isFilled ? color : backdrop
    let outline: Markup
    switch node.shape {
    case .circle:
      outline = circle(cx: cx, cy: cy, r: 9, fill: fill, stroke: color, strokeWidth: 2)
    case .square:
      outline = rect(
        x: cx - 8.5, y: cy - 8.5, width: 17, height: 17, radius: 3, fill: fill, stroke: color,
        strokeWidth: 2)
    case .diamond:
      let points = [(0.0, -11.0), (11.0, 0.0), (0.0, 11.0), (-11.0, 0.0)]
        .map { Self.number(x(cx + $0.0)) + "," + Self.number(cy + $0.1) }
        .joined(separator: " ")
      outline = .element(
        "polygon",
        [Attribute("points", points)]
          + paint(fill: fill, stroke: color, strokeWidth: 2) + [
            Attribute("stroke-linejoin", "round")
          ], [])
    }
    guard let path = iconPath(node.icon) else { return outline }
    let glyph = Markup.element(
      "path",
      [
        "d": path.data, "transform": "translate(\(Self.number(x(cx) - 8)) \(Self.number(cy - 8)))",
        "fill": "none", "stroke": node.isFilled ? palette.surface.value : color.value,
        "stroke-width": node.icon == .ellipsis ? "2.6" : "2", "stroke-linecap": "round",
        "stroke-linejoin": "round",
      ])
    return .element("g", [], [outline, glyph])
  }

  /// The theme's path for `icon`, or `nil` for no glyph.
  func iconPath(_ icon: Node.Icon) -> NodeIconPath? {
    switch icon {
    case .none: nil
    case .ellipsis: icons.ellipsis
    case .checkmark: icons.checkmark
    case .slash: icons.slash
    case .bar: icons.bar
    }
  }

  /// The vertical axis between `top` and `bottom` at the logical `x` in `tone`: solid for
  /// accent, dashed for neutral, so tense never depends on color alone (TL-4).
  func axis(x: Double, from top: Double, to bottom: Double, tone: LineTone) -> Markup {
    guard bottom > top else { return .empty }
    return line(x1: x, y1: top, x2: x, y2: bottom, stroke: color(tone), dashed: tone == .neutral)
  }

  /// The today marker (TL-4): a pill around a timestamp whose text spans `textLeft` …
  /// `textLeft + textWidth` and `top` … `bottom`.
  func todayMarker(textLeft: Double, textWidth: Double, top: Double, bottom: Double) -> Markup {
    let height = bottom - top
    return rect(
      x: textLeft - Self.pillPadding, y: top, width: textWidth + 2 * Self.pillPadding,
      height: height, radius: min(10, height / 2), fill: nil, stroke: palette.accent,
      strokeWidth: 1.5)
  }

  /// The room the today marker's pill takes on each side of its text.
  static let pillPadding = 7.0
}
