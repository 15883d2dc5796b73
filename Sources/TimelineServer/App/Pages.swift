import Foundation
import TimelineCore
import TimelineHTML
import TimelineImport
import TimelineSVG

/// The app's pages, drawn through TimelineHTML: every user string passes its one escaping
/// function; links and forms work without the script.
struct Pages: Sendable {
  let service: TimelineService
  static let assets = HTMLRenderer.Assets(
    stylesheet: "/static/timeline.css", script: "/static/app.js")

  /// The content type of a page.
  static let html = "text/html; charset=utf-8"

  var locale: Locale { service.configuration.locale }
  /// The words of the app's own pages, in the app's language.
  var appWords: AppStrings { service.words }
  /// The app's colors and node icons.
  var theme: TimelineTheme { service.configuration.theme }

  /// The renderer of a page of `view`, whose rows open their items with `keep` (by default
  /// the view's own parameters: the list passes its own, so that its items lead back to it).
  func renderer(timeline: Int64, view: ViewQuery, keep: [(String, String)]? = nil)
    -> HTMLRenderer
  {
    let keep = HTMLRenderer.query(keep ?? view.viewParameters())
    return HTMLRenderer(
      theme: theme,
      detailLink: { "/timelines/\(timeline)/items/" + HTMLRenderer.percentEncoded($0) + keep },
      // "See All" opens the timeline at now, also without the script (the browser goes to
      // the indicator); a timeline without one opens at its top.
      seeAllLink: "/timelines/\(timeline)#tl-now")
  }

  func page(
    _ title: String, nav: [Markup] = [], body: [Markup], aside: [Markup] = [], html: HTMLRenderer
  ) -> String {
    // With a side sheet, the first stop jumps over the timeline to it.
    let skip: [Markup] =
      aside.isEmpty
      ? []
      : [
        .element(
          "a", ["class": "tl-skip tl-link", "href": "#tl-detail"], text: appWords.skipToItem)
      ]
    // With a token, a signed-in browser can end its session.
    let signOut: [Markup] =
      service.configuration.token == nil
      ? []
      : [
        .element(
          "form", ["class": "tl-signout", "method": "post", "action": "/signout"],
          [.element("button", ["type": "submit", "class": "tl-link"], text: appWords.signOut)])
      ]
    let header: [Markup] = [
      .element(
        "nav", ["class": "tl-app-nav", "aria-label": appWords.appNavigation],
        skip + [.element("a", ["href": "/"], text: appWords.allTimelines)] + nav + signOut),
      .element("p", ["class": "tl-sr", "id": "tl-live", "aria-live": "polite"], text: ""),
    ]
    return html.page(
      title: title, locale: locale, header: header, body: body, aside: aside,
      assets: Self.assets)
  }

  /// The page that says what went wrong: the status's number in its title and sentences in
  /// the page's language (``errorAlert(_:form:)``). Under a timeline's address (an item
  /// deleted meanwhile, a bad value in the address), a link leads back to that timeline.
  func error(_ error: AppError, path: String = "/") -> String {
    var body = [errorAlert(error)]
    let parts = path.split(separator: "/")
    if parts.count >= 2, parts[0] == "timelines", let id = Int64(parts[1]),
      error.missing != .timeline
    {
      body.append(
        .element(
          "p",
          [
            .element(
              "a", ["class": "tl-link", "href": "/timelines/\(id)"], text: appWords.backToTimeline)
          ]))
    }
    return page(
      appWords.format(appWords.errorFormat, number: Int(error.status.code)), body: body,
      html: HTMLRenderer(theme: theme))
  }

