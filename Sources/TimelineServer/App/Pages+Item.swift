import Foundation
import TimelineCore
import TimelineHTML
import TimelineImport

extension Pages {
  /// The detail page (TL-8, TL-9): every field in full, the children, buttons for the
  /// state, a form to edit and one to delete. On regular widths it sits beside the
  /// timeline as a side sheet (TL-12); on compact widths it is the page.
  ///
  /// - Parameters:
  ///   - refill: an edit the server refused: the form shows what was sent, with the reason
  ///     above it, so that nothing typed is lost.
  ///   - confirmingDelete: the page that asks before deleting: the item, the question and
  ///     the form that deletes it, in place of the state buttons and the edit form.
  func detail(
    _ info: TimelineInfo, stored: StoredItem, view: ViewQuery, csrf: String,
    refill: FormRefill? = nil, changedMeanwhile: String? = nil, confirmingDelete: Bool = false
  ) async throws -> String {
    let item = stored.item
    let zone = info.header.timeZone
    let base = "/timelines/\(info.id)"
    let itemPath = base + "/items/" + HTMLRenderer.percentEncoded(item.id)
    let keep = view.returnParameters
    let app = appWords
    let status = statusName(item.status)
    let kinds: [ItemKind: String] = [
      .event: app.kindEvent, .start: app.kindStart, .end: app.kindEnd,
      .inactive: app.kindInactive, .earlyEnd: app.kindEarlyEnd,
    ]
    var fields: [(String, String?)] = [
      (app.kind, kinds[item.kind] ?? item.kind.rawValue), (app.status, status),
      (app.subtitle, item.subtitle),
      (app.description, item.description), (app.type, item.supportingText),
      (app.statusLabel, item.statusLabel), (app.secondStatus, item.substatusLabel),
      (app.priority, item.priority.map(String.init)), (app.icon, item.icon),
      (app.statusIcon, item.statusIcon), (app.secondStatusIcon, item.substatusIcon),
    ]
    if !item.attributes.isEmpty {
      fields.append((app.attributes, item.attributes.joined(separator: "\n")))
    }
    // Dates as people read them, in the timeline's zone, with the exact value for machines.
    var list: [Markup] = []
    for (name, date) in [(app.start, item.start), (app.end, item.end)] {
      guard let date else { continue }
      list += dateField(name, date, zone: zone)
    }
    list += fieldList(fields)
    var aside: [Markup] = [
      .element(
        "p",
        [
          .element(
            "a",
            [
              // `tl-back`: the script lets Escape follow it (the item closes, as a sheet does).
              "class": "tl-link tl-back",
              "href": Self.address(of: item, in: info, query: HTMLRenderer.query(keep)),
            ],
            text: view.isList ? app.backToList : app.backToTimeline)
        ]),
      .element("h2", ["dir": "auto"], text: item.title),
      .element("dl", ["class": "tl-fields"], list),
    ]
    // The tab names the item open in the side sheet, then its timeline. Each part is
    // isolated (FSI … PDI): an item written left to right on a right-to-left page (or the
    // reverse) keeps its dashes between the parts.
    func title(_ parts: [String]) -> String {
      parts.map(Self.isolated).joined(separator: " – ")
    }
    // Shown by the script (as an alert, read out) when the item is deleted elsewhere while
    // this page is open; its forms go, as they could only answer that it does not exist,
    // and the tab says so instead of naming the item.
    aside.insert(
      .element(
        "p",
        [
          "class": "tl-error", "hidden": "", "data-gone-item": item.id,
          "data-gone-title": title([app.itemWasDeleted, info.header.title]),
        ], text: app.itemWasDeleted), at: 1)
    if let changedMeanwhile {
      // A form sent for an older version (412): nothing was written, and the page shows the
      // item as it is now, saying so first (it takes the focus, so it is read out).
      aside.insert(
        .element(
          "div", ["class": "tl-error", "role": "alert", "tabindex": "-1", "autofocus": ""],
          [.element("p", text: changedMeanwhile)]), at: 1)
    }
    if !item.children.isEmpty {
      aside.append(.element("h3", text: app.children))
      aside.append(
        .element(
          "ul", ["class": "tl-children"],
          item.children.map { child in
            // The date as people read it, with the exact value for machines.
            .element(
              "li", ["dir": "auto"],
              [
                .text(child.title + " — "),
                .element(
                  "time", ["datetime": RFC3339.string(child.start, in: zone)],
                  text: Self.readable(child.start, zone: zone, locale: locale)),
                .text(" (" + statusName(child.status) + ")"),
              ])
          }))
    }
    if confirmingDelete {
      // Deleting cannot be undone, so it is asked first: the question takes the focus (it is
      // read out); Delete sends the tag of the item as shown here, Cancel goes back to it.
      aside.append(
        .element(
          "section", ["class": "tl-confirm", "aria-labelledby": "tl-delete-question"],
          [
            .element(
              "h3", ["id": "tl-delete-question", "tabindex": "-1", "autofocus": ""],
              text: app.deleteQuestion),
            .element(
              "p", ["id": "tl-delete-effect"],
              text: app.deleteCannotBeUndone
                + (item.children.isEmpty
                  ? "" : " " + app.format(app.deleteChildrenFormat, number: item.children.count))),
            form(
              itemPath + "/delete", csrf: csrf, keep: keep, tag: stored.tag, label: app.deleteItem,
              [
                .element(
                  "div", ["class": "tl-actions"],
                  [
                    .element(
                      "button",
                      [
                        "type": "submit", "class": "tl-primary",
                        "aria-describedby": "tl-delete-effect",
                      ], text: app.deleteNow),
                    .element(
                      "a",
                      [
                        "class": "tl-button",
                        // Back where Delete was asked for (the script focuses that link).
                        "href": itemPath + HTMLRenderer.query(keep) + "#tl-delete",
                      ], text: app.core.controls.cancel),
                  ])
              ]),
          ]))
    }
    if !item.kind.isMarker && !confirmingDelete {
      aside.append(
        form(
          itemPath + "/status", csrf: csrf, keep: keep, tag: stored.tag, label: app.status,
          [stateButtons(pressed: item.status)]))
    }
    if !confirmingDelete {
      aside.append(.element("h3", text: app.edit))
      if let refill { aside.append(errorAlert(refill.error, form: true)) }
      aside.append(
        form(
          itemPath, csrf: csrf, keep: keep, tag: stored.tag, label: app.editItem,
          editFields(item, zone: zone, refill: refill) + [
            .element("button", ["type": "submit", "class": "tl-primary"], text: app.save)
          ]))
      // A link to the page that asks first (deleting cannot be undone).
      aside.append(
        .element(
          "p",
          [
            .element(
              "a",
              [
                "class": "tl-button", "id": "tl-delete",
                "href": itemPath + "/delete" + HTMLRenderer.query(keep),
              ],
              text: app.deleteThisItem)
          ]))
    }
    let around = WindowAnchor.date(Self.startInstant(item, zone: zone))
    return try await timeline(
      info, view: view, dialogOpen: false, selectedID: item.id, aside: aside, anchor: around,
      title: title(
        (confirmingDelete ? [app.deleteQuestion] : []) + [item.title, info.header.title]))
  }

