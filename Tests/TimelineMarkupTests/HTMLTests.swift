import Foundation
import SnapshotTesting
import Testing
import TimelineCore
import TimelineHTML
import TimelineImport
import TimelineSVG
import _TimelineTestSupport

@Suite("HTML renderer")
struct HTMLTests {
  static let hostile = [
    "<script>alert(1)</script>", "\" onmouseover=\"alert(1)", "'><img src=x onerror=alert(1)>",
    "</style><script>alert(1)</script>", "]]>", "javascript:alert(1)", "a\u{1}b\u{7}c",
  ]

  func presentation(_ name: String, now: String) throws -> TimelinePresentation {
    let document = try TimelineJSONReader.read(
      path: Fixtures.examplesDirectory.appendingPathComponent(name).path)
    return TimelinePresentation(
      document: document,
      context: Fixtures.context(now: Fixtures.instant(now), zone: document.timeZone.identifier))
  }

  @Test func out1_htmlSeed002WorkPackage() throws {
    let html = HTMLRenderer(indented: true)
    let markup = html.render(
      html.timeline(try presentation("work-package.json", now: "2026-11-21T10:00:00-08:00")))
    #expect(markup.contains("aria-current=\"time\""))
    #expect(markup.contains("<time datetime=\"2015-12-06\">12/6/15</time>"))
    assertSnapshot(of: markup, as: .lines)
  }

  @Test func tl8_aRowAloneIsTheRowThePageHolds() throws {
    let html = HTMLRenderer()
    let presentation = try presentation("work-package.json", now: "2026-11-21T10:00:00-08:00")
    let page = html.render(html.timeline(presentation))
    for index in 0..<presentation.count {
      let alone = html.render(html.row(presentation.row(at: index), strings: presentation.strings))
      #expect(alone.hasPrefix("<li class=\"tl-row\""))
      #expect(page.contains(alone), "row \(index)")
    }
  }

