import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineSVG

/// Text stays inside its card at every length (OUT-1, TL-2): lines are fitted with the
/// measurement, and the drawn image places them inside their clip rectangles.
@Suite("OUT-1 SVG text measurement")
struct SVGMeasurementTests {
  static let scripts: [(name: String, sample: String)] = [
    ("Latin", "Planned downtime of conveyor Wwm ÄÖÜ ſtraße "),
    ("CJK", "東京オフィスとの定例会議、来週の計画について話し合います。"),
    ("Arabic", "اجتماع فريق الصيانة لمناقشة خطة الأسبوع القادم "),
  ]

  /// `sample` repeated and cut to `count` characters.
  func text(_ sample: String, count: Int) -> String {
    String(String(repeating: sample, count: count / sample.count + 1).prefix(count))
  }

  @Test(arguments: [240.0, 390, 1024])
  func out1_tl2_svgEveryWrappedLineFitsTheCard(width: Double) throws {
    let palette = TimelineTheme.standard.light
    let presentation = SVGFixtures.presentation(
      [SVGFixtures.item("x", "2026-11-21T09:00:00Z", text: "x")])
    for script in Self.scripts {
      for count in 1...500 {
        let text = text(script.sample, count: count)
        var row = presentation.row(at: 0)
        (row.title, row.subtitle, row.description, row.supportingText) = (text, text, text, text)
        (row.attributes, row.icon) = ([text, text], text)
        // The first status line with an icon before its text (it narrows the text's room).
        row.statusStack = [
          StatusLine(label: text, icon: "flag"), StatusLine(label: text, icon: nil),
        ]
        let columns = SVGTimelineColumns(
          widestTimestamp: SVGTimelineColumns.widestTimestamp([
            (row.timestamp, row.showsTodayMarker)
          ]),
          nowLabel: "Now", width: width)
        let card = SVGCardLayout(
          row: row, width: columns.cardWidth, palette: palette, iconSet: NodeIcons())
        let pad = SVGCardLayout.padding
        for line in card.lines {
          let measured = line.style.width(of: line.text)
          #expect(measured <= line.room + 1e-9, "\(script.name) \(count): \(line.text)")
          #expect(line.room <= card.textWidth)
          let (start, end) =
            line.anchor == .leading ? (line.x, line.x + measured) : (line.x - measured, line.x)
          #expect(start >= pad - 1e-9 && end <= card.width - pad + 1e-9, "\(script.name) \(count)")
        }
        let titles = card.lines.filter { $0.style == .title }
        #expect(titles.count <= TimelineRow.lineLimits.title)
        let descriptions = card.lines.filter {
          $0.style == .body && $0.fill == palette.secondaryText
        }
        #expect(descriptions.count <= TimelineRow.lineLimits.description)
        let lines = card.lines.filter { $0.anchor == .leading }
        for status in card.lines where status.anchor == .trailing {
          let left = status.x - status.style.width(of: status.text)
          for line in lines where abs(line.baseline - status.baseline) < 8 {
            #expect(line.x + line.style.width(of: line.text) < left, "no overlap")
          }
        }
      }
    }
  }

  @Test func tl2_svgTitleWrapsToTwoLinesAndDescriptionToThreeWithAnEllipsis() {
    let long = String(repeating: "Planned downtime period identified ", count: 20)
    let presentation = SVGFixtures.presentation(
      [
        TimelineItem(
          id: "x", title: long, start: .instant(Fixtures.noon), description: long)
      ])
    let card = SVGCardLayout(
      row: presentation.row(at: 0), width: 300, palette: TimelineTheme.standard.light,
      iconSet: NodeIcons())
    let titles = card.lines.filter { $0.style == .title }.map(\.text)
    let descriptions = card.lines.filter { $0.style == .body }.map(\.text)
    #expect(titles.count == 2 && titles[1].hasSuffix("…") && !titles[0].hasSuffix("…"))
    #expect(descriptions.count == 3 && descriptions[2].hasSuffix("…"))
  }