  /// What went wrong, announced when the page opens, in the page's language: a sentence by
  /// status, then what is missing (a 404), which value of the address cannot be used (a
  /// 400), or, above a form (`form`), the refused field's label, linking to the field, and
  /// what to fix there (``editFields(_:zone:refill:)``). The server's own detail, in
  /// English, is for the API and the log; a page says no more than it can say in its words.
  func errorAlert(_ error: AppError, form: Bool = false) -> Markup {
    var detail = Markup.empty
    if let missing = error.missing, let text = appWords.missing(missing) {
      detail = .element("p", text: text)
    } else if let parameter = error.parameter {
      // A plain name, isolated (a name written left to right keeps its place in a
      // right-to-left sentence); any other name is a crafted address's, not worth repeating.
      let plain = parameter.utf8.count <= 24 && parameter.allSatisfy { $0.isASCII && $0.isLetter }
      detail = .element(
        "p",
        text: plain
          ? appWords.format(appWords.parameterUnusableFormat, Self.isolated(parameter))
          : appWords.valueUnusable)
    } else if form, let field = error.field, let label = fieldLabel(field) {
      detail = .element(
        "p", ["id": "tl-error-detail"],
        [
          .element("a", ["href": "#tl-field-" + field], text: label),
          .text(appWords.labelSeparator),
          .element("span", text: problem(error)),
        ])
    } else if form {
      // A refusal no field can be named for: still what it is, in the page's words.
      detail = .element("p", ["id": "tl-error-detail"], text: appWords.valueUnusable)
    }
    return .element(
      "div", ["class": "tl-error", "role": "alert"],
      [.element("p", text: appWords.lead(of: error)), detail])
  }

  /// `text` isolated (FSI … PDI), so that it keeps its place in a sentence of the other
  /// direction (a left-to-right name on a right-to-left page, or the reverse).
  static func isolated(_ text: String) -> String { "\u{2068}" + text + "\u{2069}" }

  /// What to fix in a refused field, in the page's language: words for the refusals a
  /// person meets, else that the value cannot be used.
  func problem(_ error: AppError) -> String {
    error.field.flatMap { appWords.problem(field: $0, detail: error.detail) }
      ?? appWords.valueUnusable
  }

  /// `/`: every timeline with its preview strip and "See All (N)" (PV-1 … PV-6).
  func index(_ request: ViewQuery) async throws -> String {
    var entries: [Markup] = []
    for summary in try await service.store.timelines() {
      let info = try await service.info(summary.id)
      var view = try ViewQuery([], defaultLimit: 12)
      view.now = request.now
      view.nowText = request.nowText
      let html = renderer(timeline: summary.id, view: view)
      let presentation = try await service.previewWindow(
        info, now: request.now, count: PreviewSize.regular.itemCount)
      let regular = TimelinePreview(presentation, count: PreviewSize.regular.itemCount)
      let compact = TimelinePreview(presentation, count: PreviewSize.compact.itemCount)
      // A document of cards without timeline items previews its first cards, and "See
      // All" opens the feed.
      if regular.items.isEmpty, (info.cardCount ?? 0) > 0,
        let feed = try await service.store.cards(
          timeline: info.id, from: 0, limit: PreviewSize.regular.itemCount)
      {
        let cards = HTMLRenderer(theme: theme, seeAllLink: "/timelines/\(summary.id)/cards")
        entries.append(
          .element(
            "li",
            [
              cards.cardsPreview(
                feed, title: info.header.title, strings: appWords.core,
                headingID: "tl-preview-\(summary.id)", isLandmark: false)
            ]))
        continue
      }
      // The preview's own heading names the timeline; "See All" and the strip open it. It
      // is an article, not a landmark: timelines may share a title, and no two landmarks of
      // a page may share a name (A11Y-1, axe's landmark-unique).
      entries.append(
        .element(
          "li",
          [
            html.preview(
              regular, compact: compact, headingID: "tl-preview-\(summary.id)",
              isLandmark: false)
          ]))
    }
    let body: [Markup] =
      entries.isEmpty
      ? [
        .element(
          "p", ["class": "tl-empty"],
          text: appWords.noTimelines)
      ]
      : [.element("ul", ["class": "tl-index"], entries)]
    return page(appWords.timelines, body: body, html: HTMLRenderer(theme: theme))
  }

