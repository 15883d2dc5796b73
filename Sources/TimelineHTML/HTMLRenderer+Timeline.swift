import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// The timeline (TL-1 … TL-8): sections with sticky headings, an ordered list of rows,
  /// the now indicator marked `aria-current`, or the empty state.
  ///
  /// - Parameter window: the rows to render (TL-11: a web app renders a window of a long
  ///   timeline); all rows by default.
  public func timeline(_ presentation: TimelinePresentation, window: Range<Int>? = nil) -> Markup {
    let label = presentation.title.map { "Timeline: " + $0 } ?? "Timeline"
    guard let emptyMessage = presentation.emptyStateMessage else {
      let rows = window.map { $0.clamped(to: 0..<presentation.count) } ?? 0..<presentation.count
      // Sections are made as the page is written and let go after each: a page of a million
      // rows never holds their markup at once.
      let sections = DeferredMarkup { [self] each in
        var nowRow: Int?
        if case .beforeRow(let row) = presentation.nowIndicator { nowRow = row }
        let texts = presentation.texts()
        let first = presentation.sectionIndex(ofRow: rows.lowerBound)
        let last =
          rows.isEmpty ? first - 1 : presentation.sectionIndex(ofRow: rows.upperBound - 1)
        for sectionIndex in first...max(first, last) where !rows.isEmpty {
          let section = presentation.sections[sectionIndex]
          let visible = section.rows.clamped(to: rows)
          var items: [Markup] = []
          items.reserveCapacity(visible.count + 1)
          for row in presentation.rows(in: visible, texts: texts) {
            if row.index == nowRow { items.append(nowIndicator(presentation.strings.now)) }
            items.append(self.row(row, strings: presentation.strings))
          }
          if presentation.nowIndicator == .afterLastRow, visible.upperBound == presentation.count {
            items.append(nowIndicator(presentation.strings.now))
          }
          // A window of a longer timeline names its sections by their first row's place in
          // the whole, so that windows joined in one page keep unique ids.
          let headingID =
            presentation.window == nil
            ? "tl-section-\(sectionIndex)"
            : "tl-section-p\(visible.lowerBound + (presentation.window?.offset ?? 0))"
          each(
            .element(
              "section", ["class": "tl-section", "aria-labelledby": headingID],
              [
                .element(
                  "h2", ["class": "tl-header", "id": headingID],
                  text: presentation.sectionTitle(at: sectionIndex, texts: texts)),
                .element(
                  "ol",
                  [
                    "class": "tl-rows",
                    "start": String(visible.lowerBound + (presentation.window?.offset ?? 0) + 1),
                  ], items),
              ]))
        }
      }
      return .element(
        "div",
        [
          "class": "tl-timeline", "id": "timeline", "role": "region", "aria-label": label,
          "data-label-format": presentation.strings.rowAccessibilityFormat,
        ], [.deferred(sections)])
    }
    return .element(
      "div", ["class": "tl-timeline", "id": "timeline", "role": "region", "aria-label": label],
      [.element("p", ["class": "tl-empty", "role": "status"], text: emptyMessage)])
  }

  func nowIndicator(_ label: String) -> Markup {
    .element("li", ["class": "tl-now", "aria-current": "time"], [.element("span", text: label)])
  }

  /// One row: a link to the detail page for selectable rows (TL-8), a labelled group for
  /// markers (TL-7). The label reads "Item i of n, time, status, title" (A11Y-1); the
  /// description stays available to assistive technology in full.
  func row(_ row: TimelineRow, strings: TimelineStrings) -> Markup {
    let descriptionID = row.description == nil ? nil : "tl-desc-\(row.position)"
    let axis: Markup = .element(
      "span", ["class": "tl-axis", "aria-hidden": "true"],
      [
        .element(
          "span", ["class": "tl-seg tl-seg-lead", "data-tone": row.lines.leading?.rawValue]),
        node(row.node, tone: row.tone),
        .element(
          "span", ["class": "tl-seg tl-seg-trail", "data-tone": row.lines.trailing?.rawValue]),
      ])
    var stamp: [Markup] = [time(row.timestamp, dateTime: row.dateTime, today: row.showsTodayMarker)]
    if let icon = row.icon {
      stamp.append(.element("span", ["class": "tl-event-icon"], text: icon))
    }
    let cells: [Markup] = [
      .element("span", ["class": "tl-stamp", "aria-hidden": "true"], stamp), axis,
      card(row, descriptionID: descriptionID),
    ]
    let cell: Markup =
      row.isSelectable
      ? .element(
        "a",
        [
          "class": "tl-cell", "href": detailLink(row.id), "aria-label": row.accessibilityLabel,
          "aria-describedby": descriptionID, "aria-current": row.isSelected ? "true" : nil,
          "data-highlighted": row.isHighlighted ? "true" : nil,
        ], cells)
      : .element(
        "div",
        ["class": "tl-cell tl-marker", "role": "group", "aria-label": row.accessibilityLabel], cells
      )
    return .element(
      "li",
      [
        "class": "tl-row", "id": Self.elementID(forItem: row.id), "data-tense": row.tense.name,
        "data-node": row.node.name, "data-kind": row.kind.rawValue,
        "data-label-time": row.timestamp.replacingOccurrences(of: "\n", with: " "),
        "data-label-status": row.statuses.first ?? strings.name(of: row.node),
        "data-label-title": row.title,
        "data-start": String(Int64(row.start.timeIntervalSince1970)),
        "data-index": String(row.position),
        "data-priority": row.priority.map(String.init), "data-title": row.title,
      ], [cell])
  }

  /// The card (TL-2): title (2 lines), subtitle, description (3 lines), supporting text,
  /// the status stack and two attributes (one line each).
  func card(_ row: TimelineRow, descriptionID: String?) -> Markup {
    var main: [Markup] = [.element("p", ["class": "tl-title", "dir": "auto"], text: row.title)]
    if !row.isMarker {
      if let subtitle = row.subtitle {
        main.append(.element("p", ["class": "tl-subtitle", "dir": "auto"], text: subtitle))
      }
      if let description = row.description {
        main.append(
          .element(
            "p", ["class": "tl-description", "id": descriptionID, "dir": "auto"], text: description)
        )
      }
      if let supporting = row.supportingText {
        main.append(.element("p", ["class": "tl-supporting", "dir": "auto"], text: supporting))
      }
    }
    var children: [Markup] = [.element("div", ["class": "tl-main"], main)]
    if !row.isMarker, !row.statuses.isEmpty {
      children.append(
        .element(
          "ul", ["class": "tl-statuses", "aria-hidden": "true"],
          row.statuses.map { .element("li", ["dir": "auto"], text: $0) }))
    }
    if !row.isMarker, !row.attributes.isEmpty {
      children.append(
        .element(
          "p", ["class": "tl-attributes"],
          row.attributes.map { .element("span", ["dir": "auto"], text: $0) })
      )
    }
    return .element("div", ["class": "tl-card"], children)
  }
}