  @Test func a11y1_rowsAreLinksLabelledItemIOfN() throws {
    let html = HTMLRenderer()
    let markup = html.render(
      html.timeline(try presentation("work-package.json", now: "2026-11-21T10:00:00-08:00")))
    #expect(markup.contains("aria-label=\"Item 3 of 7, 9:45"))
    #expect(
      markup.contains("role=\"group\" aria-label=\"Item 1 of 7, 12/6/15, Start, Project Start\""))
  }

  @Test func tl6_emptyTimelineRendersTheEmptyState() throws {
    let html = HTMLRenderer()
    let markup = html.render(
      html.timeline(try presentation("empty.json", now: "2026-11-21T10:00:00Z")))
    #expect(markup.contains("<p class=\"tl-empty\" role=\"status\">No items</p>"))
    #expect(!markup.contains("aria-current"))
  }

  @Test func tl11_aWindowRendersOnlyItsRows() throws {
    let items = (0..<10_000).map {
      TimelineItem(
        id: "i\($0)", title: "Item \($0)", start: .instant(Fixtures.noon + Double($0) * 600))
    }
    let presentation = TimelinePresentation(items: items, context: Fixtures.context())
    let html = HTMLRenderer()
    let markup = html.render(html.timeline(presentation, window: 5_000..<5_010))
    #expect(markup.components(separatedBy: "class=\"tl-row\"").count == 11)
    #expect(markup.contains("start=\"5001\""))
  }

  @Test func sec1_escapingIsOneFunctionForTextAndAttributes() {
    #expect(
      MarkupEscaping.escape("<a href='x'>\"&\"</a>")
        == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;")
    #expect(MarkupEscaping.escape("a\u{1}b\u{FFFF}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
    let rendered = MarkupRenderer().render(
      .element("p", ["title": "\" onmouseover=\"x"], text: "</p><script>"))
    #expect(rendered == "<p title=\"&quot; onmouseover=&quot;x\">&lt;/p&gt;&lt;script&gt;</p>")
  }

  /// HTML drops one line break right after `<pre>` or `<textarea>`: a text that starts
  /// with one (LF, CRLF or CR) gets another, so that the control shows it; XML keeps its
  /// text as it is.
  @Test(arguments: ["\nA", "\r\nA", "\rA"])
  func io1_aTextAreaKeepsALeadingLineBreak(text: String) {
    for name in ["textarea", "pre"] {
      #expect(
        MarkupRenderer().render(.element(name, text: text)) == "<\(name)>\n\(text)</\(name)>")
    }
    #expect(
      MarkupRenderer().render(.element("textarea", text: "A\n")) == "<textarea>A\n</textarea>")
    #expect(
      MarkupRenderer(dialect: .xml).render(.element("text", text: text)) == "<text>\(text)</text>")
  }

  @Test func sec1_hostileStringsInEveryFieldRenderAsInertText() {
    var items: [TimelineItem] = []
    for (index, text) in Self.hostile.enumerated() {
      items.append(
        TimelineItem(
          id: text + "\(index)", kind: .event, title: text, subtitle: text,
          start: .instant(Fixtures.noon), statusLabel: text,
          substatusLabel: text, description: text, supportingText: text, attributes: [text, text],
          icon: text))
    }
    let presentation = TimelinePresentation(
      items: items, title: Self.hostile[0], context: Fixtures.context())
    let html = HTMLRenderer()
    let chips = FilterFeedbackBar(fastFilters: [
      .init(try! FilterToken(.attribute, Self.hostile[1]))
    ]).chips(context: Fixtures.context())
    let page = html.page(
      title: Self.hostile[3], locale: Locale(identifier: "en_US"),
      body: [
        html.feedbackBar(chips, matchCount: 1, strings: .english), html.timeline(presentation),
        html.preview(TimelinePreview(presentation, count: 4)),
      ])
    #expect(page.components(separatedBy: "<script").count == 2, "only the library's own script")
    #expect(
      page.range(of: #"\son[a-z]+\s*=\s*""#, options: .regularExpression) == nil,
      "no event handler attribute")
    #expect(!page.contains("<img"))
    #expect(page.components(separatedBy: "</style>").count == 2)
    #expect(!page.contains("\u{1}"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test func tl13_themeColorsAndIconsAreCustomizedTogetherAndValidated() {
    var theme = TimelineTheme.standard
    theme.light.accent = CSSValue("#8a2be2")!
    theme.icons.checkmark = NodeIconPath("M3 8l3 3 7-7")!
    #expect(CSSValue("red;}</style><script>") == nil)
    #expect(NodeIconPath("M0 0\"/><script>") == nil)
    let html = HTMLRenderer(theme: theme)
    let page = html.page(
      title: "t", locale: Locale(identifier: "en_US"), body: [html.node(.completed, tone: .accent)])
    #expect(page.contains("--tl-accent: #8a2be2;"))
    #expect(page.contains("d=\"M3 8l3 3 7-7\""))
  }

  @Test(arguments: [TimelineTheme.standard.light, TimelineTheme.standard.dark])
  func a11y1_themeTextAndNodesMeetWCAGAA(palette: TimelineTheme.Palette) {
    #expect(palette.contrastProblems == [])
    for background in [palette.background, palette.surface, palette.highlight, palette.selected] {
      for foreground in [palette.text, palette.secondaryText, palette.accent] {
        #expect(
          Contrast.ratio(foreground, background)! >= 4.5,
          "\(foreground.value) on \(background.value)")
      }
      // Nodes and lines are graphics: 3:1 (WCAG 1.4.11).
      #expect(Contrast.ratio(palette.neutral, background)! >= 3)
      #expect(
        Contrast.ratio(palette.border, background)! >= 3 || background == palette.highlight
          || background == palette.selected)
    }
  }

  @Test func tl1_rightToLeftLocalesMirrorThePage() {
    let html = HTMLRenderer()
    #expect(
      html.page(title: "t", locale: Locale(identifier: "ar_EG"), body: []).contains(
        "<html lang=\"ar\" dir=\"rtl\">"))
    #expect(
      html.page(title: "t", locale: Locale(identifier: "de_DE"), body: []).contains(
        "<html lang=\"de\" dir=\"ltr\">"))
  }

  @Test func ffb8_chipsAreToggleButtonsWithAriaPressed() {
    let bar = FilterFeedbackBar(
      fastFilters: [
        .init(try! FilterToken(parsing: "status=open")),
        .init(try! FilterToken(parsing: "status=completed")),
      ],
      activeFilters: [try! FilterToken(parsing: "status=completed")],
      sort: SortOrder([SortCriterion(.priority, .descending)]))
    let html = HTMLRenderer()
    let markup = html.render(
      html.feedbackBar(bar.chips(context: Fixtures.context()), matchCount: 3, strings: .english))
    #expect(markup.contains("aria-pressed=\"true\" data-filter=\"status=completed\""))
    #expect(markup.contains("aria-pressed=\"false\" data-filter=\"status=open\""))
    #expect(markup.contains("aria-haspopup=\"dialog\""))
    #expect(markup.contains(">3 results</p>"))
  }

  @Test func sort2_sort4_dialogShowsHandlesAndContextualDirections() throws {
    var sort = MultiSortModel(order: SortOrder([SortCriterion(.priority, .descending)]))
    sort.select(.date)
    let html = HTMLRenderer()
    let markup = html.render(html.sortFilterDialog(SortFilterDialog(fields: [], sort: sort)))
    #expect(markup.contains(">High to Low</button>"))
    #expect(markup.contains(">Oldest first</button>"))
    let title = try #require(markup.range(of: "data-field=\"title\""))
    let titleTag = markup[title.lowerBound...].prefix { $0 != ">" }
    #expect(titleTag.contains("data-selected=\"false\""))
    #expect(titleTag.contains("draggable=\"false\""))
    // Reset's target: the core's default order and choices.
    #expect(titleTag.contains("data-default-selected=\"false\""))
    #expect(markup.contains("aria-live=\"assertive\""))
  }

  /// The bar, the dialog and the words the page script writes follow the locale; user
  /// text in them is escaped like everywhere else.
  @Test func ffb9_sort4_barAndDialogSpeakTheLocale() throws {
    let context = Fixtures.context(locale: "de_DE")
    let bar = FilterFeedbackBar(
      fastFilters: [.init(try FilterToken(parsing: "status=open"))],
      activeFilters: [try FilterToken(parsing: "status=open")],
      sort: SortOrder([SortCriterion(.priority, .descending)]))
    var sort = MultiSortModel(order: SortOrder([SortCriterion(.priority, .descending)]))
    sort.select(.date)
    let html = HTMLRenderer()
    let words = ControlStrings.localized(for: context.locale)
    let markup = html.render(
      .element(
        "div",
        [
          html.feedbackBar(bar.chips(context: context), matchCount: 3, strings: words),
          html.sortFilterDialog(
            SortFilterDialog(
              fields: [
                .init(
                  key: .status, title: words.status,
                  options: [try FilterToken(parsing: "status=open")])
              ], sort: sort), context: context),
        ]))
    for text in [
      ">Sortiert nach: Priorität, Absteigend</span>", ">3 Ergebnisse</p>",
      "aria-label=\"Filterleiste\"",
      "data-one-result=\"1 Ergebnis\"", "data-results=\"%d Ergebnisse\"",
      "data-sort-chip=\"Sortiert nach: %@\"", ">Sortieren &amp; Filtern</h2>",
      ">Sortieren nach</legend>", ">Absteigend</button>", ">Älteste zuerst</button>",
      "aria-label=\"Priorität verschieben\"", ">Zurücksetzen</button>", ">Abbrechen</button>",
      ">Anwenden</button>", "<legend>Status</legend>", " Offen</span>",
    ] {
      #expect(markup.contains(text), "\(text)")
    }
    #expect(!markup.contains("Sort By"))
    var hostile = ControlStrings.english
    hostile.oneResult = "<b onmouseover=\"x\">1</b>"
    let escaped = html.render(html.feedbackBar([], matchCount: 1, strings: hostile))
    #expect(!escaped.contains("<b "))
    #expect(escaped.contains("&lt;b onmouseover=&quot;x&quot;&gt;1&lt;/b&gt;"))
  }
}

