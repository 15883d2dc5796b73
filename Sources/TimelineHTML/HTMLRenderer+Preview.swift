import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// The timeline preview (PV-1 … PV-5): a header with the optional title and "See All
  /// (N)", and a read-only strip that opens the full timeline when activated anywhere.
  ///
  /// - Parameters:
  ///   - preview: the strip's objects and its "See All" action.
  ///   - compact: the selection for compact widths (PV-2); when given, objects outside it
  ///     are hidden on compact container widths.
  ///   - headingID: the id of the title, unique in the page (several previews share one
  ///     page in a list of timelines).
  ///   - isLandmark: whether the preview is a region landmark named by its title, as on a
  ///     page of its own; a list of previews passes `false` and each is an article named by
  ///     its title instead, since the landmarks of a page need distinct names and several
  ///     timelines may share a title (A11Y-1).
  public func preview(
    _ preview: TimelinePreview, compact: TimelinePreview? = nil,
    headingID: String = "tl-preview-title", isLandmark: Bool = true
  ) -> Markup {
    var strips = [
      strip(preview, className: compact == nil ? "tl-strip" : "tl-strip tl-strip-regular")
    ]
    if let compact { strips.append(strip(compact, className: "tl-strip tl-strip-compact")) }
    return previewFrame(
      title: preview.heading, seeAll: preview.seeAll.label,
      strips: preview.items.isEmpty ? [] : strips, emptyText: preview.emptyText,
      headingID: headingID, isLandmark: isLandmark)
  }

  /// The preview of a feed of cards, for a document that has cards and no timeline items:
  /// a header with `title` and "See All (N)" (N cards, to ``seeAllLink``, the feed), and a
  /// read-only strip of the first cards, each by its name (`CardFeed.Entry.name` in TimelineCore), as
  /// many as a preview strip shows: 2 on compact widths, 4 on regular ones.
  /// A list of previews passes `isLandmark: false`, as for ``preview(_:compact:headingID:isLandmark:)``.
  public func cardsPreview(
    _ feed: CardFeed, title: String, strings: TimelineStrings,
    headingID: String = "tl-preview-title", isLandmark: Bool = true
  ) -> Markup {
    func strip(_ size: PreviewSize, className: String) -> Markup {
      let cards: [Markup] = feed.entries.prefix(size.itemCount).map { entry in
        .element(
          "li",
          [
            .element(
              "p", ["class": "tl-card-name", "dir": "auto"],
              text: entry.name ?? strings.summaries.cards)
          ])
      }
      return .element("ol", ["class": className], cards)
    }
    let strips = [
      strip(.regular, className: "tl-strip tl-strip-regular tl-cards-strip"),
      strip(.compact, className: "tl-strip tl-strip-compact tl-cards-strip"),
    ]
    return previewFrame(
      title: title, seeAll: strings.seeAll(feed.totalCount),
      strips: feed.entries.isEmpty ? [] : strips, emptyText: strings.emptyState,
      headingID: headingID, isLandmark: isLandmark)
  }

  /// What every preview is: a head with the title and "See All", then the strips as one
  /// link to ``seeAllLink``; with no strips, `emptyText` (a strip would be a link with
  /// nothing in it). A region landmark named by the title, or an article (`isLandmark`).
  private func previewFrame(
    title: String, seeAll: String, strips: [Markup], emptyText: String, headingID: String,
    isLandmark: Bool
  ) -> Markup {
    let head: [Markup] = [
      .element("h2", ["id": headingID, "dir": "auto"], text: title),
      .element("a", ["href": seeAllLink, "class": "tl-see-all"], text: seeAll),
    ]
    let body: Markup =
      strips.isEmpty
      ? .element("p", ["class": "tl-empty"], text: emptyText)
      : .element("a", ["class": "tl-preview-link", "href": seeAllLink], strips)
    return .element(
      isLandmark ? "section" : "article", ["class": "tl-preview", "aria-labelledby": headingID],
      [.element("div", ["class": "tl-preview-head"], head), body])
  }

  /// One strip: each object with its timestamp, node and line (none past the last), and
  /// title; the visual parts are hidden from assistive technology, which reads the label.
  func strip(_ preview: TimelinePreview, className: String) -> Markup {
    let items: [Markup] = preview.items.map { item in
      .element(
        "li", ["data-tense": item.tense.name, "data-node": item.node.name],
        [
          .element(
            "span", ["aria-hidden": "true"],
            [time(item.timestamp, dateTime: item.dateTime, today: item.showsTodayMarker)]),
          .element(
            "span", ["class": "tl-axis-h", "aria-hidden": "true"],
            [
              node(item.node, tone: item.nodeTone),
              .element(
                "span",
                [
                  "class": "tl-seg-h",
                  "data-tone": item.showsTrailingLine ? item.tone.rawValue : nil,
                ]),
            ]),
          .element("p", ["aria-hidden": "true", "dir": "auto"], text: item.title),
          .element("span", ["class": "tl-sr"], text: item.accessibilityLabel),
        ])
    }
    return .element("ol", ["class": className], items)
  }

  /// The timeline list of seed 004 (LIST-1, LIST-2).
  ///
  /// Rows are made and written one at a time as the page is written, so a list of a million
  /// rows never holds their markup.
  ///
  /// - Parameters:
  ///   - list: the list's rows.
  ///   - window: the rows to render, for a list too long for one page (TL-11); all by
  ///     default. The window's first row names its day, and labels count in the whole list.
  ///   - label: the list's accessible name: by default the strings' name of seed 004's list
  ///     ("Appointments"); a page of one of several timelines names it by its title.
  ///   - linked: whether each selectable row (not a marker's) is a link to its item's page
  ///     (``detailLink``), named by the row's spoken label, as in an app where an item can be
  ///     opened.
  public func list(
    _ list: TimelineList, window: Range<Int>? = nil, label: String? = nil, linked: Bool = false
  ) -> Markup {
    let range = window.map { $0.clamped(to: 0..<list.count) } ?? 0..<list.count
    let words = list.strings.summaries
    let rows = Markup.written { [self] writer in
      let renderer = MarkupRenderer(dialect: .html, indented: writer.indented)
      list.forEachRow(in: range) { renderer.write(listRow($0, linked: linked), to: &writer) }
    }
    return .element(
      "ol",
      [
        "class": "tl-list", "aria-label": label ?? words.appointments,
        "start": window == nil && list.offset == 0
          ? nil : String(list.offset + range.lowerBound + 1),
      ], range.isEmpty ? [] : [rows])
  }

  /// One row of the timeline list: its spoken label, the date, the rail and the message,
  /// inside a link to the item's page when `linked` and the row is selectable.
  func listRow(_ row: TimelineListRow, linked: Bool) -> Markup {
    var rail: [Markup] = []
    if row.showsDot { rail.append(.element("span", ["class": "tl-dot"])) }
    let parts: [Markup] = [
      .element("span", ["class": "tl-sr"], text: row.accessibilityLabel),
      .element(
        "span", ["class": "tl-day", "aria-hidden": "true"],
        [
          .element("time", ["datetime": row.dateTime], text: row.dateLabel ?? "")
        ]),
      .element(
        "span",
        [
          "class": "tl-rail", "aria-hidden": "true",
          "data-upper": String(row.showsUpperLine),
          "data-lower": String(row.showsLowerLine),
        ], rail),
      .element(
        "span", ["class": "tl-message", "aria-hidden": "true", "dir": "auto"],
        text: row.title),
    ]
    guard linked, row.isSelectable else { return .element("li", parts) }
    // The id lets the item's way back land on its row (as the timeline's rows do).
    return .element(
      "li", ["id": Self.elementID(forItem: row.id)],
      [.element("a", ["class": "tl-list-link", "href": detailLink(row.id)], parts)])
  }
}
