import Foundation
import Testing
import TimelineCore
import TimelineTerminal
import _TimelineTestSupport

@Suite("OUT-1 terminal text: cells, wrapping, sanitizing, colors")
struct TerminalTextTests {
  @Test(arguments: [
    ("abc", 3), ("東京", 4), ("ｶﾀｶﾅ", 4), ("한국어", 6), ("🚀", 2), ("👩‍💻", 2), ("🇩🇪", 2),
    ("☀️", 2), ("☀", 1), ("e\u{301}", 1), ("Müller", 6), ("", 0), ("\u{200B}", 0), ("…", 1),
  ])
  func out1_widthCountsWideCharactersAndEmojiAsTwoCells(text: String, cells: Int) {
    #expect(TerminalText.width(of: text) == cells)
  }

  @Test func out1_titleWrapsToTwoLinesWithEllipsis() {
    let lines = TextWrapper.wrap(
      "Planned Downtime Period Identified for the bearing replacement on drive two", width: 20,
      maxLines: 2)
    #expect(lines == ["Planned Downtime", "Period Identified…"])
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 20 })
  }

  @Test func out1_shortTextIsNotTruncated() {
    #expect(TextWrapper.wrap("Gym", width: 20, maxLines: 2) == ["Gym"])
    #expect(TextWrapper.wrap("one two", width: 7, maxLines: 1) == ["one two"])
  }

  @Test func out1_cjkTextWrapsByCellsWithoutSpaces() {
    let lines = TextWrapper.wrap("東京オフィスとの定例会議について", width: 10, maxLines: 2)
    #expect(lines.count == 2)
    #expect(lines[0] == "東京オフィ")
    #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 10 })
    #expect(lines[1].hasSuffix("…"))
  }

  @Test func out1_descriptionKeepsLineBreaksUpToThreeLines() {
    let lines = TextWrapper.wrap("first\nsecond\nthird\nfourth", width: 30, maxLines: 3)
    #expect(lines == ["first", "second", "third…"])
  }

  @Test func out1_veryLongWordsBreakInsideTheWord() {
    let lines = TextWrapper.wrap(String(repeating: "x", count: 50), width: 10, maxLines: 2)
    #expect(lines == ["xxxxxxxxxx", "xxxxxxxxx…"])
  }

  @Test func out1_controlCharactersCannotReachTheTerminal() {
    let hostile = "a\u{1B}[2Jb\u{7}c\u{9B}d\re"
    let clean = TerminalText.sanitize(hostile)
    #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    #expect(clean == "a␛[2Jb␇c\u{FFFD}d e")
  }

  @Test func out1_colorsOnlyOnATerminalAndNeverWithNoColor() {
    #expect(TerminalStyle.automatic(isTerminal: true, environment: [:]).usesColor)
    #expect(!TerminalStyle.automatic(isTerminal: false, environment: [:]).usesColor)
    #expect(!TerminalStyle.automatic(isTerminal: true, environment: ["NO_COLOR": ""]).usesColor)
    #expect(!TerminalStyle.automatic(isTerminal: true, environment: ["NO_COLOR": "1"]).usesColor)
    #expect(!TerminalStyle.automatic(isTerminal: true, environment: ["TERM": "dumb"]).usesColor)
  }

  @Test func tl5_terminalNodesDifferByGlyph() {
    let glyphs = [
      TerminalGlyphs.node(.open), TerminalGlyphs.node(.inProgress), TerminalGlyphs.node(.completed),
      TerminalGlyphs.node(.empty), TerminalGlyphs.node(.start), TerminalGlyphs.node(.inactive),
      TerminalGlyphs.node(.earlyEnd),
    ]
    #expect(Set(glyphs).count == glyphs.count)
    #expect(TerminalGlyphs.verticalLine(.accent) != TerminalGlyphs.verticalLine(.neutral))
  }

  /// Done is done (TL-5): a completed item ahead of time is drawn with the accent checkmark,
  /// in the timeline and in the preview strip, while its line stays dashed and neutral.
  @Test func tl5_terminalDrawsACompletedFutureNodeInTheAccentAndItsLineInItsTense() {
    let presentation = TimelinePresentation(
      items: [
        Fixtures.event("doneAhead", "2026-11-23T10:00:00Z", status: .completed),
        Fixtures.event("openAhead", "2026-11-24T10:00:00Z"),
      ], context: Fixtures.context())
    let accent = "\u{1B}[38;5;33m"
    let neutral = "\u{1B}[38;5;245m"
    let reset = "\u{1B}[0m"
    var text = ""
    TimelineTerminalRenderer(width: 60, style: .ansi).render(presentation, to: &text)
    #expect(text.contains(accent + "✔" + reset))
    #expect(!text.contains(neutral + "✔"))
    #expect(text.contains(neutral + "○" + reset), "an open future node stays neutral")
    #expect(text.contains(neutral + "┆" + reset), "the future line stays dashed and neutral")
    var strip = ""
    PreviewTerminalRenderer(width: 40, style: .ansi).render(
      TimelinePreview(presentation, count: 2), to: &strip)
    #expect(strip.contains(accent + "✔" + reset + neutral + "┄"))
  }
}

@Suite("TL-2 terminal cards beside two statuses")
struct TerminalCardWidthTests {
  /// Every line beside the status stack is narrowed to leave it room, as in SVG: a one-line
  /// title with two statuses puts the subtitle beside the second status.
  @Test(arguments: [40, 60, 100])
  func tl2_noLineOfACardWithTwoStatusesOutgrowsTheWidth(width: Int) {
    let long = String(repeating: "Unloading at Dock B with the morning crew ", count: 4)
    let item = TimelineItem(
      id: "a", title: "Pump", subtitle: long,
      start: .instant(Date(timeIntervalSince1970: 1_795_000_000)), status: .inProgress,
      statusLabel: "Blocked by supplier", substatusLabel: "Waiting since Monday",
      description: long, supportingText: long, attributes: [long, long])
    let presentation = TimelinePresentation(
      items: [item],
      context: TimelineContext(
        now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: .gmt,
        locale: Locale(identifier: "en_US")))
    var text = ""
    TimelineTerminalRenderer(width: width, style: .plain).render(presentation, to: &text)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("Blocked") })
    #expect(lines.contains { $0.contains("Waiting") })
    for line in lines {
      #expect(TerminalText.width(of: line) <= width, "\(line)")
    }
  }
}