  /// The timeline's window for `view`, with the bar, search, dialog and window links;
  /// `deleted` says above the rows that the reader's item was deleted.
  func timeline(
    _ info: TimelineInfo, view: ViewQuery, dialogOpen: Bool, selectionOpen: FilterKey? = nil,
    selectedID: String? = nil, deleted: Bool = false,
    aside: [Markup] = [], anchor: WindowAnchor? = nil, title: String? = nil
  ) async throws -> String {
    // Without the script, the Sort & Filter dialog edits `editing` (what its form sent) while
    // the page shows the view as applied, until Apply.
    let editing = view
    let view = try view.shown()
    let dialogOpen = dialogOpen || editing.lacksCriterion
    let html = renderer(timeline: info.id, view: view)
    let (presentation, result) = try await service.window(
      info, view: view, anchor: anchor, selectedID: selectedID)
    let base = "/timelines/\(info.id)"
    let words = appWords.core.controls
    let bar = service.bar(view)
    let chips = bar.chips(context: presentation.context, strings: appWords.core)
    let dialogParameters = view.viewParameters() + [("dialog", "1")]
    // The search and the bar stay together; the script keeps them at the top of the screen
    // while windows load above (a long timeline would otherwise scroll them out of reach).
    var controls: [Markup] = [searchForm(base, view: view, words: words)]
    controls.append(
      html.feedbackBar(
        chips, matchCount: result.frame.total, strings: words,
        link: { chip in
          guard chip.kind == .filter, let token = chip.token else {
            return (base, dialogParameters)
          }
          // A chip with the down-arrow leads to its key's selection view (FFB-8).
          if let key = chip.selectionKey {
            return (base, view.viewParameters() + [("select", key.rawValue)])
          }
          return (base, view.viewParameters(filters: bar.toggling(token).activeFilters))
        },
        // FFB-10: without fast filters, hidden until a filter, a sort or a search is applied
        // (the labelled Sort & Filter control stays).
        hidden: !bar.isShown(search: view.search)))
    var body: [Markup] = [.element("div", ["class": "tl-controls"], controls)]
    // The view as it is applied: where Cancel leads without the script, where "Jump to now"
    // and "Add an item" keep it, and the address of its windows.
    let keep = HTMLRenderer.query(view.viewParameters())
    let applied = base + keep
    // The dialog's form sends the view as applied along (`applied`), so that its round
    // trips without the script leave the page as it is.
    let hidden =
      [("q", view.search)].filter { !$0.1.isEmpty }
      + view.nowParameter + [("applied", String(keep.dropFirst()))]
    let offers = try await service.offers(info)
    // A form sent without a criterion (SORT-5) shows none chosen, and the core's error.
    let dialog = SortFilterDialog.standard(
      filters: editing.filters,
      sort: editing.lacksCriterion ? TimelineCore.SortOrder([]) : editing.sort,
      strings: words, attributes: offers.attributes)
    let fast = service.configuration.fastFilters
    body.append(
      html.sortFilterDialog(
        dialog, context: presentation.context, fastFilters: fast, strings: words,
        dateRange: SortFilterDialog.dateRange(in: editing.filters),
        priorityRange: SortFilterDialog.priorityRange(
          in: editing.filters, offered: offers.priorities),
        submit: (action: base, hidden: hidden, open: dialogOpen, cancel: applied)))
    // Each selection view sends its key's values with the rest of the view as it is.
    for key in bar.selectionKeys {
      guard let field = dialog.selection(for: key, bar: bar, strings: words) else { continue }
      let kept =
        view.viewParameters(filters: view.filters.filter { $0.key != key })
      body.append(
        html.selectionDialog(
          field, context: presentation.context, fastFilters: fast, strings: words,
          submit: (action: base, hidden: kept, open: selectionOpen == key, cancel: applied)))
    }
    // A selected item (as after setting its state) that the search or filters now leave out
    // is said to be hidden rather than left to vanish, with the way to see it (TL-9, TL-10).
    if let selectedID, !view.query.selectsEverything,
      !result.items.contains(where: { $0.id == selectedID }),
      let stored = try await service.store.item(timeline: info.id, id: selectedID),
      TimelinePresentation(items: [stored.item], context: presentation.context, query: view.query)
        .isEmpty
    {
      body.append(hiddenSelectionNote(selectedID, base: base, view: view))
    }
    if deleted { body.append(deletedNote) }
    body += windowMarkup(
      presentation, result: result, base: base, view: view, words: words, html: html)
    // Where the script hears of changes (live updates), from this page's revision on, and
    // where it fetches a changed row drawn for this view.
    body.append(
      .element(
        "div",
        [
          "hidden": "", "data-events": base + "/events", "data-revision": String(info.revision),
          "data-fragment": base + "/window" + keep,
          "data-updated": appWords.itemUpdated, "data-deleted": appWords.itemDeleted,
          "data-added": appWords.itemAdded,
        ]))
    // Rows that arrive above the viewport while the page is open are counted here (the script
    // shows it; it brings the reader to them). On the bar of "Jump to now" when there is one,
    // else on a bar of its own: neither covers a row's text.
    let news = Markup.element(
      "button",
      [
        "type": "button", "class": "tl-button tl-primary tl-news", "hidden": "",
        "data-format": appWords.newAboveFormat, "aria-live": "polite",
      ], text: "")
    // "Jump to now" only where there is a now indicator to jump to (TL-6): not on an empty
    // timeline, nor when search and filters leave no rows.
    if result.frame.hasNowIndicator {
      body.append(
        .element(
          "p", ["class": "tl-jump"],
          [
            news,
            .element(
              "a",
              [
                "class": "tl-button tl-primary",
                // The row after the indicator: its window opens at now, even without script.
                "href": applied
                  + (result.frame.nowBeforeID.map { "#" + HTMLRenderer.elementID(forItem: $0) }
                    ?? "")
                  ,
              ],
              text: words.jumpToNow),
          ]))
    } else {
      body.append(.element("p", ["class": "tl-float"], [news]))
    }
    let nav: [Markup] = [
      .element(
        "a",
        [
          "href": base
            + HTMLRenderer.query([("view", "list")] + view.nowParameter)
        ],
        text: appWords.list),
      .element("a", ["href": base + "/cards"], text: appWords.cards),
      .element(
        "a", ["href": base + "/new" + keep],
        text: appWords.addItem),
      exportMenu(info, view: view),
      foldPastLink(base: base, view: view),
    ]
    return page(title ?? info.header.title, nav: nav, body: body, aside: aside, html: html)
  }

