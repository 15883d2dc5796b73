import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// The id of the link that folds or unfolds the section of `key` (see `foldLink` of
  /// ``timeline(_:window:filters:hidden:id:foldLink:)``).
  public static func foldID(forSection key: String) -> String { "tl-fold-" + key }

  /// The timeline (TL-1 … TL-8): sections with sticky headings, an ordered list of rows,
  /// the now indicator marked `aria-current`, or the empty state.
  ///
  /// - Parameters:
  ///   - presentation: what the timeline shows, as the core decided it.
  ///   - window: the rows to render (TL-11: a web app renders a window of a long timeline);
  ///     all rows by default.
  ///   - filters: the filter tokens the page's chips and dialog can turn on. Each row says
  ///     which of them it passes (`data-chips`, decided by the core's query rules), so the
  ///     script hides rows without rules of its own. With filters, each row also carries
  ///     its folded searchable text (`data-search`) and the days it covers (`data-days`),
  ///     so that the page's search field and date range follow the core's rules.
  ///   - hidden: rows the page holds but hides at first (a page that can lift the filters
  ///     it was rendered with).
  ///   - id: the region's id, the target of "See All" links; `nil` for a window fetched to
  ///     be joined into a page that already has its region (ids stay unique in the page).
  ///   - foldLink: the address that folds or unfolds a section, given its key
  ///     (`TimelinePresentation.sectionKey(at:)`) and whether it is folded now: each
  ///     header is then that link, `aria-expanded` saying whether its rows are shown (a web
  ///     app keeps the folded sections in its address). `nil` writes plain headers.
  public func timeline(
    _ presentation: TimelinePresentation, window: Range<Int>? = nil, filters: [FilterToken] = [],
    hidden: Set<Int> = [], id: String? = "timeline",
    foldLink: (@Sendable (_ key: String, _ isFolded: Bool) -> String)? = nil
  ) -> Markup {
    let words = presentation.strings.summaries
    let label = presentation.title.map { words.format(words.regionFormat, $0) } ?? words.timeline
    guard let emptyMessage = presentation.emptyStateMessage else {
      let rows = window.map { $0.clamped(to: 0..<presentation.count) } ?? 0..<presentation.count
      // Sections and rows are written straight to the output as the page is written: a page
      // of a million rows never holds their markup.
      let sections = Markup.written { [self] writer in
        let offset = presentation.window?.offset ?? 0
        let depth = writer.depth
        let (dialect, indented) = (writer.dialect, writer.indented)
        let chips =
          filters.isEmpty
          ? nil : FilterTokenMatcher(filters, calendar: presentation.context.calendar)
        // A ranked page's rows say which unit of time they fall in (its name and start), so
        // the script can return to date order; a page in date order says each row's whole date, which
        // the script shows when it ranks the rows (SORT-6).
        let ranked = presentation.query.sort.groupingField != nil
        presentation.walk(rows, with: RowWorkers(presentation), to: writer.sink) {
          step, part, texts in
          switch step {
          case .sectionStart(let section, let title, let visible):
            // A window of a longer timeline names its sections by their first row's place
            // in the whole, so that windows joined in one page keep unique ids.
            let headingID =
              presentation.window == nil
              ? "tl-section-\(section)" : "tl-section-p\(visible.lowerBound + offset)"
            var writer = MarkupWriter(
              sink: part, dialect: dialect, indented: indented, depth: depth)
            writer.start("section")
            writer.attribute("class", constant: "tl-section")
            writer.attribute("aria-labelledby", headingID)
            // A section whose rows are all hidden at first is hidden with them (the script
            // shows it again when a row of it is shown).
            if !hidden.isEmpty, visible.allSatisfy({ hidden.contains($0) }) {
              writer.attribute("hidden", constant: "")
            }
            writer.children()
            writer.start("h2")
            writer.attribute("class", constant: "tl-header")
            writer.attribute("id", headingID)
            let folded = presentation.isFolded(section: section)
            if let foldLink {
              writer.inlineChildren()
              writer.start("a")
              writer.attribute("class", constant: "tl-fold")
              writer.attribute("id", Self.foldID(forSection: presentation.sectionKey(at: section)))
              writer.attribute("href", foldLink(presentation.sectionKey(at: section), folded))
              writer.attribute("aria-expanded", constant: folded ? "false" : "true")
              writer.text(title, closing: "a")
              writer.closeInline("h2")
            } else {
              writer.text(title, closing: "h2")
            }
            if folded {
              // A folded section says what it holds instead of listing its rows.
              writer.start("p")
              writer.attribute("class", constant: "tl-summary")
              writer.text(
                presentation.summary(ofSection: section).text(presentation.strings),
                closing: "p")
            } else {
              writer.start("ol")
              writer.attribute("class", constant: "tl-rows")
              writer.attribute("start", visible.lowerBound + offset + 1)
              writer.children()
            }
          case .now:
            var writer = MarkupWriter(
              sink: part, dialect: dialect, indented: indented, depth: depth + 2)
            writeNowIndicator(presentation.strings.now, to: &writer)
          case .row(let row, _):
            var writer = MarkupWriter(
              sink: part, dialect: dialect, indented: indented, depth: depth + 2)
            let page = chips.map { chips in
              let days = presentation.dayRange(row: row.index)
              let period = ranked ? presentation.period(ofRow: row.index) : nil
              return RowPageData(
                chips: "["
                  + chips.passed(row: row.index, of: presentation)
                  .map { JSONString.quoted($0.description) }.joined(separator: ",") + "]",
                search: presentation.foldedSearchText(row: row.index),
                days: "\(days.first) \(days.last)",
                period: period.map { presentation.periodTitle(of: $0, texts: texts) },
                periodStart: period.map { Int($0.start.timeIntervalSince1970) },
                fullStamp: ranked ? nil : presentation.fullTimestamp(ofRow: row.index, texts: texts)
              )
            }
            writeRow(
              row, strings: presentation.strings, page: page, hidden: hidden.contains(row.index),
              to: &writer)
          case .sectionEnd(let section):
            var writer = MarkupWriter(
              sink: part, dialect: dialect, indented: indented, depth: depth + 2)
            if !presentation.isFolded(section: section) { writer.close("ol") }
            writer.close("section")
          }
        }
      }
      return .element(
        "div",
        [
          "class": "tl-timeline", "id": id, "role": "region", "aria-label": label,
          "data-label-format": presentation.strings.rowAccessibilityFormat,
          // The core's status order, which the script sorts by (SORT-4).
          "data-status-order": Node.statusOrder.map(\.name).joined(separator: " "),
          // Sections newest first: with every row past, the now indicator leads (TL-6).
          "data-newest-first": presentation.query.sort.reversesSections ? "true" : nil,
          // The headers of a ranked order's sections, which the script groups by (SORT-6).
          "data-group-names": filters.isEmpty ? nil : Self.groupNames(presentation.strings),
          "data-ranked": presentation.query.sort.groupingField == nil ? nil : "true",
        ],
        [
          sections,
          .element(
            "p",
            [
              "class": "tl-empty tl-no-matches", "role": "status",
              "hidden": hidden.count < presentation.count ? "" : nil,
            ], text: presentation.strings.controls.noMatches),
        ])
    }
    return .element(
      "div", ["class": "tl-timeline", "id": id, "role": "region", "aria-label": label],
      [.element("p", ["class": "tl-empty", "role": "status"], text: emptyMessage)])
  }

  func writeNowIndicator(_ label: String, to writer: inout MarkupWriter) {
    writer.start("li")
    writer.attribute("class", constant: "tl-now")
    writer.attribute("id", constant: "tl-now")
    writer.attribute("aria-current", constant: "time")
    writer.children()
    writer.start("span")
    writer.text(label, closing: "span")
    writer.close("li")
  }

  /// One row as ``timeline(_:window:filters:hidden:id:foldLink:)`` writes it inside its section's
  /// list, for a server that sends a changed row alone (live updates) to replace the one
  /// a page shows.
  public func row(_ row: TimelineRow, strings: TimelineStrings) -> Markup {
    .written { [self] writer in writeRow(row, strings: strings, to: &writer) }
  }

  /// One row: a link to the detail page for selectable rows (TL-8), a labelled group for
  /// markers (TL-7). The label reads "Item i of n, time, status, title" (A11Y-1); the
  /// description stays available to assistive technology in full.
  func writeRow(
    _ row: TimelineRow, strings: TimelineStrings, page: RowPageData? = nil, hidden: Bool = false,
    to writer: inout MarkupWriter
  ) {
    // Named after the item, not its place: a live page moves rows and their places.
    let descriptionID =
      row.description == nil ? nil : "desc-" + Self.elementID(forItem: row.id)
    writer.start("li")
    writer.attribute("class", constant: "tl-row")
    writer.attribute("id", Self.elementID(forItem: row.id))
    writer.attribute("data-tense", row.tense.name)
    writer.attribute("data-node", row.node.name)
    writer.attribute("data-kind", row.kind.rawValue)
    writer.attribute("data-label-time", row.spokenTimestamp)
    writer.attribute("data-label-status", row.spokenStatus)
    writer.attribute("data-label-title", row.title)
    writer.attribute("data-start", Int(Int64(row.start.timeIntervalSince1970)))
    writer.attribute("data-index", row.position)
    writer.attribute("data-priority", row.priority)
    writer.attribute("data-title", row.title)
    if let page {
      writer.attribute("data-chips", page.chips)
      writer.attribute("data-search", page.search)
      writer.attribute("data-days", page.days)
      writer.attribute("data-period", page.period)
      writer.attribute("data-period-start", page.periodStart)
      writer.attribute("data-full-stamp", page.fullStamp)
    }
    if hidden { writer.attribute("hidden", constant: "") }
    writer.children()
    if row.isSelectable {
      writer.start("a")
      writer.attribute("class", constant: "tl-cell")
      writer.attribute("href", detailLink(row.id))
      writer.attribute("aria-label", row.accessibilityLabel)
      writer.attribute("aria-describedby", descriptionID)
      if row.isSelected { writer.attribute("aria-current", constant: "true") }
      if row.isHighlighted { writer.attribute("data-highlighted", constant: "true") }
    } else {
      writer.start("div")
      writer.attribute("class", constant: "tl-cell tl-marker")
      writer.attribute("role", constant: "group")
      writer.attribute("aria-label", row.accessibilityLabel)
    }
    writer.children()
    writer.start("span")
    writer.attribute("class", constant: "tl-stamp")
    writer.attribute("aria-hidden", constant: "true")
    writer.children()
    writeTime(row.timestamp, dateTime: row.dateTime, today: row.showsTodayMarker, to: &writer)
    writeEventIcon(named: row.icon, to: &writer)
    writer.close("span")
    writer.start("span")
    writer.attribute("class", constant: "tl-axis")
    writer.attribute("aria-hidden", constant: "true")
    writer.children()
    writer.start("span")
    writer.attribute("class", constant: "tl-seg tl-seg-lead")
    writer.attribute("data-tone", row.lines.leading?.rawValue)
    writer.text(nil, closing: "span")
    writeNode(row.node, tone: row.nodeTone, to: &writer)
    writer.start("span")
    writer.attribute("class", constant: "tl-seg tl-seg-trail")
    writer.attribute("data-tone", row.lines.trailing?.rawValue)
    writer.text(nil, closing: "span")
    writer.close("span")
    writeCard(row, descriptionID: descriptionID, to: &writer)
    if row.isSelectable { writer.close("a") } else { writer.close("div") }
    writer.close("li")
  }

  /// The card (TL-2): title (2 lines), subtitle, description (3 lines), supporting text,
  /// the status stack and two attributes (one line each).
  func writeCard(_ row: TimelineRow, descriptionID: String?, to writer: inout MarkupWriter) {
    writer.start("div")
    writer.attribute("class", constant: "tl-card")
    writer.children()
    writer.start("div")
    writer.attribute("class", constant: "tl-main")
    writer.children()
    paragraph("tl-title", row.title, to: &writer)
    if !row.isMarker {
      if let subtitle = row.subtitle { paragraph("tl-subtitle", subtitle, to: &writer) }
      if let description = row.description {
        paragraph("tl-description", description, id: descriptionID, to: &writer)
      }
      if let supporting = row.supportingText {
        paragraph("tl-supporting", supporting, to: &writer)
      }
    }
    writer.close("div")
    let stack = row.statusStack { theme.icons.event(named: $0) != nil }
    if !row.isMarker, !stack.isEmpty {
      // The status stack (seed 002): each line its icon, then its label.
      writer.start("ul")
      writer.attribute("class", constant: "tl-statuses")
      writer.attribute("aria-hidden", constant: "true")
      writer.children()
      for line in stack {
        writer.start("li")
        writer.attribute("dir", constant: "auto")
        if line.icon == nil {
          writer.text(line.label, closing: "li")
          continue
        }
        writer.children()
        writeEventIcon(named: line.icon, className: "tl-status-icon", to: &writer)
        if let label = line.label { writer.write(text: label) }
        writer.close("li")
      }
      writer.close("ul")
    }
    if !row.isMarker, !row.attributes.isEmpty {
      writer.start("p")
      writer.attribute("class", constant: "tl-attributes")
      writeShortTexts(row.attributes, in: "span", closing: "p", to: &writer)
    }
    writer.close("div")
  }

  /// The children of the open start tag: each text in an `item` element of its own
  /// direction, then the closing tag.
  private func writeShortTexts(
    _ texts: [String], in item: StaticString, closing name: StaticString,
    to writer: inout MarkupWriter
  ) {
    writer.children()
    for text in texts {
      writer.start(item)
      writer.attribute("dir", constant: "auto")
      writer.text(text, closing: item)
    }
    writer.close(name)
  }

  private func paragraph(
    _ className: StaticString, _ text: String, id: String? = nil, to writer: inout MarkupWriter
  ) {
    writer.start("p")
    writer.attribute("class", constant: className)
    writer.attribute("id", id)
    writer.attribute("dir", constant: "auto")
    writer.text(text, closing: "p")
  }

  /// The words a page's script names ranked sections with (SORT-6), as a JSON object: each
  /// node's name, each kind's (`kind:…`), the priority format and the name of no priority.
  static func groupNames(_ strings: TimelineStrings) -> String {
    var pairs = Node.allCases.map { ($0.name, strings.name(of: $0)) }
    pairs += ItemKind.allCases.map { ("kind:" + $0.rawValue, strings.name(of: $0)) }
    pairs += [
      ("priority", strings.controls.priorityGroupFormat), ("none", strings.controls.noPriority),
    ]
    return "{"
      + pairs.map { JSONString.quoted($0.0) + ":" + JSONString.quoted($0.1) }
      .joined(separator: ",") + "}"
  }
}

/// What a row of a page with controls carries for its script: the filter tokens it passes
/// (a JSON array), its folded searchable text, and its first and last day.
struct RowPageData {
  var chips: String
  var search: String
  var days: String
  /// The header of the row's unit of time, on a page ranked by another criterion.
  var period: String?
  /// When that unit of time starts (seconds since 1970, as `data-start`): the order of the
  /// sections in date order.
  var periodStart: Int?
  /// The row's timestamp with its whole date, on a page in date order.
  var fullStamp: String?
}
