import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// A node as inline SVG (TL-5): its outline by shape, filled or hollow, with its icon; the
  /// tone picks the color. Decorative: the row's label names the status.
  public func node(_ node: Node, tone: LineTone) -> Markup {
    .written { [self] writer in writeNode(node, tone: tone, to: &writer) }
  }

  func writeNode(_ node: Node, tone: LineTone, to writer: inout MarkupWriter) {
    writer.start("svg")
    writer.attribute("class", constant: "tl-node")
    writer.attribute("viewBox", constant: "0 0 16 16")
    writer.attribute("aria-hidden", constant: "true")
    writer.attribute("focusable", constant: "false")
    writer.attribute("data-tone", tone.rawValue)
    writer.attribute("data-filled", constant: node.isFilled ? "true" : "false")
    writer.attribute("data-node", node.name)
    writer.children()
    switch node.shape {
    case .circle:
      writer.start("circle")
      writer.attribute("class", constant: "tl-shape")
      writer.attribute("cx", constant: "8")
      writer.attribute("cy", constant: "8")
      writer.attribute("r", constant: "7")
      writer.empty(closing: "circle")
    case .diamond:
      writer.start("path")
      writer.attribute("class", constant: "tl-shape")
      writer.attribute("d", constant: "M8 0.5 15.5 8 8 15.5 0.5 8Z")
      writer.empty(closing: "path")
    case .square:
      writer.start("rect")
      writer.attribute("class", constant: "tl-shape")
      writer.attribute("x", constant: "1.5")
      writer.attribute("y", constant: "1.5")
      writer.attribute("width", constant: "13")
      writer.attribute("height", constant: "13")
      writer.attribute("rx", constant: "3")
      writer.empty(closing: "rect")
    }
    if let path = iconPath(node.icon) {
      writer.start("path")
      writer.attribute("class", constant: "tl-icon")
      writer.attribute("d", path)
      writer.empty(closing: "path")
    }
    writer.close("svg")
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
    .written { [self] writer in writeTime(text, dateTime: dateTime, today: today, to: &writer) }
  }

  func writeTime(_ text: String, dateTime: String, today: Bool, to writer: inout MarkupWriter) {
    writer.start("time")
    writer.attribute("datetime", dateTime)
    if today { writer.attribute("class", constant: "tl-today") }
    guard text.utf8.contains(0x0A) else { return writer.text(text, closing: "time") }
    writer.children()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if index > 0 {
        writer.start("br")
        writer.empty(closing: "br")
      }
      writer.write(text: String(line))
    }
    writer.close("time")
  }

  /// An item's event icon (or, as `tl-status-icon`, a status icon) drawn from the theme's
  /// set (TL-13); nothing for an unknown name. Decorative: the row's or item's label
  /// already says what it is.
  func writeEventIcon(
    named name: String?, className: StaticString = "tl-event-icon", to writer: inout MarkupWriter
  ) {
    guard let name, let icon = theme.icons.event(named: name) else { return }
    writer.start("svg")
    writer.attribute("class", constant: className)
    writer.attribute("viewBox", constant: "0 0 24 24")
    writer.attribute("aria-hidden", constant: "true")
    writer.attribute("focusable", constant: "false")
    writer.attribute("data-icon", name)
    writer.children()
    writer.start("path")
    writer.attribute("d", icon.data)
    writer.empty(closing: "path")
    writer.close("svg")
  }

}
