import ArgumentParser
import TimelineCore
import TimelineHTML
import TimelineSVG
import TimelineTerminal
import _TimelineMarkup

/// `timeline render`: the whole timeline, or the timeline list.
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render a timeline document as a timeline, a timeline list or a feed of cards.")

  enum View: String, ExpressibleByArgument, CaseIterable { case timeline, list, cards }

  @OptionGroup var options: CommonOptions
  @OptionGroup var queryOptions: QueryOptions

  @Option(
    name: .customLong("header-unit"),
    help: "Section unit: day, week, month or year (default: the document's).")
  var headerUnit: HeaderUnit?

  @Option(
    name: .customLong("header-format"),
    help: "A localized date skeleton for section headers, e.g. yMMMd.")
  var headerFormat: String?

  @Option(
    help:
      "timeline (sections, nodes, now indicator), list (seed 004's timeline list) or cards (the document's feed of cards)."
  )
  var view: View = .timeline

  @Option(help: "The id of the selected row; with --view cards a card/element[/child] path.")
  var select: String?

  @Option(
    help:
      "The most rows (cards) a standalone HTML page or SVG image holds, around now or --select (default: 5000 rows, 1000 cards). JSON and terminal output are always complete."
  )
  var limit: Int?

  @Flag(
    help:
      "Every row or card in an HTML page or SVG image, however many (a browser may struggle past 100,000)."
  )
  var all = false

  @Option(
    help:
      "With --view cards: vertical, or horizontal (paths left to right, a feed that pages sideways)."
  )
  var layout: CardLayout.Orientation = .vertical

  @Option(
    name: .customLong("fold"),
    help: ArgumentHelp(
      "Sections to fold, each shown as a summary of what it holds: past (every section of past rows) or a section's key: its first day (YYYY-MM-DD), or in a ranked order status-NAME, priority-N, kind-NAME; with past, -KEY shows that past section all the same. Repeatable or comma-separated.",
      valueName: "section"))
  var fold: [String] = []

  /// The sections `--fold` folds; validated before `run()`.
  var folding: SectionFolding { (try? SectionFolding(parsing: fold)) ?? SectionFolding() }

  func validate() throws {
    do { _ = try SectionFolding(parsing: fold) } catch {
      throw ValidationError("--fold: \(error)")
    }
    // The list and the cards show every item by date: a query there would be silently
    // ignored, so it is refused instead.
    guard view != .timeline else { return }
    var given: [String] = []
    if !fold.isEmpty { given.append("--fold") }
    if queryOptions.search != nil { given.append("--search") }
    if !queryOptions.filters.isEmpty { given.append("--filter") }
    if queryOptions.sort != nil { given.append("--sort") }
    if queryOptions.chips.fastFilterList != nil { given.append("--fast-filters") }
    if queryOptions.chips.selectionChips != nil { given.append("--selection-chips") }
    if queryOptions.counter { given.append("--counter") }
    guard given.isEmpty else {
      throw ValidationError(
        "\(given.joined(separator: ", ")) \(given.count == 1 ? "applies" : "apply") to --view "
          + "timeline; --view \(view.rawValue) "
          + "shows every item by date.")
    }
  }

  func run() throws {
    let document = try options.readDocument(cardsKept: cardsKept)
    // A row that is not there cannot be selected: a mistyped id is said, not ignored.
    if let select, view != .cards, !document.items.contains(where: { $0.id == select }) {
      Terminal.writeError(
        "--select \(select) names no item of \(options.file); expected the id of an item")
      throw ExitCode(64)
    }
    let context = options.context(for: document)
    let style = Terminal.style(options.style)
    let theme = try options.theme()
    try options.withOutput { output in
      switch view {
      case .timeline:
        let configuration = TimelineConfiguration(
          headerUnit: headerUnit ?? document.headerUnit,
          headerFormat: headerFormat.map(SectionHeaderFormat.template) ?? .automatic,
          granularity: options.granularity, selectedID: select, folding: folding)
        let presentation = TimelinePresentation(
          document: document, context: context, configuration: configuration,
          query: queryOptions.query)
        let chips = queryOptions.bar?.chips(context: context)
        switch options.format {
        case .json:
          PresentationJSON.write(presentation, bar: chips, to: &output)
          output.write("\n")
        case .terminal:
          queryOptions.writeBar(
            chips, matches: presentation.count, context: context, width: options.outputWidth,
            style: style, to: &output)
          TimelineTerminalRenderer(width: options.outputWidth, style: style)
            .render(presentation, to: &output)
        case .svg:
          // A standalone image of a large timeline holds a window of it, and says which rows
          // it holds and how to see the others (TL-11).
          let (window, note) = noted(
            presentation.pageWindow(limit: pageLimit(5_000), selectedID: select),
            total: presentation.count, format: \.windowFormat, strings: presentation.strings)
          try Self.drawing {
            try SVGRenderer(theme: theme, appearance: options.appearance, width: options.svgWidth)
              .write(presentation, window: window, note: note, to: &output)
          }
        case .html:
          let page = TimelinePage(
            filtered: presentation, document: document, configuration: configuration,
            query: queryOptions, limit: all ? nil : pageLimit(5_000))
          let html = HTMLRenderer(theme: theme)
          html.writePage(
            title: document.title ?? presentation.strings.summaries.timeline,
            locale: context.locale, body: page.body(html: html), to: &output)
        }
      case .cards:
        try renderCards(document, context: context, style: style, theme: theme, to: &output)
      case .list:
        let list = TimelineList(items: document.items, context: context)
        switch options.format {
        case .json:
          PresentationJSON.write(list, to: &output)
          output.write("\n")
        case .terminal:
          ListTerminalRenderer(width: options.outputWidth, style: style).render(list, to: &output)
        case .html:
          // A page of a long list holds a window of it, around today or the selected row,
          // and says so (TL-11).
          let window = listWindow(list)
          let html = HTMLRenderer(theme: theme)
          html.writePage(
            title: document.title ?? list.strings.summaries.timeline, locale: context.locale,
            body: (window.note.map { [Self.noteMarkup($0)] } ?? [])
              + [html.list(list, window: window.rows)], to: &output)
        case .svg:
          let window = listWindow(list)
          try Self.drawing {
            try SVGRenderer(theme: theme, appearance: options.appearance, width: options.svgWidth)
              .write(
                list, title: document.title, window: window.rows, note: window.note, to: &output)
          }
        }
      }
    }
  }

  /// The cards view (CARD-1 … CARD-6).
  func renderCards(
    _ document: TimelineDocument, context: TimelineContext, style: TerminalStyle,
    theme: TimelineTheme, to output: inout CommandOutput
  ) throws {
    let feed = document.cards ?? CardFeed(entries: [])
    var selection: CardEvent?
    if let select {
      guard let event = CardEvent(path: select, in: feed) else {
        Terminal.writeError(
          "--select \(select) names no part of the cards; expected card/element[/child], card/header or card/footer"
        )
        throw ExitCode(64)
      }
      selection = event
    }
    let dates = CardDateFormatter(context: context)
    let strings = TimelineStrings.localized(for: context.locale)
    switch options.format {
    case .json:
      var layout = FeedLayout(
        feed: feed, width: 360, orientation: layout, metrics: TerminalMetrics(),
        dateText: dates.text, strings: strings)
      PresentationJSON.write(&layout, selection: selection, dateText: dates.text, to: &output)
      output.write("\n")
    case .terminal:
      CardsTerminalRenderer(
        width: options.outputWidth, style: style, orientation: layout, selection: selection,
        dateText: dates.text, strings: strings
      )
      .render(feed, to: &output)
    case .html:
      let html = HTMLRenderer(theme: theme)
      let (window, note) = cardsWindow(feed, selection: selection, strings: strings)
      html.writePage(
        title: document.title ?? strings.summaries.cards, locale: context.locale,
        body: (note.map { [Self.noteMarkup($0)] } ?? [])
          + [
            html.cards(
              feed, orientation: layout, selection: selection, window: window,
              dateText: dates.text, strings: strings)
          ], to: &output)
    case .svg:
      let (window, note) = cardsWindow(feed, selection: selection, strings: strings)
      try Self.drawing {
        try SVGRenderer(theme: theme, appearance: options.appearance, width: options.svgWidth)
          .write(
            feed, title: document.title, orientation: layout, selection: selection,
            locale: context.locale, dateText: dates.text, window: window, note: note,
            to: &output)
      }
    }
  }

  /// The cards to keep of a feed of a given length: for a page or an image, those it shows
  /// (see ``cardsWindow(_:selection:strings:)``); the others are only checked. `nil` (all)
  /// for every other output.
  var cardsKept: (@Sendable (Int) -> Range<Int>)? {
    guard view == .cards, !all, [.html, .svg].contains(options.format) else { return nil }
    let (limit, card) = (pageLimit(1_000), select.flatMap(CardEvent.card(ofPath:)))
    return { count in
      CardFeed.pageWindow(limit: limit, selectingCard: card, count: count) ?? 0..<count
    }
  }

  /// The cards a standalone page or image of `feed` holds (1,000 unless `--limit` or `--all`
  /// say otherwise, around `--select`), and the note saying which (TL-11).
  func cardsWindow(
    _ feed: CardFeed, selection: CardEvent?, strings: TimelineStrings
  ) -> (rows: Range<Int>?, note: String?) {
    noted(
      feed.pageWindow(limit: pageLimit(1_000), selecting: selection), total: feed.totalCount,
      format: \.cardsWindowFormat, strings: strings)
  }

  /// The rows a standalone page or image of `list` holds (5,000 unless `--limit` or `--all`
  /// say otherwise, around today or `--select`), and the note saying which (TL-11).
  func listWindow(_ list: TimelineList) -> (rows: Range<Int>?, note: String?) {
    noted(
      list.pageWindow(limit: pageLimit(5_000), selectedID: select), total: list.count,
      format: \.windowFormat, strings: list.strings)
  }

  /// The most rows or cards a page or image holds: `--limit`, else `standard`.
  func pageLimit(_ standard: Int) -> Int { max(1, limit ?? standard) }

  /// `window` unless `--all` asks for everything, and the note (in `format`) saying which
  /// rows or cards it holds of `total` and how to see the others, which ``windowNote`` also
  /// writes to standard error.
  func noted(
    _ window: @autoclosure () -> Range<Int>?, total: Int,
    format: KeyPath<SummaryStrings, String>, strings: TimelineStrings
  ) -> (rows: Range<Int>?, note: String?) {
    guard !all, let window = window() else { return (nil, nil) }
    let words = strings.summaries
    return (
      window, Self.windowNote(words[keyPath: format], window: window, total: total, strings: words)
    )
  }

  /// Runs `draw`, which writes an image; an image whose temporary files fail
  /// is an input/output error (exit 74). A file named by `-o` is then not written; on
  /// standard output, what was written before the failure has gone out.
  static func drawing(_ draw: () throws -> Void) throws {
    do {
      try draw()
    } catch let error as SVGImageError {
      Terminal.writeError("\(error)")
      throw ExitCode(74)
    }
  }

  /// Says on standard error which part of a large document a page holds, and how to see
  /// the rest; the same words go in the page.
  ///
  /// Option names (`--all`, `--from`) are `code` that does not break across lines, so a
  /// narrow page never splits one after its dashes.
  static func noteMarkup(_ note: String) -> Markup {
    var parts: [Markup] = []
    var rest = Substring(note)
    while let name = rest.firstMatch(of: /--[a-z][a-z0-9-]*/) {
      if name.range.lowerBound > rest.startIndex {
        parts.append(.text(String(rest[..<name.range.lowerBound])))
      }
      // Left to right inside right-to-left text, so that `--all` does not read `all--`.
      parts.append(.element("code", ["dir": "ltr"], text: String(name.output)))
      rest = rest[name.range.upperBound...]
    }
    if !rest.isEmpty { parts.append(.text(String(rest))) }
    return .element("p", ["class": "tl-window-note", "role": "note"], parts)
  }

  static func windowNote(
    _ format: String, window: Range<Int>, total: Int, strings: SummaryStrings
  ) -> String {
    let note = strings.format(
      format, numbers: [window.lowerBound + 1, window.upperBound, total])
    Terminal.writeError(note)
    return note
  }
}