  /// The page with the form that adds an item; with `refill`, the form as it was sent and
  /// why it was refused.
  func newItem(
    _ info: TimelineInfo, view: ViewQuery, csrf: String, now: Date, refill: FormRefill? = nil
  ) -> String {
    let base = "/timelines/\(info.id)"
    let app = appWords
    let blank = TimelineItem(id: "", title: "", start: .instant(now))
    let body: [Markup] =
      (refill.map { [errorAlert($0.error, form: true)] } ?? []) + [
        form(
          base + "/items", csrf: csrf, keep: view.viewParameters(), tag: nil, label: app.addItem,
          editFields(blank, zone: info.header.timeZone, refill: refill) + [
            withProblem(
              .element(
                "label",
                [
                  .text(app.identifier),
                  .element("span", ["class": "tl-hint"], text: " " + app.optionalUnique),
                  Self.marked(
                    .element(
                      "input",
                      ["name": "id", "autocomplete": "off", "value": refill?.values.value("id")]),
                    ifNamed: refill?.error.field),
                ]), field: "id", refill: refill),
            .element("button", ["type": "submit", "class": "tl-primary"], text: app.add),
          ])
      ]
    return page(
      app.format(app.addItemToFormat, info.header.title),
      nav: [
        .element(
          "a", ["href": base + HTMLRenderer.query(view.viewParameters())],
          text: app.backToTimeline)
      ],
      body: body, html: HTMLRenderer(theme: theme))
  }

