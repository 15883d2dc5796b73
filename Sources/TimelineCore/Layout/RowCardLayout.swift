/// The content of a timeline row's card laid out for a width (TL-2), in any renderer's
/// unit: the title wrapped to 2 lines, the subtitle, the description wrapped to 3 (its line
/// breaks kept), the supporting text and the attributes one line each, and the status stack
/// on the trailing side beside the first lines, which narrows what stands beside it. A
/// marker row (TL-7) has its title only. Terminal and SVG draw the same layout: cells and
/// pixels differ only in their ``TextMetrics`` and ``Spacing``.
///
/// ```swift
/// let card = RowCardLayout(row: row, width: 60, metrics: TerminalMetrics(), spacing: .cells)
/// card.lines.map(\.text)  // ["Planned Downtime", "Open", …]
/// ```
public struct RowCardLayout: Sendable, Hashable {
  /// What a line shows, which decides how it is drawn (weight, color).
  public enum Role: Sendable, Hashable {
    case title, subtitle, description, supportingText, attribute
    /// The status stack's line `index` (0: the status label, 1: the second one).
    case status(Int)
  }

  /// Which edge a line's `x` is: its start (leading) or its end (trailing).
  public enum Alignment: Sendable, Hashable { case leading, trailing }

  /// One line of text.
  public struct Line: Sendable, Hashable {
    public var text: String
    public var role: Role
    public var style: TextStyle
    public var alignment: Alignment
    /// The anchor's logical x from the card's leading edge.
    public var x: Double
    /// The top of the line's box and its height: the line height of its style, or a title
    /// line's for a status (centred beside the title).
    public var top: Double
    public var boxHeight: Double
    /// The width the text was fitted into.
    public var room: Double
    /// A status line's icon (the event icon set, TL-13), drawn before its text where the
    /// spacing gives icons room (``Spacing/iconRoom``).
    public var icon: String? = nil
  }

  /// The spaces of a card in the renderer's unit.
  public struct Spacing: Sendable, Hashable {
    /// Between the card's edge and its text.
    public var padding: Double
    /// Between the text and the status stack.
    public var statusGap: Double
    /// Between two attributes on one line.
    public var attributeGap: Double
    /// Above the description, the supporting text and the attributes.
    public var paragraphGap: Double
    /// What a status icon takes before its line's text, with the gap after it; 0 where
    /// icons are not drawn (terminal cells: a status icon without a label is named instead).
    public var iconRoom: Double

    public init(
      padding: Double, statusGap: Double, attributeGap: Double, paragraphGap: Double,
      iconRoom: Double = 0
    ) {
      self.padding = padding
      self.statusGap = statusGap
      self.attributeGap = attributeGap
      self.paragraphGap = paragraphGap
      self.iconRoom = iconRoom
    }

    /// Terminal cells: no padding, one cell before the statuses, two between attributes.
    public static let cells = Spacing(padding: 0, statusGap: 1, attributeGap: 2, paragraphGap: 0)
  }

  public var width: Double
  public var lines: [Line] = []
  /// The card's height: its text and padding, at least the status stack.
  public var height: Double = 0
  /// The width of the status stack (0 without statuses).
  public var statusWidth: Double = 0

  public init(row: TimelineRow, width: Double, metrics: some TextMetrics, spacing: Spacing) {
    self.width = width
    let pad = spacing.padding
    let textWidth = max(0, width - 2 * pad)
    let limits = TimelineRow.lineLimits
    let statuses = row.isMarker ? [] : Array(row.statusStack.prefix(2))
    let statusStyles: [TextStyle] = [.captionBold, .caption]
    let statusLimit = (textWidth / 3).rounded(.down)
    let iconRoom = spacing.iconRoom
    // Where icons are drawn, a line's text follows its icon; elsewhere an icon without a
    // label is named.
    let statusTexts = statuses.map { line in
      (
        text: line.label ?? (iconRoom > 0 ? "" : line.icon ?? ""),
        icon: iconRoom > 0 ? line.icon : nil
      )
    }
    statusWidth =
      zip(statusTexts, statusStyles).map { status, style in
        let icon = status.icon == nil ? 0 : iconRoom
        return icon
          + metrics.measuredWidth(
            of: metrics.truncated(status.text, style: style, width: max(0, statusLimit - icon)),
            style: style)
      }.max() ?? 0
    let narrow = statuses.isEmpty ? textWidth : max(0, textWidth - statusWidth - spacing.statusGap)
    let titleHeight = metrics.lineHeight(.title)
    let statusBottom = pad + Double(statuses.count) * titleHeight
    var y = pad
    var room: Double { y < statusBottom ? narrow : textWidth }
    func add(_ texts: [String], _ role: Role, _ style: TextStyle, room: Double) {
      for text in texts {
        let height = metrics.lineHeight(style)
        lines.append(
          Line(
            text: text, role: role, style: style, alignment: .leading, x: pad, top: y,
            boxHeight: height, room: room))
        y += height
      }
    }
    add(
      metrics.wrapped(
        row.title, style: .title, width: room, maxLines: limits.title, keepingNewlines: false),
      .title, .title, room: room)
    if !row.isMarker {
      if let subtitle = row.subtitle {
        add([metrics.truncated(subtitle, style: .body, width: room)], .subtitle, .body, room: room)
      }
      if let description = row.description {
        y += spacing.paragraphGap
        add(
          metrics.wrapped(
            description, style: .body, width: room, maxLines: limits.description,
            keepingNewlines: true),
          .description, .body, room: room)
      }
      if let supporting = row.supportingText {
        y += spacing.paragraphGap
        add(
          [metrics.truncated(supporting, style: .caption, width: room)], .supportingText,
          .caption, room: room)
      }
      if !row.attributes.isEmpty {
        y += spacing.paragraphGap
        addAttributes(row.attributes, top: y, room: room, metrics: metrics, spacing: spacing)
        y += metrics.lineHeight(.body)
      }
    }
    for (index, status) in statusTexts.enumerated() {
      let style = statusStyles[index]
      let room = statusWidth - (status.icon == nil ? 0 : iconRoom)
      lines.append(
        Line(
          text: metrics.truncated(status.text, style: style, width: room), role: .status(index),
          style: style, alignment: .trailing, x: width - pad,
          top: pad + titleHeight * Double(index), boxHeight: titleHeight, room: room,
          icon: status.icon))
    }
    height = max(y, statusBottom) + pad
  }

  /// The attributes on one line (TL-2): the first leading, the second trailing with at most
  /// half the room; each truncated to its part.
  private mutating func addAttributes(
    _ attributes: [String], top: Double, room: Double, metrics: some TextMetrics,
    spacing: Spacing
  ) {
    let pad = spacing.padding
    let height = metrics.lineHeight(.body)
    var firstRoom = room
    if attributes.count > 1 {
      let secondRoom = max(0, (room - spacing.attributeGap) / 2)
      let second = metrics.truncated(attributes[1], style: .body, width: secondRoom)
      lines.append(
        Line(
          text: second, role: .attribute, style: .body, alignment: .trailing, x: pad + room,
          top: top, boxHeight: height, room: secondRoom))
      firstRoom = max(
        0, room - spacing.attributeGap - metrics.measuredWidth(of: second, style: .body))
    }
    lines.append(
      Line(
        text: metrics.truncated(attributes[0], style: .body, width: firstRoom), role: .attribute,
        style: .body, alignment: .leading, x: pad, top: top, boxHeight: height, room: firstRoom))
  }
}