  /// "Fold the past" (every section of past rows folded, each saying what it holds), or
  /// "Show the past" when it is folded: the same view otherwise.
  func foldPastLink(base: String, view: ViewQuery) -> Markup {
    let folding = view.folding.foldingPast(!view.folding.past)
    return .element(
      "a", ["href": base + HTMLRenderer.query(view.viewParameters(folding: folding))],
      text: view.folding.past ? appWords.unfoldPast : appWords.foldPast)
  }

  /// The address that folds the section of `key`, or unfolds it (`isFolded`), the others
  /// staying as they are; it opens at that section's header (`#tl-fold-KEY`), in a window
  /// around its day. Unfolding a section that the past folds shows that section alone.
  func foldAddress(base: String, view: ViewQuery) -> @Sendable (String, Bool) -> String {
    { key, isFolded in
      let folding = view.folding.folding(section: key, folded: !isFolded)
      var parameters = view.viewParameters(folding: folding)
      if CalendarDay(parsing: key) != nil { parameters.append(("around", key)) }
      return base + HTMLRenderer.query(parameters) + "#"
        + HTMLRenderer.percentEncoded(HTMLRenderer.foldID(forSection: key))
    }
  }

  /// The exports of the view on screen (its search, filters and sort; every row of it, not
  /// the loaded window), as a disclosure that opens without the script.
  func exportMenu(_ info: TimelineInfo, view: ViewQuery) -> Markup {
    let query = TimelineQuery(search: view.search, filters: view.filters, sort: view.sort)
    let formats = [("json", "JSON"), ("csv", "CSV"), ("ics", "iCalendar"), ("svg", "SVG")]
    let downloads = formats.map { format, name in
      (
        "/api/timelines/\(info.id)/export"
          + HTMLRenderer.query(
            [("format", format)] + query.parameters
              // An image is drawn as the page is, folded sections too.
              + (format == "svg" ? view.foldParameter(view.folding) : [])), name
      )
    }
    let printing = (
      "/timelines/\(info.id)/print" + HTMLRenderer.query(view.viewParameters()), appWords.print
    )
    return .element(
      "details", ["class": "tl-export"],
      [
        .element("summary", text: appWords.exportView),
        .element(
          "ul",
          (downloads + [printing]).map { address, name in
            .element("li", [.element("a", ["href": address], text: name)])
          }),
      ])
  }