  /// The label of the item form's field `name` (a member of an item).
  func fieldLabel(_ name: String) -> String? {
    let app = appWords
    return switch name {
    case "title": app.title
    case "subtitle": app.subtitle
    case "start": app.start
    case "end": app.end
    case "status": app.status
    case "statusLabel": app.statusLabel
    case "description": app.description
    case "supportingText": app.type
    case "attributes": app.attributes
    case "priority": app.priority
    case "id": app.identifier
    default: nil
    }
  }

  /// `label` (a field's label around its control), followed when `refill` refused that field
  /// by what to fix, where the eye lands with the focus (the alert above may be scrolled
  /// away); the control is described by it (``marked(_:ifNamed:)``).
  func withProblem(_ label: Markup, field: String, refill: FormRefill?) -> Markup {
    guard let error = refill?.error, error.field == field else { return label }
    return .fragment([
      label,
      .element("p", ["class": "tl-field-error", "id": "tl-field-error"], text: problem(error)),
    ])
  }

  /// `control` marked as the refused field when its name is `invalid`: invalid, described by
  /// what to fix (``withProblem(_:field:refill:)``), focused when the page opens, and the
  /// target of the alert's link.
  static func marked(_ control: Markup, ifNamed invalid: String?) -> Markup {
    guard case .element(let tag, var attributes, let children) = control,
      let name = attributes.first(where: { $0.name == "name" })?.value, name == invalid
    else { return control }
    attributes += [
      Attribute("id", "tl-field-" + name), Attribute("aria-invalid", "true"),
      Attribute("autofocus", ""),
    ]
    if let index = attributes.firstIndex(where: { $0.name == "aria-describedby" }) {
      attributes[index].value = "tl-field-error " + attributes[index].value
    } else {
      attributes.append(Attribute("aria-describedby", "tl-field-error"))
    }
    return .element(tag, attributes, children)
  }

