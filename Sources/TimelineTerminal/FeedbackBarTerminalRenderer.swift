import TimelineCore

/// Draws the filter feedback bar as a wrapped row of chips and the number of matches
/// (FFB-1, FFB-2, FFB-8, FFB-9): `[✓ Sort By: Priority ▾] [✓ Open] [ Completed ]  3 results`.
public struct FeedbackBarTerminalRenderer: Sendable {
  public var width: Int
  public var style: TerminalStyle

  public init(width: Int, style: TerminalStyle) {
    self.width = max(24, width)
    self.style = style
  }

  public func render(
    _ chips: [FilterChip], matchCount: Int?, strings: ControlStrings,
    to output: inout some TextOutputStream
  ) {
    var line = ""
    var lineWidth = 0
    var parts = chips.map { chip -> (text: String, styled: String) in
      let mark = chip.kind == .counter ? "≡ " : chip.showsCheckmark ? "✓ " : " "
      let text =
        "[" + mark + TerminalText.sanitize(chip.text) + (chip.showsDisclosure ? " ▾" : "")
        + (chip.showsCheckmark || chip.kind == .counter ? "]" : " ]")
      let clipped = TerminalText.truncate(text, to: width)
      return (clipped, chip.isSelected ? style.todayMarker(clipped) : clipped)
    }
    if let matchCount {
      let text = FilterFeedbackBar.matchLabel(matchCount, strings: strings)
      parts.append((text, style.dim(text)))
    }
    for part in parts {
      let partWidth = TerminalText.width(of: part.text)
      if lineWidth > 0, lineWidth + 1 + partWidth > width {
        output.write(line + "\n")
        line = ""
        lineWidth = 0
      }
      if lineWidth > 0 {
        line += " "
        lineWidth += 1
      }
      line += part.styled
      lineWidth += partWidth
    }
    if !line.isEmpty { output.write(line + "\n") }
    output.write("\n")
  }
}