  /// `?view=list`: a window of the timeline list (LIST-1, LIST-2), every item by date, around
  /// now (or a cursor's row), between "Earlier" and "Later" links, as `timeline render
  /// --view list` draws it; `deleted` says above the rows that the reader's item was deleted.
  func list(_ info: TimelineInfo, view: ViewQuery, deleted: Bool = false) async throws -> String {
    let context = service.context(info, now: view.now)
    func window(_ anchor: WindowAnchor, limit: Int) async throws -> WindowResult {
      try await service.store.window(
        WindowRequest(
          timeline: info.id, query: TimelineQuery(), anchor: anchor, limit: limit,
          context: context))
    }
    let result = try await window(view.anchor, limit: view.limit)
    // Whether the window's first row starts a day (its dot) depends on the row above it.
    var above: TimelineItem?
    if let before = result.before {
      above = try await window(.before(before), limit: 1).items.last
    }
    let list = TimelineList(
      window: result.items, offset: result.frame.offset, total: result.frame.total,
      above: above, context: context, strings: appWords.core)
    let base = "/timelines/\(info.id)"
    let words = appWords.core.controls
    let kept = view.returnParameters
    func more(_ direction: String, _ cursor: String?, _ text: String) -> Markup {
      guard let cursor else { return .empty }
      return .element(
        "a",
        [
          "class": "tl-more tl-link",
          "href": base + HTMLRenderer.query(kept + [(direction, cursor)]),
        ],
        text: text)
    }
    let html = renderer(timeline: info.id, view: view, keep: kept)
    let rows: Markup =
      list.count == 0
      ? .element("p", ["class": "tl-empty"], text: list.strings.emptyState)
      : html.list(list, label: info.header.title, linked: true)
    let nav: [Markup] = [
      .element(
        "a", ["href": base + HTMLRenderer.query(view.nowParameter)], text: appWords.backToTimeline),
      .element("a", ["href": base + "/cards"], text: appWords.cards),
    ]
    return page(
      info.header.title, nav: nav,
      body: [
        deleted ? deletedNote : .empty, more("before", result.before, words.earlier), rows,
        more("after", result.after, words.later),
      ],
      html: html)
  }

  /// That the reader's item was deleted, after deleting it: read out first (the script
  /// focuses a note; without it, `autofocus` does).
  var deletedNote: Markup {
    .element(
      "p", ["class": "tl-note", "role": "status", "tabindex": "-1", "autofocus": ""],
      text: appWords.itemWasDeleted)
  }

  /// The note that the selected item `id` is hidden by the view's search or filters, and
  /// the link to the same place without them (the sort and folding kept), the item selected.
  func hiddenSelectionNote(_ id: String, base: String, view: ViewQuery) -> Markup {
    var place =
      TimelineQuery(sort: view.sort).parameters + view.foldParameter(view.folding)
      + view.nowParameter
    if case .date(let date) = view.anchor {
      place.append(("around", RFC3339.string(date, in: .gmt)))
    }
    place.append(("selected", id))
    return .element(
      "p", ["class": "tl-note", "role": "status"],
      [
        .text(appWords.selectedHidden + " "),
        .element(
          "a",
          [
            "class": "tl-link",
            "href": base + HTMLRenderer.query(place) + "#" + HTMLRenderer.elementID(forItem: id),
          ], text: appWords.showWithoutFilters),
      ])
  }

  /// The rows of a window between "Earlier" and "Later" links that carry the cursors (the
  /// script loads the next window in place; without it they are plain links).
  func windowMarkup(
    _ presentation: TimelinePresentation, result: WindowResult, base: String, view: ViewQuery,
    words: ControlStrings, html: HTMLRenderer
  ) -> [Markup] {
    let fragment = base + "/window" + HTMLRenderer.query(view.viewParameters())
    func more(_ direction: String, _ cursor: String?, _ text: String) -> Markup {
      guard let cursor else { return .empty }
      return .element(
        "a",
        [
          "class": "tl-more tl-link", "data-direction": direction, "data-cursor": cursor,
          "data-fragment": fragment, "data-loaded": appWords.moreRowsLoaded,
          "href": base + HTMLRenderer.query(view.viewParameters() + [(direction, cursor)]),
        ], text: text)
    }
    return [
      more("before", result.before, words.earlier),
      html.timeline(presentation, foldLink: foldAddress(base: base, view: view)),
      more("after", result.after, words.later),
    ]
  }

  /// A window alone, for the script to add above or below the rows shown.
  /// The most rows a printed view holds.
  static let printedRows = 5_000