  /// The fields of `item`, or with `refill` the values a refused form sent. The refused
  /// field is marked invalid, described by the error and focused when the page opens.
  func editFields(_ item: TimelineItem, zone: TimeZone, refill: FormRefill? = nil) -> [Markup] {
    let refused = refill
    let invalid = refill?.error.field
    let refill = refill?.values
    func control(_ markup: Markup) -> Markup { Self.marked(markup, ifNamed: invalid) }
    // Every control of the form in its label, named as a refused field is (`fieldLabel`).
    func labelled(_ name: String, hint: String? = nil, _ input: Markup) -> Markup {
      var children: [Markup] = [.text(fieldLabel(name) ?? name)]
      if let hint { children.append(.element("span", ["class": "tl-hint"], text: " " + hint)) }
      children.append(control(input))
      return withProblem(.element("label", children), field: name, refill: refused)
    }
    func field(
      _ name: String, _ value: String?, hint: String? = nil, required: Bool = false
    ) -> Markup {
      let value = refill?.value(name) ?? value
      return labelled(
        name, hint: hint,
        .element(
          "input",
          ["name": name, "value": value ?? "", "required": required ? "" : nil, "dir": "auto"]))
    }
    let app = appWords
    let statuses = ItemStatus.allCases.map { status in
      Markup.element(
        "option",
        [
          "value": status.rawValue,
          "selected": (refill?.value("status") ?? item.status.rawValue) == status.rawValue
            ? "" : nil,
        ],
        text: statusName(status))
    }
    // Date pickers show the time in the timeline's zone; "All day" keeps the dates only.
    // Whole minutes as the pickers show them (HH:MM); seconds only when an item has them
    // (the picker then steps by seconds, or it would refuse the value).
    func local(_ date: TimelineDate?) -> String {
      guard let date else { return "" }
      let text = RFC3339.string(date, in: zone)
      if text.count == 10 { return text + "T00:00" }
      let seconds = text.dropFirst(16).prefix(3)
      return String(text.prefix(seconds == ":00" ? 16 : 19))
    }
    func when(_ name: String, _ date: TimelineDate?, required: Bool) -> Markup {
      let value = refill?.value(name) ?? local(date)
      return labelled(
        name,
        .element(
          "input",
          [
            "type": "datetime-local", "name": name, "value": value,
            "step": value.count > 16 ? "1" : nil, "required": required ? "" : nil,
            "aria-describedby": "tl-zone-hint",
          ]))
    }
    let allDay: Bool
    if let refill {
      allDay = refill.has("allDay")
    } else if case .day = item.start {
      allDay = !item.title.isEmpty
    } else {
      allDay = false
    }
    return [
      field("title", item.title, required: true),
      field("subtitle", item.subtitle),
      when("start", item.title.isEmpty ? nil : item.start, required: true),
      when("end", item.end, required: false),
      .element(
        "p", ["class": "tl-hint", "id": "tl-zone-hint"],
        // The zone's id is isolated (FSI … PDI), so a right-to-left sentence keeps its
        // full stop on its own side of "America/Los_Angeles".
        text: app.format(app.timesInZoneFormat, Self.isolated(zone.identifier))),
      .element(
        "label", ["class": "tl-check"],
        [
          .element(
            "input",
            ["type": "checkbox", "name": "allDay", "value": "1", "checked": allDay ? "" : nil]),
          .text(" " + app.allDay),
        ]),
      labelled("status", .element("select", ["name": "status"], statuses)),
      field("statusLabel", item.statusLabel),
      labelled(
        "description",
        .element(
          "textarea", ["name": "description", "rows": "3", "dir": "auto"],
          text: refill?.value("description") ?? item.description ?? "")),
      field("supportingText", item.supportingText),
      labelled(
        "attributes", hint: app.onePerLine,
        .element(
          "textarea", ["name": "attributes", "rows": "2", "dir": "auto"],
          text: refill?.value("attributes") ?? item.attributes.joined(separator: "\n"))),
      labelled(
        "priority", hint: app.priorityHint,
        .element(
          "input",
          [
            "type": "number", "step": "1", "inputmode": "numeric", "name": "priority",
            "value": refill?.value("priority") ?? item.priority.map(String.init) ?? "",
          ])),
    ]
  }

  /// The name of `status` as the timeline's nodes say it ("Completed").
  func statusName(_ status: ItemStatus) -> String {
    appWords.core.name(of: Node(kind: .event, status: status))
  }

  /// A description list's terms and values: the fields that have a value, in order.
  func fieldList(_ fields: [(String, String?)]) -> [Markup] {
    fields.flatMap { name, value -> [Markup] in
      guard let value else { return [] }
      return [.element("dt", text: name), .element("dd", ["dir": "auto"], text: value)]
    }
  }

  /// A date as a field of a detail: its name, then the date as people read it in `zone`,
  /// with the exact value for machines.
  func dateField(_ name: String, _ date: TimelineDate, zone: TimeZone) -> [Markup] {
    [
      .element("dt", text: name),
      .element(
        "dd",
        [
          .element(
            "time", ["datetime": RFC3339.string(date, in: zone)],
            text: Self.readable(date, zone: zone, locale: locale))
        ]),
    ]
  }

  /// The state buttons of an item's or a card item's page (`status`), the current one
  /// pressed.
  func stateButtons(pressed: ItemStatus?) -> Markup {
    .element(
      "fieldset", ["class": "tl-state"],
      [.element("legend", text: appWords.status)]
        + [ItemStatus.open, .inProgress, .completed].map { status in
          .element(
            "button",
            [
              "type": "submit", "name": "status", "value": status.rawValue,
              "aria-pressed": pressed == status ? "true" : "false",
            ], text: statusName(status))
        })
  }

