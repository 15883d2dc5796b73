import TimelineCore

/// Draws the timeline list of seed 004 (LIST-1, LIST-2): the date label on each day's first
/// row, a vertical line joining the rows, and a dot on each day's first row.
///
/// ```text
///  Sat 21 ●  Dentist
///         │  Business meeting
///         │  Gym
///  Fri 20 ●  Client meeting
///         ╵  Groceries
/// ```
public struct ListTerminalRenderer: Sendable {
  public var width: Int
  public var style: TerminalStyle

  public init(width: Int, style: TerminalStyle) {
    self.width = max(24, width)
    self.style = style
  }

  public func render(_ list: TimelineList, to output: inout some TextOutputStream) {
    let labelWidth = 8
    list.forEachRow { row in
      let label = (row.dateLabel ?? "").split(separator: "\n").joined(separator: " ")
      let text = TerminalText.truncate(
        TerminalText.sanitize(row.title), to: width - labelWidth - 4)
      output.write(
        " "
          + style.bold(
            TerminalText.padRight(
              TerminalText.truncate(label, to: labelWidth - 1), to: labelWidth - 1))
          + " " + style.tone(.accent, glyph(row)) + "  " + text + "\n")
    }
  }

  /// The dot on a day's first row; otherwise the halves of the line that are drawn.
  func glyph(_ row: TimelineListRow) -> String {
    if row.showsDot { return "●" }
    switch (row.showsUpperLine, row.showsLowerLine) {
    case (true, true): return "│"
    case (true, false): return "╵"
    case (false, true): return "╷"
    case (false, false): return " "
    }
  }
}
