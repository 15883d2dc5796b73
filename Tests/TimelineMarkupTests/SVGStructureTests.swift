import Foundation
import Testing
import TimelineCore
import TimelineHTML
import TimelineSVG
import _TimelineTestSupport

/// What the SVG images say, read back from the markup: accessibility, nodes, lines, the now
/// indicator, highlight, selection, themes, preview and list.
@Suite("SVG structure")
struct SVGStructureTests {
  func workPackage(
    _ renderer: SVGRenderer = SVGRenderer(),
    configure: (inout TimelineConfiguration) -> Void = { _ in }
  ) throws -> ParsedSVG {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow, configure: configure)
    return ParsedSVG(renderer.render(presentation))
  }

  @Test func a11y1_svgHasTitleAndDesc() throws {
    let svg = try workPackage()
    let root = try #require(svg.root)
    #expect(root.name == "svg" && root.attributes["role"] == "img")
    let title = try #require(svg.all("title").first)
    let desc = try #require(svg.all("desc").first)
    #expect(title.parent == 0 && desc.parent == 0, "children of the root")
    #expect(title.text == "Line 4 maintenance")
    #expect(desc.text == "7 items in 6 sections, now before Planned Downtime Period Identified")
    let labelledBy = root.attributes["aria-labelledby"]?.split(separator: " ").map(String.init)
    #expect(labelledBy == [title.attributes["id"], desc.attributes["id"]].compactMap { $0 })
    #expect(root.attributes["xml:lang"] == "en-US")
    #expect(root.attributes["font-family"] == "'Noto Sans', 'DejaVu Sans', sans-serif")
  }

  @Test func a11y1_svgPreviewAndListHaveTitleAndDesc() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow)
    let preview = ParsedSVG(SVGRenderer().render(TimelinePreview(presentation, count: 2)))
    #expect(preview.all("title").first?.text == "Line 4 maintenance")
    #expect(preview.all("desc").first?.text.hasPrefix("2 of 7 items: Planned Downtime") == true)
    let document = try SVGFixtures.document("appointments.json")
    let list = ParsedSVG(
      SVGRenderer().render(TimelineList(items: document.items, context: Fixtures.context())))
    #expect(list.root?.attributes["role"] == "img")
    #expect(list.all("desc").first?.text == "8 items on 4 days")
  }

  /// The image's description is in the language its `xml:lang` names.
  @Test func a11y1_svgDescriptionsSpeakTheLocale() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow, locale: "de_DE")
    let svg = ParsedSVG(SVGRenderer().render(presentation))
    #expect(svg.root?.attributes["xml:lang"] == "de-DE")
    #expect(
      svg.all("desc").first?.text
        == "7 Einträge, 6 Abschnitte, jetzt vor Planned Downtime Period Identified")
    let preview = ParsedSVG(
      SVGRenderer().render(
        TimelinePreview(presentation, count: 2)))
    #expect(preview.all("desc").first?.text.hasPrefix("2 von 7 Einträge: Planned") == true)
    let feed = CardFeed(entries: [.init(card: TimelineCard(elements: []))])
    let cards = ParsedSVG(
      SVGRenderer().render(
        feed, locale: Locale(identifier: "fr_FR"),
        dateText: CardDateFormatter(context: Fixtures.context(locale: "fr_FR")).text))
    #expect(cards.all("title").first?.text == "Cartes")
    #expect(cards.all("desc").first?.text == "1 carte")
  }

  @Test func tl5_svgNodesDifferByShapeFillAndIcon() {
    let kinds: [(ItemKind, ItemStatus)] = [
      (.event, .open), (.event, .inProgress), (.event, .completed), (.event, .empty),
      (.start, .open), (.end, .open), (.inactive, .open), (.earlyEnd, .open),
    ]
    let icons = NodeIcons()
    for (index, (kind, status)) in kinds.enumerated() {
      let node = Node(kind: kind, status: status)
      let item = TimelineItem(
        id: "x", kind: kind, title: "x", start: .instant(Fixtures.noon), status: status)
      let svg = ParsedSVG(SVGRenderer().render(SVGFixtures.presentation([item])))
      let shape = node.shape == .circle ? "circle" : node.shape == .diamond ? "polygon" : "rect"
      let outline = svg.elements.filter { $0.name == shape && $0.attributes["stroke-width"] == "2" }
      #expect(outline.count == 1, "\(node) as \(shape) (#\(index))")
      #expect(
        (outline.first?.attributes["fill"] == TimelineTheme.standard.light.accent.value)
          == node.isFilled, "\(node) fill")
      let paths = svg.all("path").compactMap { $0.attributes["d"] }
      let expected: NodeIconPath? =
        switch node.icon {
        case .none: nil
        case .checkmark: icons.checkmark
        case .ellipsis: icons.ellipsis
        case .slash: icons.slash
        case .bar: icons.bar
        }
      #expect(paths == (expected.map { [$0.data] } ?? []), "\(node) icon")
    }
  }

  /// Done is done (TL-5): a completed item ahead of time is the accent-filled checkmark in
  /// the SVG timeline, its line stays neutral and dashed; the HTML node says the same.
  @Test func tl5_aCompletedFutureNodeIsAccentInSVGAndHTMLAndItsLineKeepsItsTense() throws {
    let presentation = SVGFixtures.presentation([
      Fixtures.event("doneAhead", "2026-11-23T10:00:00Z", status: .completed),
      Fixtures.event("openAhead", "2026-11-24T10:00:00Z"),
    ])
    let palette = TimelineTheme.standard.light
    let svg = ParsedSVG(SVGRenderer().render(presentation))
    let nodes = svg.all("circle").filter { $0.attributes["stroke-width"] == "2" }
    #expect(nodes.count == 2)
    #expect(nodes.first?.attributes["fill"] == palette.accent.value, "accent fill")
    #expect(nodes.first?.attributes["stroke"] == palette.accent.value)
    #expect(nodes.last?.attributes["stroke"] == palette.neutral.value, "open ahead: neutral")
    let axis = svg.all("line").filter { $0.attributes["x1"] == $0.attributes["x2"] }
    #expect(!axis.isEmpty)
    #expect(axis.allSatisfy { $0.attributes["stroke"] == palette.neutral.value })
    #expect(axis.allSatisfy { $0.attributes["stroke-dasharray"] != nil })
    let preview = ParsedSVG(SVGRenderer().render(TimelinePreview(presentation, count: 2)))
    let previewNodes = preview.all("circle").filter { $0.attributes["stroke-width"] == "2" }
    #expect(previewNodes.first?.attributes["fill"] == palette.accent.value)

    let html = HTMLRenderer()
    let row = html.render(html.row(presentation.row(at: 0), strings: presentation.strings))
    #expect(row.contains("data-tone=\"accent\" data-filled=\"true\" data-node=\"completed\""))
    #expect(row.contains("class=\"tl-seg tl-seg-trail\" data-tone=\"neutral\""))
  }

  @Test func tl4_tl7_svgLinesAreSolidForAccentAndDashedForNeutral() throws {
    let svg = try workPackage()
    let axis = svg.all("line").filter { $0.attributes["x1"] == $0.attributes["x2"] }
    #expect(!axis.isEmpty)
    for line in axis {
      let neutral = line.attributes["stroke"] == "#5b6570"
      #expect((line.attributes["stroke-dasharray"] != nil) == neutral)
    }
    let top = try #require(axis.compactMap { Double($0.attributes["y1"] ?? "") }.min())
    #expect(axis.allSatisfy { Double($0.attributes["y1"] ?? "") != nil }, "every line has a y1")
    let firstNode = try #require(svg.all("polygon").first)
    // The diamond's top point is its first one ("x,y x,y …").
    let points = try #require(firstNode.attributes["points"]).split(separator: " ")
    let topPoint = try #require(points.first).split(separator: ",")
    let topY = try #require(topPoint.last)
    let nodeTop = try #require(Double(topY))
    #expect(top >= nodeTop, "no line above the start marker")
  }

  @Test func tl4_svgCurrentRowsAreHighlightedWithTheTodayMarker() throws {
    let svg = try workPackage()
    let highlighted = svg.all("rect").filter { $0.attributes["fill"] == "#e5f0fa" }
    #expect(highlighted.count == 2, "the two current cards")
    let pills = svg.all("rect").filter {
      $0.attributes["fill"] == "none"
        && $0.attributes["stroke"] == TimelineTheme.standard.light.accent.value
    }
    #expect(pills.count == 2, "two timestamps encircled")
  }

  @Test func tl6_svgExactlyOneNowIndicatorBeforeTheFirstCurrentRow() throws {
    let svg = try workPackage()
    let labels = svg.all("text").filter { $0.text == "Now" }
    #expect(labels.count == 1)
    let current = try #require(svg.all("text").first { $0.text.hasPrefix("9:45") })
    #expect(labels[0].number("y") < current.number("y"))
  }

  @Test func tl8_svgSelectedCardShowsTheSelectedBackground() throws {
    let svg = try workPackage { $0.selectedID = "replace" }
    let selected = svg.all("rect").filter { $0.attributes["fill"] == "#d9e6f2" }
    #expect(selected.count == 1)
    #expect(selected.first?.attributes["stroke-width"] == "2", "not by color alone")
  }

  @Test func tl13_svgThemeColorsAndIconsAreCustomizable() throws {
    var theme = TimelineTheme.standard
    theme.light.accent = try #require(CSSValue("#8a2be2"))
    theme.icons.checkmark = try #require(NodeIconPath("M4 8l3 3 5-6"))
    let svg = try workPackage(SVGRenderer(theme: theme))
    #expect(svg.elements.contains { $0.attributes["stroke"] == "#8a2be2" })
    #expect(
      !svg.elements.contains {
        $0.attributes["stroke"] == TimelineTheme.standard.light.accent.value
      })
    #expect(svg.all("path").contains { $0.attributes["d"] == "M4 8l3 3 5-6" })
  }

  @Test func out1_svgDarkAppearanceUsesTheDarkPalette() throws {
    let svg = try workPackage(SVGRenderer(appearance: .dark))
    let background = try #require(svg.all("rect").first { $0.parent == 0 })
    #expect(background.attributes["fill"] == TimelineTheme.standard.dark.background.value)
    #expect(!svg.elements.contains { $0.attributes["fill"] == "#ffffff" })
  }

  @Test func tl12_svgWideImagesCenterTheTimeline() throws {
    let svg = try workPackage(SVGRenderer(width: 1600))
    let rules = svg.all("line").filter { $0.attributes["y1"] == $0.attributes["y2"] }
    let header = try #require(rules.first)
    #expect(header.number("x1") == 1600 - header.number("x2"))
    #expect(header.number("x2") - header.number("x1") == 800)
  }

  @Test func pv5_svgPreviewLineStopsAtTheLastObject() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow)
    for count in 1...4 {
      let svg = ParsedSVG(SVGRenderer().render(TimelinePreview(presentation, count: count)))
      let lines = svg.all("line").filter { $0.attributes["y1"] == $0.attributes["y2"] }
      #expect(lines.count == count - 1)
    }
  }

  @Test func list2_svgLineHalvesAndADotPerDay() throws {
    let document = try SVGFixtures.document("appointments.json")
    let list = TimelineList(items: document.items, context: Fixtures.context())
    let svg = ParsedSVG(SVGRenderer().render(list))
    #expect(svg.all("circle").count == 4, "one dot per day")
    #expect(
      svg.all("line").count == 2 * list.count - 2, "no half above the first or below the last")
    #expect(
      svg.all("text").filter { $0.text == "Sat" }.count == 1, "the label on the day's first row")
  }

  /// Every weekday is written whole, also in locales whose short weekdays are long or drawn
  /// wide (Arabic, Tamil, Greek, Vietnamese): the date column grows to the widest, at most
  /// a quarter of the image, and stays 44 wide for English.
  @Test(arguments: ["en_US", "ar", "ta", "el", "vi", "de_DE"])
  func list1_svgWeekdaysAreNeverCutShort(locale: String) throws {
    let start = Fixtures.instant("2026-11-16T09:00:00Z")
    let items = (0..<14).map { index in
      TimelineItem(
        id: "d\(index)", title: "Day \(index)",
        start: .instant(start.addingTimeInterval(Double(index) * 86_400)))
    }
    let list = TimelineList(items: items, context: Fixtures.context(locale: locale))
    let svg = ParsedSVG(SVGRenderer(width: 390).render(list))
    let labels = svg.all("text").filter { $0.attributes["font-size"] == "12" }
    #expect(labels.count == 14)
    let weekdays = Set(list.weekdayLabels)
    #expect(weekdays.count == 7)
    for label in labels {
      let text = label.text.filter { $0 != "\u{2068}" && $0 != "\u{2069}" }
      #expect(weekdays.contains(text), "\(locale): \(text)")
    }
    // The line's distance from the leading edge (the right one in Arabic).
    let dot = try #require(svg.all("circle").first?.attributes["cx"].flatMap(Double.init))
    let lineX = min(dot, 390 - dot)
    #expect(locale == "en_US" ? lineX == 12 + 44 + 12 : lineX <= 12 + 97 + 12)
  }
}

