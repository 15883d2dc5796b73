import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// A node as inline SVG (TL-5): its outline by shape, filled or hollow, with its icon; the
  /// tone picks the color. Decorative: the row's label names the status.
  public func node(_ node: Node, tone: LineTone) -> Markup {
    var children: [Markup] = []
    switch node.shape {
    case .circle:
      children.append(.element("circle", ["class": "tl-shape", "cx": "8", "cy": "8", "r": "7"]))
    case .diamond:
      children.append(.element("path", ["class": "tl-shape", "d": "M8 0.5 15.5 8 8 15.5 0.5 8Z"]))
    case .square:
      children.append(
        .element(
          "rect",
          ["class": "tl-shape", "x": "1.5", "y": "1.5", "width": "13", "height": "13", "rx": "3"]))
    }
    if let path = iconPath(node.icon) {
      children.append(.element("path", ["class": "tl-icon", "d": path]))
    }
    return .element(
      "svg",
      [
        "class": "tl-node", "viewBox": "0 0 16 16", "aria-hidden": "true", "focusable": "false",
        "data-tone": tone.rawValue, "data-filled": node.isFilled ? "true" : "false",
        "data-node": node.name,
      ], children)
  }

  func iconPath(_ icon: Node.Icon) -> String? {
    switch icon {
    case .none: nil
    case .checkmark: theme.icons.checkmark.data
    case .ellipsis: theme.icons.ellipsis.data
    case .slash: theme.icons.slash.data
    case .bar: theme.icons.bar.data
    }
  }

  /// The `time` element of a timestamp; lines of a multi-line timestamp are separated by
  /// `br`.
  func time(_ text: String, dateTime: String, today: Bool) -> Markup {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var children: [Markup] = []
    for (index, line) in lines.enumerated() {
      if index > 0 { children.append(.element("br")) }
      children.append(.text(line))
    }
    return .element("time", ["datetime": dateTime, "class": today ? "tl-today" : nil], children)
  }
}