  /// The whole view to print (from Export, "Print"): its rows from the first, without the
  /// bar, the dialogs or window links; a note when the view holds more than
  /// ``printedRows``, and a button that opens the browser's print dialog (shown by the
  /// script; without it, the browser's own Print prints the page).
  func printed(_ info: TimelineInfo, view: ViewQuery) async throws -> String {
    let presentation = try await service.wholeView(info, view: view, cap: Self.printedRows)
    let base = "/timelines/\(info.id)"
    var body: [Markup] = [
      .element(
        "p", ["class": "tl-print-tools"],
        [
          .element(
            "button", ["type": "button", "class": "tl-primary", "data-print": "", "hidden": ""],
            text: appWords.print)
        ])
    ]
    // What the view holds: its search, then its filters and sort as the bar's chips say them.
    let chips = service.bar(view).chips(
      context: presentation.context, strings: presentation.strings
    ).filter { $0.isSelected && $0.kind != .counter }.map(\.text)
    let shown =
      (view.search.isEmpty ? [] : [appWords.format(appWords.printedSearchFormat, view.search)])
      + chips
    if !shown.isEmpty {
      body.append(
        .element("p", ["class": "tl-print-view"], text: shown.joined(separator: " · ")))
    }
    if let note = cappedNote(presentation) {
      body.append(.element("p", ["class": "tl-note"], text: note))
    }
    body.append(renderer(timeline: info.id, view: view).timeline(presentation))
    return page(
      info.header.title,
      nav: [
        .element(
          "a", ["href": base + HTMLRenderer.query(view.viewParameters())],
          text: appWords.backToTimeline)
      ], body: body, html: HTMLRenderer(theme: theme))
  }

  /// The whole view as an SVG image (TimelineSVG, as `timeline render --format svg` draws
  /// it): its rows from the first, up to ``printedRows``, with a note when there are more.
  func image(_ info: TimelineInfo, view: ViewQuery) async throws -> String {
    let presentation = try await service.wholeView(info, view: view, cap: Self.printedRows)
    var text = ""
    try SVGRenderer(theme: theme).write(presentation, note: cappedNote(presentation), to: &text)
    return text
  }

  /// What a printed view or image of `presentation` says when the view holds more rows than
  /// it shows; `nil` when it shows them all.
  func cappedNote(_ presentation: TimelinePresentation) -> String? {
    guard let total = presentation.window?.total, total > presentation.count else { return nil }
    return appWords.format(
      appWords.printedRowsFormat, presentation.count.formatted(.number.locale(locale)),
      total.formatted(.number.locale(locale)))
  }

  func fragment(_ info: TimelineInfo, view: ViewQuery) async throws -> String {
    let html = renderer(timeline: info.id, view: view)
    let (presentation, result) = try await service.window(info, view: view)
    let markup: Markup = .element(
      "div",
      [
        "class": "tl-window", "data-before": result.before ?? "", "data-after": result.after ?? "",
        "data-total": String(result.frame.total),
      ],
      [
        html.timeline(
          presentation, id: nil,
          foldLink: foldAddress(base: "/timelines/\(info.id)", view: view))
      ])
    return html.render(markup)
  }

  /// The search field (TL-10) and the visible labelled control that opens Sort & Filter
  /// (FFB-9): a button that sends the view (with the search as typed) to the page with the
  /// dialog open, which the script turns into opening the dialog in place.
  func searchForm(_ base: String, view: ViewQuery, words: ControlStrings) -> Markup {
    var fields: [Markup] = [
      .element("label", ["class": "tl-sr", "for": "tl-q"], text: words.search),
      .element(
        "input",
        [
          "type": "search", "id": "tl-q", "name": "q", "value": view.search,
          "placeholder": words.search,
        ]),
    ]
    for (name, value) in view.viewParameters() where name != "q" {
      fields.append(.element("input", ["type": "hidden", "name": name, "value": value]))
    }
    fields.append(.element("button", ["type": "submit"], text: words.search))
    fields.append(
      .element(
        "button",
        [
          "type": "submit", "name": "dialog", "value": "1", "class": "tl-button tl-open-dialog",
          "aria-haspopup": "dialog", "aria-controls": "tl-sort-filter",
        ], text: words.sortAndFilter))
    return .element(
      "form", ["class": "tl-search", "role": "search", "method": "get", "action": base], fields)
  }
}