  /// A POST form carrying the CSRF token, the view to return to and the version read.
  func form(
    _ action: String, csrf: String, keep: [(String, String)], tag: String?, label: String,
    _ children: [Markup]
  ) -> Markup {
    var hidden: [Markup] = [.element("input", ["type": "hidden", "name": "csrf", "value": csrf])]
    if let tag {
      hidden.append(.element("input", ["type": "hidden", "name": "tag", "value": tag]))
    }
    hidden.append(
      .element("input", ["type": "hidden", "name": "view", "value": HTMLRenderer.query(keep)]))
    return .element(
      "form", ["class": "tl-form", "method": "post", "action": action, "aria-label": label],
      hidden + children)
  }

  /// A date as the detail shows it: weekday, date and (for instants) the time, in `zone`.
  static func readable(_ date: TimelineDate, zone: TimeZone, locale: Locale) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    switch date {
    case .day(let day):
      var style = Date.FormatStyle(
        date: .complete, time: .omitted, locale: locale, calendar: calendar)
      style.timeZone = zone
      return day.startDate(in: calendar).formatted(style)
    case .instant(let instant):
      var style = Date.FormatStyle(
        date: .complete, time: .shortened, locale: locale, calendar: calendar)
      style.timeZone = zone
      return instant.formatted(style)
    }
  }

  /// The timeline around `item` with its row selected (TL-8) and in view: where a change
  /// to the item, or its page's "Back to the timeline", returns. `query` is the view's
  /// (`?q=…`, or empty).
  static func address(of item: TimelineItem, in info: TimelineInfo, query: String) -> String {
    let start = startInstant(item, zone: info.header.timeZone)
    let place = HTMLRenderer.query([
      ("around", RFC3339.string(start, in: .gmt)), ("selected", item.id),
    ])
    return "/timelines/\(info.id)" + query + (query.isEmpty ? place : "&" + place.dropFirst())
      + "#" + HTMLRenderer.elementID(forItem: item.id)
  }

  static func startInstant(_ item: TimelineItem, zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return item.start.start(in: calendar)
  }

  /// Cards on a page of the feed.
  static let cardsPerPage = 20

  /// The first card of the page of the feed that holds `card`.
  static func cardsPage(holding card: Int) -> Int { card - card % cardsPerPage }

  /// The address of the feed's page from `start`, in `layout`, with `selected` shown
  /// selected (and scrolled to).
  static func cardsAddress(
    _ timeline: Int64, start: Int, layout: CardLayout.Orientation = .vertical,
    selected: CardItemPath? = nil
  ) -> String {
    "/timelines/\(timeline)/cards"
      + HTMLRenderer.query(
        (layout == .horizontal ? [("layout", "horizontal")] : []) + [("start", String(start))]
          + (selected.map { [("selected", "\($0)")] } ?? []))
      + (selected.map { "#" + HTMLRenderer.cardAnchor("\($0)") } ?? "")
  }

  /// `/timelines/ID/cards`: a window of the feed (CARD-1 … CARD-6), read from the store,
  /// its paths laid top to bottom or, with `layout=horizontal`, left to right in a feed
  /// that pages sideways. Each item links to its page (CARD-4); the one named by
  /// `selected` shows as selected.
  func cards(
    _ info: TimelineInfo, feed: CardFeed?, now: Date?,
    orientation: CardLayout.Orientation = .vertical, selected: CardItemPath? = nil
  ) -> String {
    let base = "/timelines/\(info.id)"
    let feed = feed ?? CardFeed(entries: [])
    let lower = feed.cardsBefore
    let size = Self.cardsPerPage
    func address(start: Int, _ layout: CardLayout.Orientation = orientation) -> String {
      Self.cardsAddress(info.id, start: start, layout: layout)
    }
    let context = service.context(info, now: now)
    let strings = appWords.core
    // An item's page, and the way back from it, keep the layout.
    let keep = orientation == .horizontal ? "?layout=horizontal" : ""
    let html = HTMLRenderer(theme: theme, cardItemLink: { base + "/cards/" + $0 + keep })
    // The cards' appearance and the feed's spacing come as a stylesheet of the feed's own:
    // the app's Content-Security-Policy allows no inline style.
    var body: [Markup] = [
      .element(
        "link",
        [
          "rel": "stylesheet",
          "href": base + "/cards.css"
            + HTMLRenderer.query(
              [("start", String(lower)), ("revision", String(info.revision))]),
        ])
    ]
    if lower > 0 {
      body.append(
        .element(
          "a", ["class": "tl-more tl-link", "href": address(start: max(0, lower - size))],
          text: appWords.earlierCards))
    }
    if feed.entries.isEmpty {
      body.append(.element("p", ["class": "tl-empty"], text: appWords.noCards))
    } else {
      body.append(
        html.cards(
          feed, orientation: orientation,
          selection: selected.flatMap { CardEvent(path: "\($0)", in: feed) },
          dateText: CardDateFormatter(context: context).text, strings: strings,
          styles: CardStyleSheet(feed: feed)))
    }
    if feed.cardsAfter > 0 {
      body.append(
        .element(
          "a", ["class": "tl-more tl-link", "href": address(start: lower + feed.entries.count)],
          text: appWords.laterCards))
    }
    return page(
      info.header.title + appWords.labelSeparator + appWords.cards,
      nav: [
        .element("a", ["href": base], text: appWords.backToTimeline),
        orientation == .vertical
          ? .element("a", ["href": address(start: lower, .horizontal)], text: appWords.horizontal)
          : .element("a", ["href": address(start: lower, .vertical)], text: appWords.vertical),
      ], body: body,
      html: html)
  }

  /// `/timelines/ID/cards/CARD/ELEMENT[/CHILD]`: a card item's page (CARD-4): its texts,
  /// date and state, the card it is on, its children for a group, and buttons that change
  /// its state; "Back to cards" returns to the feed with the item selected.
  func cardItem(
    _ info: TimelineInfo, card: CardFeed.Entry, path: CardItemPath, now: Date?,
    layout: CardLayout.Orientation = .vertical, csrf: String
  ) -> String? {
    guard card.card.elements.indices.contains(path.element) else { return nil }
    let element = card.card.elements[path.element]
    let item: CardItem
    if let child = path.child {
      guard element.children.indices.contains(child) else { return nil }
      item = element.children[child]
    } else {
      item = element.item
    }
    let app = appWords
    let zone = info.header.timeZone
    let back = Self.cardsAddress(
      info.id, start: Self.cardsPage(holding: path.card), layout: layout, selected: path)
    let keep = layout == .horizontal ? "?layout=horizontal" : ""
    var list: [Markup] = []
    let cardName = card.name ?? app.card
    let fields: [(String, String?)] = [
      (app.card, cardName + " (\(path.card + 1))"), (app.subtitle, item.subtitle),
      (app.description, item.content),
      (app.icon, item.icon),
      (app.status, item.status.map(statusName)),
    ]
    if let date = item.date { list += dateField(app.start, date, zone: zone) }
    list += fieldList(fields)
    var body: [Markup] = [
      .element("h2", ["dir": "auto"], text: item.title ?? item.content ?? app.cards),
      .element("dl", ["class": "tl-fields"], list),
    ]
    if path.child == nil, !element.children.isEmpty {
      body.append(.element("h3", text: app.children))
      body.append(
        .element(
          "ul", ["class": "tl-children"],
          element.children.indices.map { index in
            let child = element.children[index]
            let childPath = "\(path)/\(index)"
            return .element(
              "li", ["dir": "auto"],
              [
                .element(
                  "a",
                  ["class": "tl-link", "href": "/timelines/\(info.id)/cards/" + childPath + keep],
                  text: child.title ?? child.content ?? "")
              ])
          }))
    }
    body.append(
      form(
        "/timelines/\(info.id)/cards/\(path)", csrf: csrf, keep: [], tag: nil, label: app.status,
        [
          .element("input", ["type": "hidden", "name": "layout", "value": layout.rawValue]),
          stateButtons(pressed: item.status),
        ]))
    return page(
      info.header.title + app.labelSeparator + app.cards,
      nav: [.element("a", ["href": back], text: app.backToCards)], body: body,
      html: HTMLRenderer(theme: theme))
  }
}

/// A form the server refused: what was sent, and why, to show the form again as it was.
struct FormRefill {
  var values: [(String, String)]
  /// Why the server refused them, shown above the form (``Pages/errorAlert(_:)``).
  var error: AppError
}