/// An image written to an output keeps its drawing as text that moves to temporary files as
/// it grows, rather than as a tree: the bytes must be those of the image made as one string.
@Suite("OUT-1 streamed images")
struct StreamedSVGTests {
  @Test func out1_tl11_anImageWrittenAsItIsDrawnIsTheImageMadeAsOneString() throws {
    // 12,000 rows over many days, with hostile text: well past the 4 MB a layer keeps in
    // memory, so every layer moves to its temporary file at least once.
    let start = Fixtures.instant("2026-06-01T00:00:00Z")
    let items = (0..<12_000).map { index in
      TimelineItem(
        id: "i\(index)", title: "Task \(index) <b>&\"", subtitle: "Step \(index % 7)",
        start: .instant(start.addingTimeInterval(Double(index) * 1_800)),
        status: index % 3 == 0 ? .completed : .open, statusLabel: nil)
    }
    let presentation = SVGFixtures.presentation(items, title: "Plant")
    for indented in [false, true] {
      let renderer = SVGRenderer(width: 390, indented: indented)
      let whole = renderer.render(presentation)
      var streamed = ""
      try renderer.write(presentation, to: &streamed)
      #expect(whole.utf8.count > 2 * (4 << 20))
      #expect(streamed == whole)
      #expect(whole.hasSuffix("</svg>"))
      let list = TimelineList(items: items, context: Fixtures.context())
      var streamedList = ""
      try renderer.write(list, title: "Plant", to: &streamedList)
      #expect(streamedList == renderer.render(list, title: "Plant"))
    }
  }
}
