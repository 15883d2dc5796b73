import TimelineCore

/// How text is decorated: ANSI escape sequences when writing to a color terminal, nothing
/// otherwise. Every state the colors show is also shown by a glyph or a bracket, so plain
/// output loses nothing but color.
public struct TerminalStyle: Sendable, Hashable {
  /// Whether escape sequences are written.
  public var usesColor: Bool

  public init(usesColor: Bool) { self.usesColor = usesColor }

  /// Plain text, for files, pipes and `NO_COLOR`.
  public static let plain = TerminalStyle(usesColor: false)
  /// ANSI colors, for terminals.
  public static let ansi = TerminalStyle(usesColor: true)

  /// Whether output should be colored: only for a terminal, never with `NO_COLOR` set (to
  /// anything) or `TERM=dumb`.
  public static func automatic(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
    let disabled = environment["NO_COLOR"] != nil || environment["TERM"] == "dumb"
    return TerminalStyle(usesColor: isTerminal && !disabled)
  }

  func apply(_ codes: String, _ text: String) -> String {
    guard usesColor, !text.isEmpty else { return text }
    return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
  }

  func tone(_ tone: LineTone, _ text: String) -> String {
    apply(tone == .accent ? "38;5;33" : "38;5;245", text)
  }
  func bold(_ text: String) -> String { apply("1", text) }
  func dim(_ text: String) -> String { apply("2", text) }
  func header(_ text: String) -> String { apply("1;4", text) }
  func now(_ text: String) -> String { apply("1;38;5;33", text) }
  func todayMarker(_ text: String) -> String { apply("1;7;38;5;33", text) }
  func highlighted(_ text: String) -> String { apply("48;5;153;38;5;16", text) }
  func selected(_ text: String) -> String { apply("48;5;252;38;5;16", text) }
}

/// The characters nodes and lines are drawn with in a terminal (TL-5): each node differs by
/// shape, and future lines are dashed where past and current lines are solid.
public enum TerminalGlyphs {
  public static func node(_ node: Node) -> String {
    switch node {
    case .open: "○"
    case .inProgress: "⋯"
    case .completed: "✔"
    case .empty: "●"
    case .start: "◆"
    case .end: "◆"
    case .inactive: "⊘"
    case .earlyEnd: "◇"
    }
  }

  /// The vertical line in `tone`: solid for accent, dashed for neutral.
  public static func verticalLine(_ tone: LineTone) -> String { tone == .accent ? "│" : "┆" }

  /// The horizontal line in `tone`: solid for accent, dashed for neutral.
  public static func horizontalLine(_ tone: LineTone) -> String { tone == .accent ? "─" : "┄" }
}