  @Test func out1_plainTextIsMeasuredAndFittedAsTheClusterWalkWould() {
    // Plain text (ASCII, no-break spaces, dashes, quotes, "…") is measured a code point at
    // a time; the result must be the grapheme-cluster measure's, and wrapping and
    // truncating must give what the core's line breaker gives, at every width.
    for scalar in PlainText.punctuation.sorted() {
      let character = Character(Unicode.Scalar(scalar)!)
      for bold in [false, true] {
        #expect(
          SVGFontMetrics.plainAdvance(of: String(character), bold: bold)?.units
            == SVGFontMetrics.advance(of: character, bold: bold))
      }
    }
    let texts = [
      "", " ", "Calibrate the control panel", "9:45\u{202F}AM", "Nov\u{00A0}21 – 23",
      "“Quoted” and ‘single’ — done…", " leading", "trailing ", "double  space", "x",
      "Wwm Wwm Wwm Wwm Wwm Wwm Wwm Wwm Wwm Wwm", "a\tb", "line\nbreak", "e\u{301}",
      "東京", "🚀 launch", "\u{202F}",
    ]
    for text in texts {
      for style in [SVGTextStyle.title, .body, .timestamp, .timestampBold] {
        let measure = { (character: Character) in
          Double(SVGFontMetrics.advance(of: character, bold: style.bold))
        }
        #expect(
          SVGFontMetrics.width(of: text, size: style.size, bold: style.bold)
            == Double(text.reduce(0) { $0 + Int(measure($1)) }) * style.size / 1000)
        for width in stride(from: 0.0, through: 400, by: 7) {
          let room = Double(style.units(fitting: width))
          let cleaned = SVGTextWrapper.clean(text)
          #expect(
            SVGTextWrapper.truncate(text, style: style, width: width)
              == LineBreaker.truncate(
                cleaned.split(separator: " ").joined(separator: " "), width: room,
                measure: measure), "\(text) at \(width)")
          for maxLines in 0...2 {
            #expect(
              SVGTextWrapper.wrap(text, style: style, width: width, maxLines: maxLines)
                == LineBreaker.wrap(cleaned, width: room, maxLines: maxLines, measure: measure),
              "\(text) at \(width), \(maxLines) lines")
          }
        }
      }
    }
  }

  @Test func out1_svgMeasurementErrsWide() {
    let size = 10.0
    #expect(SVGFontMetrics.width(of: "東京", size: size, bold: false) == 20, "CJK: 1 em")
    #expect(SVGFontMetrics.width(of: "🚀", size: size, bold: false) == 12, "emoji: 1.2 em")
    #expect(SVGFontMetrics.width(of: "👍🏽", size: size, bold: false) == 12, "one cluster")
    #expect(
      SVGFontMetrics.width(of: "e\u{301}", size: size, bold: false)
        == SVGFontMetrics.width(of: "e", size: size, bold: false), "per grapheme cluster")
    #expect(SVGFontMetrics.width(of: "\u{200B}", size: size, bold: false) == 0)
    #expect(SVGFontMetrics.width(of: "ก", size: size, bold: false) >= 10, "other scripts: wide")
    for character in "AaMmWwi0… ß" {
      let regular = SVGFontMetrics.advance(of: character, bold: false)
      #expect(regular > 0 && SVGFontMetrics.advance(of: character, bold: true) >= regular)
    }
    #expect(SVGFontMetrics.tableAdvance(0x41, bold: false) != nil, "ASCII from the table")
    #expect(SVGFontMetrics.tableAdvance(0x0628, bold: false) != nil, "Arabic from the table")
  }

  /// The drawn image: every text inside its clip rectangle (cards), and every text inside
  /// the image.
  @Test(arguments: [240.0, 390, 1024])
  func out1_svgDrawnTextStaysInsideItsClipRectangle(width: Double) throws {
    var items: [TimelineItem] = []
    for (index, script) in Self.scripts.enumerated() {
      for count in [1, 37, 120, 500] {
        items.append(
          SVGFixtures.item(
            "\(script.name)\(count)", "2026-11-\(18 + index)T\(10 + count % 10):00:00Z",
            text: text(script.sample, count: count)))
      }
    }
    let presentation = SVGFixtures.presentation(items, title: text("Title ", count: 300))
    let svgs = [
      SVGRenderer(width: width).render(presentation),
      SVGRenderer(width: width).render(TimelinePreview(presentation, count: 4)),
      SVGRenderer(width: width).render(
        TimelineList(items: items, context: Fixtures.context()), title: "List"),
    ]
    for svg in svgs {
      let parsed = ParsedSVG(svg)
      let imageWidth = parsed.root?.number("width") ?? 0
      for element in parsed.all("text") {
        let size = element.number("font-size")
        let measured = SVGFontMetrics.width(
          of: element.text, size: size, bold: element.attributes["font-weight"] == "700")
        let x = element.number("x")
        let (start, end): (Double, Double) =
          switch element.attributes["text-anchor"] {
          case "end": (x - measured, x)
          case "middle": (x - measured / 2, x + measured / 2)
          default: (x, x + measured)
          }
        #expect(start >= -0.05 && end <= imageWidth + 0.05, "\(element.text)")
        guard let clipID = element.clipID else { continue }
        let clip = try #require(parsed.clipRect(clipID))
        #expect(start >= clip.x - 0.05 && end <= clip.x + clip.width + 0.05, "\(element.text)")
        let baseline = element.number("y")
        #expect(baseline - 0.8 * size >= clip.y - 0.05, "\(element.text)")
        #expect(baseline + 0.25 * size <= clip.y + clip.height + 0.05, "\(element.text)")
      }
    }
  }
}

/// SVG layers keep their text, moving it to a temporary file as it grows (OUT-1): what comes
/// back is what was drawn, in order, however often it moved.
@Suite("OUT-1 SVG layers")
struct SVGLayerTests {
  @Test func out1_aLayerThatMovesToItsTemporaryFileGivesBackWhatWasDrawn() throws {
    let parts: [Markup] = (0..<3_000).map { index in
      .element("text", ["x": String(index)], text: "Row \(index) <b>&\" \u{2068}עברית\u{2069}")
    }
    for indented in [false, true] {
      let moving = SVGLayer(depth: 1, indented: indented, spills: true, memoryLimit: 1_000)
      let staying = SVGLayer(depth: 1, indented: indented, spills: false)
      moving += parts
      staying += parts
      #expect(moving.hasMovedOut && !staying.hasMovedOut)
      let moved = try TextSink.text { sink in try moving.copy(to: sink) }
      let kept = try TextSink.text { sink in try staying.copy(to: sink) }
      #expect(moved == kept)
      var writer = MarkupWriter(
        sink: TextSink.growing(), dialect: .xml, indented: indented, depth: 1)
      let expected = TextSink.text { sink in
        writer = MarkupWriter(sink: sink, dialect: .xml, indented: indented, depth: 1)
        for part in parts {
          MarkupRenderer(dialect: .xml, indented: indented).write(part, to: &writer)
        }
      }
      #expect(moved == expected)
      #expect(moved.contains("Row 2999 &lt;b&gt;&amp;"))
      // Read twice (an image is written once, but a copy must not consume the layer).
      #expect(try TextSink.text { sink in try moving.copy(to: sink) } == moved)
    }
  }
}
