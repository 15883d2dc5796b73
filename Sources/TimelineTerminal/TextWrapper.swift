/// Wraps text into lines of at most a given number of terminal cells.
public enum TextWrapper {
  /// Breaks `text` into at most `maxLines` lines of at most `width` cells, at spaces where
  /// possible and inside a word only when the word alone is too wide (CJK text, URLs).
  /// When text remains, the last line ends with an ellipsis. Line breaks in `text` are kept.
  ///
  /// ```swift
  /// TextWrapper.wrap("Planned Downtime Period Identified", width: 20, maxLines: 2)
  /// // ["Planned Downtime", "Period Identified"]
  /// ```
  public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var truncated = false
    paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        let wordWidth = TerminalText.width(of: word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          if lines.count == maxLines {
            truncated = true
            break paragraphs
          }
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        for character in word {
          let cells = TerminalText.width(of: character)
          if lineWidth + cells > width, lineWidth > 0 {
            if lines.count == maxLines {
              truncated = true
              break paragraphs
            }
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          line.append(character)
          lineWidth += cells
        }
      }
      if lines.count == maxLines {
        truncated = true
        break
      }
      lines.append(line)
    }
    while lines.count > 1, lines.last?.isEmpty == true, !truncated { lines.removeLast() }
    if truncated, var last = lines.popLast() {
      while TerminalText.width(of: last) > width - 1 { last.removeLast() }
      while last.last == " " { last.removeLast() }
      lines.append(last + "…")
    }
    return lines
  }
}
