/// Breaks text into lines that fit a width, by any measure: at spaces where possible,
/// inside a word only when the word alone is too wide (CJK text, long URLs). When text
/// remains after `maxLines`, the last line ends with an ellipsis that still fits. Nothing
/// ever overflows: a character wider than the whole line is left out, and a line too narrow
/// for even the ellipsis stays empty.
///
/// ```swift
/// LineBreaker.wrap("Planned Downtime Period Identified", width: 20, maxLines: 2) { _ in 1 }
/// // ["Planned Downtime", "Period Identified"]
/// ```
public enum LineBreaker {
  public static func wrap(
    _ text: String, width: Double, maxLines: Int, measure: (Character) -> Double
  ) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    if let line = oneLine(text, width: width, measure: measure) { return [line] }
    return wrapByClusters(text, width: width, maxLines: maxLines, measure: measure)
  }

  /// ``wrap(_:width:maxLines:measure:)`` without its shortcut for a plain line: the text
  /// walked a grapheme cluster at a time.
  static func wrapByClusters(
    _ text: String, width: Double, maxLines: Int, measure: (Character) -> Double
  ) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var truncated = false
    var line = ""
    var lineWidth = 0.0
    let space = measure(" ")
    func flush() -> Bool {
      if lines.count == maxLines {
        truncated = true
        return false
      }
      lines.append(line)
      line = ""
      lineWidth = 0
      return true
    }
    paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      for word in paragraph.split(separator: " ") {
        let wordWidth = word.reduce(0) { $0 + measure($1) }
        if lineWidth > 0, lineWidth + space + wordWidth <= width {
          line += " " + word
          lineWidth += space + wordWidth
          continue
        }
        if lineWidth > 0, !flush() { break paragraphs }
        for character in word {
          let advance = measure(character)
          if advance > width { continue }
          if lineWidth + advance > width, !flush() { break paragraphs }
          line.append(character)
          lineWidth += advance
        }
      }
      if !flush() { break }
    }
    while lines.count > 1, lines.last?.isEmpty == true, !truncated { lines.removeLast() }
    if truncated, var last = lines.popLast() {
      let ellipsis = measure("…")
      guard ellipsis <= width else { return lines + [""] }
      var used = last.reduce(0) { $0 + measure($1) }
      while used + ellipsis > width, let removed = last.popLast() { used -= measure(removed) }
      while last.last == " " { last.removeLast() }
      lines.append(last + "…")
    }
    return lines
  }
}

extension LineBreaker {
  /// `text` when ``wrap(_:width:maxLines:measure:)`` would give it back as its one line:
  /// plain text (``PlainText``), single-spaced, that fits. The widths are summed exactly as
  /// `wrap` sums them (the same additions in the same order), so the answer is `wrap`'s,
  /// found a code point at a time instead of a grapheme cluster at a time; `nil` whenever
  /// `wrap` has to decide.
  static func oneLine(
    _ text: String, width: Double, measure: (Character) -> Double
  ) -> String? {
    guard !text.isEmpty else { return nil }
    let space = measure(" ")
    var lineWidth = 0.0
    var wordWidth = 0.0
    var inFirstWord = true
    var afterSpace = true
    for scalar in text.unicodeScalars {
      guard PlainText.isPlain(scalar) else { return nil }
      if scalar == " " {
        // A space at the start or next to another changes the line.
        if afterSpace { return nil }
        afterSpace = true
        if !inFirstWord {
          guard lineWidth > 0, lineWidth + space + wordWidth <= width else { return nil }
          lineWidth += space + wordWidth
        }
        inFirstWord = false
        wordWidth = 0
        continue
      }
      afterSpace = false
      let advance = measure(Character(scalar))
      if inFirstWord {
        // The first word is placed character by character.
        guard advance <= width, lineWidth + advance <= width else { return nil }
        lineWidth += advance
      } else {
        wordWidth += advance
      }
    }
    if afterSpace { return nil }
    if !inFirstWord {
      guard lineWidth > 0, lineWidth + space + wordWidth <= width else { return nil }
    }
    return text
  }

  /// `text` on one line of at most `width`: as it is when it fits, else cut where the rest
  /// and an ellipsis would not fit, trailing spaces dropped, ending in "…"; empty when not
  /// even the ellipsis fits.
  ///
  /// ```swift
  /// LineBreaker.truncate("Unloading at Dock B", width: 10) { _ in 1 }  // "Unloading…"
  /// ```
  public static func truncate(_ text: String, width: Double, measure: (Character) -> Double)
    -> String
  {
    var used = 0.0
    var cut: String.Index?
    let ellipsis = measure("…")
    let room = width - ellipsis
    var index = text.startIndex
    while index < text.endIndex {
      let advance = measure(text[index])
      if cut == nil, used + advance > room { cut = index }
      used += advance
      if used > width {
        guard room >= 0, let cut else { return "" }
        var kept = text[..<cut]
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
      }
      index = text.index(after: index)
    }
    return text
  }
}