@Suite("HTML cards")
struct HTMLCardsTests {
  @Test func card4_card5_feedIsARoleFeedOfArticlesWithEventLinks() throws {
    let feed = try TimelineJSONReader.read(
      path: Fixtures.examplesDirectory.appendingPathComponent("cards.json").path
    ).cards!
    let html = HTMLRenderer(indented: true)
    let markup = html.render(
      html.cards(
        feed, selection: .elementSelected(card: 0, element: 2),
        dateText: CardDateFormatter(context: Fixtures.context()).text, strings: .english))
    #expect(markup.contains("role=\"feed\""))
    #expect(markup.contains("aria-posinset=\"1\" aria-setsize=\"3\""))
    #expect(
      markup.contains(
        "id=\"card-0-1-0\" href=\"#card-0-1-0\" data-event=\"0/1/0\" data-event-type=\"selectChild\""
      ))
    #expect(markup.contains("data-event=\"0/header\" data-event-type=\"touchHeader\""))
    #expect(
      markup.contains("data-event=\"0/2\" data-event-type=\"selectElement\" aria-current=\"true\""))
    #expect(markup.contains("--tl-card-border:#8a2be2"))
    assertSnapshot(of: markup, as: .lines)
  }

  @Test func card5_aWindowRendersOnlyItsCards() {
    let feed = CardFeed(
      entries: (0..<100_000).map {
        .init(card: TimelineCard(elements: [.item(CardItem(title: "Card \($0)"))]))
      })
    let html = HTMLRenderer()
    let markup = html.render(
      html.cards(
        feed, window: 50_000..<50_005,
        dateText: CardDateFormatter(context: Fixtures.context()).text, strings: .english))
    #expect(markup.components(separatedBy: "<article").count == 6)
    #expect(markup.contains("aria-posinset=\"50001\" aria-setsize=\"100000\""))
  }

  /// A feed that holds only a window of its cards (read for a page) renders that window,
  /// selection and all, exactly as the whole feed does; the HTML page and the SVG image.
  @Test func card5_tl11_aFeedHoldingOnlyItsWindowRendersAsTheWholeFeed() throws {
    let whole = CardFeed(
      entries: (0..<40).map { index in
        .init(
          header: CardChrome(title: "Card \(index)"),
          card: TimelineCard(elements: [
            .item(CardItem(title: "Task \(index)")),
            .group(CardItem(title: "Group"), children: [CardItem(title: "Child \(index)")]),
          ]))
      }, paddingBetweenCards: 12)
    var held = whole
    held.entries = Array(whole.entries[10..<25])
    (held.cardsBefore, held.cardsAfter) = (10, 15)
    let selection = try #require(CardEvent(path: "17/1/0", in: held))
    #expect(CardEvent(path: "17/1/0", in: whole) == selection)
    let window = held.pageWindow(limit: 15, selecting: selection)
    #expect(window == 12..<27 && whole.pageWindow(limit: 15, selecting: selection) == window)
    let shown = 12..<25
    let html = HTMLRenderer()
    let dateText = CardDateFormatter(context: Fixtures.context()).text
    func page(_ feed: CardFeed) -> String {
      html.render(
        html.cards(
          feed, selection: selection, window: shown, dateText: dateText, strings: .english))
    }
    #expect(page(held) == page(whole))
    #expect(page(held).components(separatedBy: "<article").count == 14)
    func image(_ feed: CardFeed) -> String {
      SVGRenderer().render(
        feed, selection: selection, locale: Locale(identifier: "en_US"), dateText: dateText,
        window: shown)
    }
    #expect(image(held) == image(whole))
  }
}
