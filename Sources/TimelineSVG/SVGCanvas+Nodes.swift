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
    .written { [self] in self.node(node, tone: tone, cx: cx, cy: cy, backdrop: backdrop, to: &$0) }
  }

  /// The node of ``node(_:tone:cx:cy:backdrop:)``, written by `writer`.
  func node(
    _ node: Node, tone: LineTone, cx: Double, cy: Double, backdrop: CSSValue,
    to writer: inout MarkupWriter
  ) {
    let color = self.color(tone)
    let fill = node.isFilled ? color : backdrop
    let path = iconPath(node.icon)
    if path != nil {
      writer.start("g")
      writer.children()
    }
    switch node.shape {
    case .circle:
      circle(cx: cx, cy: cy, r: 9, fill: fill, stroke: color, strokeWidth: 2, to: &writer)
    case .square:
      rect(
        x: cx - 8.5, y: cy - 8.5, width: 17, height: 17, radius: 3, fill: fill, stroke: color,
        strokeWidth: 2, to: &writer)
    case .diamond:
      let points = [(0.0, -11.0), (11.0, 0.0), (0.0, 11.0), (-11.0, 0.0)]
        .map { Self.number(x(cx + $0.0)) + "," + Self.number(cy + $0.1) }
        .joined(separator: " ")
      writer.start("polygon")
      writer.attribute("points", points)
      paint(fill: fill, stroke: color, strokeWidth: 2, to: writer)
      writer.attribute("stroke-linejoin", constant: "round")
      writer.empty(closing: "polygon")
    }
    guard let path else { return }
    writer.start("path")
    writer.attribute("d", path.data)
    writer.attribute(
      "transform", "translate(\(Self.number(x(cx) - 8)) \(Self.number(cy - 8)))")
    writer.attribute("fill", constant: "none")
    writer.attribute("stroke", node.isFilled ? palette.surface.value : color.value)
    writer.attribute("stroke-width", constant: node.icon == .ellipsis ? "2.6" : "2")
    writer.attribute("stroke-linecap", constant: "round")
    writer.attribute("stroke-linejoin", constant: "round")
    writer.empty(closing: "path")
    writer.close("g")
  }

  /// An event icon of the theme's set (TL-13), drawn as strokes of `color` in a `size` box
  /// (icons are drawn in 24 × 24, so 12 and 18 scale exactly) whose leading edge is at the
  /// logical `x`; `false` (nothing drawn) for an unknown name.
  @discardableResult
  func eventIcon(
    named name: String, x logical: Double, top: Double, size: Double, color: CSSValue,
    to writer: inout MarkupWriter
  ) -> Bool {
    guard let path = icons.event(named: name) else { return false }
    let left = isRightToLeft ? x(logical) - size : logical
    writer.start("path")
    writer.attribute("d", path.data)
    writer.attribute(
      "transform",
      "translate(\(Self.number(left)) \(Self.number(top))) scale(\(size / 24))")
    writer.attribute("fill", constant: "none")
    writer.attribute("stroke", color.value)
    writer.attribute("stroke-width", constant: "2")
    writer.attribute("stroke-linecap", constant: "round")
    writer.attribute("stroke-linejoin", constant: "round")
    writer.empty(closing: "path")
    return true
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
    .written { [self] in axis(x: x, from: top, to: bottom, tone: tone, to: &$0) }
  }

  /// The axis of ``axis(x:from:to:tone:)``, written by `writer`.
  func axis(
    x: Double, from top: Double, to bottom: Double, tone: LineTone,
    to writer: inout MarkupWriter
  ) {
    guard bottom > top else { return }
    line(
      x1: x, y1: top, x2: x, y2: bottom, stroke: color(tone), dashed: tone == .neutral,
      to: &writer)
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
