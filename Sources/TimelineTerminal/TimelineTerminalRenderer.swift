import TimelineCore

/// Draws a timeline as terminal text: a timestamp column, the node and its line, cards,
/// sticky-style section headers and the now indicator as a rule (OUT-1).
///
/// The renderer draws what the presentation decided; it never computes tense or order.
///
/// ```swift
/// var text = ""
/// TimelineTerminalRenderer(width: 80, style: .plain).render(presentation, to: &text)
/// ```
public struct TimelineTerminalRenderer: Sendable {
  /// The output width in cells (at least 24).
  public var width: Int
  public var style: TerminalStyle

  public init(width: Int, style: TerminalStyle) {
    self.width = max(24, width)
    self.style = style
  }

  /// Writes the whole timeline, one window of rows at a time.
  public func render(_ presentation: TimelinePresentation, to output: inout some TextOutputStream) {
    TextSink.writing(to: &output) { render(presentation, to: $0) }
  }

  /// Writes the whole timeline to `sink`.
  public func render(_ presentation: TimelinePresentation, to sink: TextSink) {
    if let title = presentation.title {
      sink.write(style.bold(TerminalText.truncate(TerminalText.sanitize(title), to: width)))
      sink.write("\n\n" as StaticString)
    }
    if let message = presentation.emptyStateMessage {
      sink.write(style.dim(TerminalText.sanitize(message)))
      sink.write(ascii: 0x0A)
      return
    }
    var layout = RowLayout(width: width, style: style, timestampWidth: 0)
    layout.timestampWidth = timestampWidth(presentation)
    let nowRule = layout.nowRule(presentation.strings.now)
    let sectionRule = style.dim(String(repeating: "─", count: width))
    presentation.walk(with: RowWorkers(presentation), to: sink) { step, part, _ in
      switch step {
      case .sectionStart(let section, let title, _):
        writeHeader(title, rule: sectionRule, to: part)
        if presentation.isFolded(section: section) {
          // A folded section says what it holds instead of its rows.
          let text = presentation.summary(ofSection: section).text(presentation.strings)
          part.write(
            style.dim(TerminalText.truncate("▸ " + TerminalText.sanitize(text), to: width)))
          part.write("\n\n" as StaticString)
        }
      case .now: part.write(nowRule)
      case .row(let row, _): layout.write(row, to: part)
      case .sectionEnd: break
      }
    }
  }

  /// The timestamp column fits the widest timestamp line of the first rows, within bounds.
  func timestampWidth(_ presentation: TimelinePresentation) -> Int {
    let sample = presentation.rows(in: 0..<min(presentation.count, 200))
    let widest =
      sample.flatMap { $0.timestamp.split(separator: "\n") }
      .map { TerminalText.width(of: $0) }.max() ?? 5
    return min(max(widest + 2, 5), max(5, width / 4))
  }

  func writeHeader(_ title: String, rule: String, to sink: TextSink) {
    let text = TerminalText.truncate(TerminalText.sanitize(title), to: width)
    sink.write(style.header(text))
    sink.write(ascii: 0x0A)
    sink.write(rule)
    sink.write(ascii: 0x0A)
  }
}
