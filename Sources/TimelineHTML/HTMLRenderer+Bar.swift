import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// How a dialog of a web app that works without JavaScript is sent: the address of its
  /// `GET` form, the fields that keep the rest of the view, whether the page shows it open,
  /// and where Cancel leads (the view as applied).
  public typealias DialogSubmission = (
    action: String, hidden: [(String, String)], open: Bool, cancel: String
  )

  /// The filter feedback bar (FFB-1 … FFB-10): one horizontally scrolling row of chips.
  /// Filter chips are toggle buttons (`aria-pressed`); sort and counter chips open the
  /// Sort & Filter dialog. Without JavaScript the chips are inert labels of the state.
  ///
  /// `strings` names the number of matches, here and in the script that updates it.
  ///
  /// - Parameters:
  ///   - chips: the chips in display order.
  ///   - matchCount: the number of rows that match, shown after the chips; none when `nil`.
  ///   - strings: the words of the controls.
  ///   - link: for a web app that works without JavaScript, where each chip leads: the
  ///     address and the parameters of the view with the filter toggled, or of a dialog's
  ///     view. Each chip is then a button that sends a form of those parameters, so it
  ///     presses with Enter and Space and is announced as the toggle it is.
  ///   - hidden: the bar is rendered hidden (FFB-10: no fast filters, nothing applied); the
  ///     page's script shows it once a filter or a sort is applied in the page.
  ///   - counter: the bar has a counter chip (FFB-9), which the page's script adds in
  ///     front once a filter is applied in the page and removes when none is left.
  public func feedbackBar(
    _ chips: [FilterChip], matchCount: Int?, strings: ControlStrings,
    link: ((FilterChip) -> (action: String, parameters: [(String, String)]))? = nil,
    hidden: Bool = false, counter: Bool = false
  ) -> Markup {
    let items: [Markup] = chips.map { chip in
      var content: [Markup] = [
        .element("span", ["class": "tl-check", "aria-hidden": "true"], text: "✓")
      ]
      content.append(.element("span", ["dir": "auto"], text: chip.text))
      if chip.showsDisclosure {
        content.append(.element("span", ["aria-hidden": "true"], text: "▾"))
      }
      let button: Markup
      let target = link?(chip)
      let type = target == nil ? "button" : "submit"
      switch chip.kind {
      case .filter:
        button = .element(
          "button",
          [
            "type": type, "class": "tl-chip",
            "aria-pressed": chip.isSelected ? "true" : "false",
            "data-filter": chip.token?.description, "data-kind": "filter",
            "data-fast": chip.isFastFilter ? "true" : "false",
            // A chip with the down-arrow opens its key's selection view (FFB-8).
            "data-select": chip.selectionKey?.rawValue,
            "aria-haspopup": chip.selectionKey == nil ? nil : "dialog",
            "aria-controls": chip.selectionKey.map(Self.selectionID),
          ], content)
      case .sort, .counter:
        button = .element(
          "button",
          [
            "type": type, "class": "tl-chip",
            "data-selected": chip.isSelected ? "true" : "false",
            "data-kind": chip.kind.rawValue, "aria-haspopup": "dialog",
            "aria-controls": "tl-sort-filter",
            "aria-label": chip.accessibilityLabel,
          ], content)
      }
      guard let target else { return .element("li", [button]) }
      return .element(
        "li",
        [
          .element(
            "form", ["method": "get", "action": target.action],
            target.parameters.map { name, value in
              .element("input", ["type": "hidden", "name": name, "value": value])
            } + [button])
        ])
    }
    var children: [Markup] = [.element("ul", ["class": "tl-bar"], items)]
    if let matchCount {
      children.append(
        .element(
          "p", ["class": "tl-matches", "role": "status", "aria-live": "polite", "dir": "auto"],
          text: FilterFeedbackBar.matchLabel(matchCount, strings: strings)))
    }
    return .element(
      "nav",
      [
        "class": "tl-filter-bar", "aria-label": strings.filterBar,
        "data-one-result": strings.oneResult, "data-results": strings.resultsFormat,
        "data-sort-chip": strings.sortChipFormat, "data-counter": strings.counterFormat,
        "data-criterion-direction": strings.criterionDirectionFormat,
        "data-counter-chip": counter ? "true" : nil, "hidden": hidden ? "" : nil,
      ], children)
  }

  /// The tools above a timeline page: a search field (TL-10), a button that opens the Sort &
  /// Filter dialog (SORT-1, FFB-9) and a link to the now indicator (TL-6). The field and the
  /// button need the page's script, which reveals them; the link works without it.
  ///
  /// - Parameters:
  ///   - search: the search the page was rendered with.
  ///   - hasNow: whether the page holds a now indicator to jump to.
  ///   - strings: the words of the controls.
  public func timelineTools(search: String, hasNow: Bool, strings: ControlStrings) -> Markup {
    var tools: [Markup] = [
      .element(
        "form", ["class": "tl-search", "role": "search", "hidden": ""],
        [
          .element("label", ["for": "tl-search-field", "class": "tl-sr"], text: strings.search),
          .element(
            "input",
            [
              "type": "search", "id": "tl-search-field", "name": "search", "value": search,
              "placeholder": strings.search, "autocomplete": "off", "dir": "auto",
            ]),
        ]),
      .element(
        "button",
        [
          "type": "button", "class": "tl-button tl-open-dialog", "aria-haspopup": "dialog",
          "aria-controls": "tl-sort-filter", "hidden": "",
        ], text: strings.sortAndFilter),
    ]
    if hasNow {
      tools.append(
        .element("a", ["class": "tl-button tl-jump", "href": "#tl-now"], text: strings.jumpToNow))
    }
    return .element("div", ["class": "tl-tools"], tools)
  }

  /// The Sort & Filter dialog: filter fields as checkbox groups in form order, and the
  /// multi-criteria sort (SORT-1 … SORT-5) as a list of checkboxes whose selected entries
  /// have a drag handle (reorder by dragging, or with the arrow keys on the handle, announced
  /// in a live region) and a direction toggle labelled in context.
  ///
  /// - Parameters:
  ///   - dialog: the dialog's fields and sort, as the core's model holds them.
  ///   - context: names filter values as their chips do; raw values without it.
  ///   - fastFilters: the filters that keep a chip when inactive.
  ///   - strings: the dialog's words; by default those of `context`'s locale, else English.
  ///   - submit: for a web app that works without JavaScript: the address the form is sent
  ///     to (`GET`, with `filter` and `sort` fields), hidden fields to keep, whether the
  ///     dialog is shown open in the page, and where Cancel leads (the view as applied).
  ///   - dateRange: the applied `from` and `to` days, to offer the date range as two day
  ///     fields; no date range without it.
  ///   - priorityRange: the timeline's priorities and the applied range, to offer the
  ///     priority range as two number fields (`priority-from`, `priority-to`, either may
  ///     stay empty); none without it.
  public func sortFilterDialog(
    _ dialog: SortFilterDialog, context: TimelineContext? = nil, fastFilters: [FilterToken] = [],
    strings: ControlStrings? = nil,
    dateRange: (from: CalendarDay?, to: CalendarDay?)? = nil,
    priorityRange: SortFilterDialog.PriorityRange? = nil,
    submit: DialogSubmission? = nil
  ) -> Markup {
    let words = strings ?? context.map { ControlStrings.localized(for: $0.locale) } ?? .english
    var form: [Markup] = [.element("h2", ["id": "tl-dialog-title"], text: words.sortAndFilter)]
    let sort = dialog.sort.workingValue
    // Reset returns to the core's defaults: the default order of criteria and its choices.
    let defaults = dialog.sort.originalValue.options
    let chosen = sort.options.filter(\.isSelected).map(\.field)
    let options: [Markup] = sort.options.map { option in
      let defaultIndex = defaults.firstIndex { $0.field == option.field } ?? 0
      let title = MultiSortModel.title(option.field, strings: words)
      // Without the script (a form to send), a chosen criterion moves with two buttons that
      // send the form (`move=FIELD:up`); the handle, which only the script moves, is hidden
      // until the script shows it.
      var moves: [Markup] = []
      if submit != nil, let place = chosen.firstIndex(of: option.field) {
        for (direction, format, arrow, end) in [
          ("up", words.moveUpFormat, "↑", 0), ("down", words.moveDownFormat, "↓", chosen.count - 1),
        ] {
          moves.append(
            .element(
              "button",
              [
                "type": "submit", "class": "tl-move", "name": "move",
                "value": option.field.rawValue + ":" + direction,
                "aria-label": words.format(format, title), "disabled": place == end ? "" : nil,
              ], text: arrow))
        }
      }
      return .element(
        "li",
        [
          "data-field": option.field.rawValue, "data-selected": String(option.isSelected),
          "data-default-index": String(defaultIndex),
          "data-default-selected": String(defaults[defaultIndex].isSelected),
          "data-default-direction": defaults[defaultIndex].direction.rawValue,
          "draggable": option.isSelected ? "true" : "false",
        ],
        [
          .element(
            "button",
            [
              "type": "button", "class": "tl-handle",
              "aria-label": words.format(words.reorderFormat, title),
              "aria-describedby": "tl-sort-help", "hidden": submit == nil ? nil : "",
            ], text: "≡"),
          .element(
            "label",
            [
              .element(
                "input",
                [
                  // With a form to send, the value carries the direction (the page then
                  // works without the script, which sends its own value).
                  "type": "checkbox", "name": "sort",
                  "value": option.field.rawValue
                    + (submit != nil && option.direction == .descending ? ":desc" : ""),
                  "checked": option.isSelected ? "" : nil,
                ]),
              .text(" " + title),
            ]),
          .element(
            "button",
            [
              // Without the script, the toggle sends the form with `flip=FIELD`: the page
              // comes back with that criterion's direction turned (and the dialog open).
              "type": submit == nil ? "button" : "submit", "class": "tl-direction",
              "name": submit == nil ? nil : "flip",
              "value": submit == nil ? nil : option.field.rawValue,
              "data-direction": option.direction.rawValue,
              "data-ascending": MultiSortModel.directionLabel(
                option.field, .ascending, strings: words),
              "data-descending": MultiSortModel.directionLabel(
                option.field, .descending, strings: words),
            ],
            text: MultiSortModel.directionLabel(option.field, option.direction, strings: words)),
        ] + moves)
    }
    form.append(
      .element(
        "fieldset",
        [
          .element("legend", text: words.sortBy),
          .element("ul", ["class": "tl-sort"], options),
          .element(
            "p",
            [
              "class": "tl-help", "id": "tl-sort-help",
              "data-error": sort.isValid ? "false" : "true", "data-help": words.sortHelp,
              "data-error-text": words.sortError,
            ],
            // Without the script the buttons order the criteria; the script says how it does.
            text: sort.errorMessage(strings: words)
              ?? (submit == nil ? words.sortHelp : words.sortHelpButtons)),
          .element(
            "p",
            [
              "class": "tl-sr", "id": "tl-sort-live", "aria-live": "assertive",
              "data-format": words.positionFormat,
            ], text: ""),
        ]))
    let named = Self.optionNames(context)
    for field in dialog.fields {
      form.append(
        .element(
          "fieldset",
          [.element("legend", text: field.title)]
            + Self.optionBoxes(field, named: named, fastFilters: fastFilters)))
    }
    // A range is two fields, either of which may stay empty (an open end).
    func end(_ title: String, _ input: Markup) -> Markup {
      .element("label", ["class": "tl-end"], [.element("span", text: title), input])
    }
    if let priorityRange {
      func number(_ name: String, _ value: Int?, _ bound: Int?) -> Markup {
        .element(
          "input",
          [
            "type": "number", "name": name, "step": "1", "inputmode": "numeric",
            "value": value.map(String.init) ?? "", "placeholder": bound.map(String.init),
          ])
      }
      form.append(
        .element(
          "fieldset",
          [
            "class": "tl-range tl-priority-range", "data-format": words.priorityFormat,
            // How the chip names the range's ends, which the page's script fills in.
            "data-between": FilterToken.priorityRangeFormats.between,
            "data-at-least": FilterToken.priorityRangeFormats.atLeast,
            "data-at-most": FilterToken.priorityRangeFormats.atMost,
          ],
          [
            .element("legend", text: words.priority),
            end(words.from, number("priority-from", priorityRange.from, priorityRange.lowest)),
            end(words.to, number("priority-to", priorityRange.to, priorityRange.highest)),
          ]))
    }
    if let dateRange {
      func day(_ name: String, _ value: CalendarDay?) -> Markup {
        .element("input", ["type": "date", "name": name, "value": value?.description ?? ""])
      }
      form.append(
        .element(
          "fieldset",
          [
            "class": "tl-range tl-date-range", "data-from-format": words.fromFormat,
            "data-to-format": words.toFormat,
          ],
          [
            .element("legend", text: words.dateRange),
            end(words.from, day("from", dateRange.from)), end(words.to, day("to", dateRange.to)),
          ]))
    }
    for (name, value) in submit?.hidden ?? [] {
      form.append(.element("input", ["type": "hidden", "name": name, "value": value]))
    }
    let cancel = Self.cancel(submit, words: words)
    form.append(
      .element(
        "div", ["class": "tl-dialog-actions"],
        [
          // Reset means the dialog's defaults. Without the script, a form's reset would
          // only bring back what was applied, so with a form to send it asks the page for
          // the defaults (`defaults=reset`; a control named `reset` would hide the form's
          // `reset()` from the script); the script resets in place either way.
          .element(
            "button",
            submit == nil
              ? ["type": "reset", "value": "reset"]
              : ["type": "submit", "name": "defaults", "value": "reset"], text: words.reset),
          cancel,
          .element("button", ["type": "submit", "value": "apply"], text: words.apply),
        ]))
    return .element(
      "dialog",
      [
        "class": "tl-dialog", "id": "tl-sort-filter", "aria-labelledby": "tl-dialog-title",
        "open": submit?.open == true ? "" : nil,
        // Open in the page (without the script): it sits over the page as the modal would.
        "data-open": submit?.open == true ? "page" : nil,
      ],
      [
        .element(
          "form",
          submit.map { ["method": "get", "action": $0.action] } ?? ["method": "dialog"], form)
      ])
  }
}

extension HTMLRenderer {
  /// The id of the selection view of `key`'s chips.
  public static func selectionID(_ key: FilterKey) -> String { "tl-select-" + key.rawValue }

  /// The selection view a chip with the down-arrow opens (FFB-8): every value of its key as a
  /// checkbox, with Cancel and Apply; a bottom sheet on compact widths and a dialog on
  /// regular ones (the stylesheet's `.tl-dialog`). The page's script opens it from the chip
  /// and applies the choice to the bar as `FilterFeedbackBar.selecting(_:for:)` does.
  ///
  /// - Parameters:
  ///   - field: the dialog field of the chip's key, with its values.
  ///   - context: names the values as their chips do; raw values without it.
  ///   - fastFilters: the filters that keep a chip when inactive.
  ///   - strings: the words of the controls.
  ///   - submit: for a web app that works without JavaScript: the address the form is sent
  ///     to (`GET`, with a `filter` field per chosen value), the fields that keep the rest of
  ///     the view (including the filters of other keys), whether it is shown open, and where
  ///     Cancel leads (the view as applied).
  public func selectionDialog(
    _ field: SortFilterDialog.Field, context: TimelineContext?, fastFilters: [FilterToken],
    strings: ControlStrings,
    submit: DialogSubmission? = nil
  ) -> Markup {
    let id = Self.selectionID(field.key)
    let hidden: [Markup] = (submit?.hidden ?? []).map {
      .element("input", ["type": "hidden", "name": $0.0, "value": $0.1])
    }
    let cancel = Self.cancel(submit, words: strings)
    return .element(
      "dialog",
      [
        "class": "tl-dialog tl-selection", "id": id, "aria-labelledby": id + "-title",
        "data-key": field.key.rawValue, "open": submit?.open == true ? "" : nil,
        "data-open": submit?.open == true ? "page" : nil,
      ],
      [
        .element(
          "form",
          submit.map { ["method": "get", "action": $0.action] } ?? ["method": "dialog"],
          hidden + [
            .element("h2", ["id": id + "-title"], text: field.title),
            .element(
              "fieldset",
              [.element("legend", ["class": "tl-sr"], text: field.title)]
                + Self.optionBoxes(
                  field, named: Self.optionNames(context), fastFilters: fastFilters)),
            .element(
              "div", ["class": "tl-dialog-actions"],
              [
                cancel,
                .element("button", ["type": "submit", "value": "apply"], text: strings.apply),
              ]),
          ])
      ])
  }

  /// A dialog's Cancel: a link back to the view as it is when the dialog is a sent form, else
  /// a button that closes it.
  static func cancel(
    _ submit: DialogSubmission?,
    words: ControlStrings
  ) -> Markup {
    guard let submit else {
      return .element(
        "button", ["type": "submit", "value": "cancel", "formmethod": "dialog"],
        text: words.cancel)
    }
    return .element(
      "a", ["class": "tl-button", "href": submit.cancel], text: words.cancel)
  }

  /// A checkbox per value of `field`, named as its chip is, checked when chosen.
  /// What names a filter option: the context and the timeline's words in its language,
  /// looked up once for a dialog's options (a locale's language is an ICU call).
  typealias OptionNames = (TimelineContext, TimelineStrings)

  static func optionNames(_ context: TimelineContext?) -> OptionNames? {
    context.map { ($0, TimelineStrings.localized(for: $0.locale)) }
  }

  static func optionBoxes(
    _ field: SortFilterDialog.Field, named: OptionNames?, fastFilters: [FilterToken]
  ) -> [Markup] {
    field.options.map { token in
      .element(
        "label",
        [
          .element(
            "input",
            [
              "type": "checkbox", "name": "filter", "value": token.description,
              "checked": field.item.workingValue.contains(token) ? "" : nil,
              "data-fast": fastFilters.contains(token) ? "true" : nil,
            ]),
          .element(
            "span", ["class": "tl-option-label"],
            text: " "
              + (named.map { FilterFeedbackBar.label(for: token, context: $0, strings: $1) }
                ?? token.value)),
          .element("br"),
        ])
    }
  }

  /// `?name=value&…` with every name and value percent-encoded; empty without fields.
  public static func query(_ fields: [(String, String)]) -> String {
    guard !fields.isEmpty else { return "" }
    return "?"
      + fields.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
  }

  /// `text` with everything but unreserved characters percent-encoded (RFC 3986).
  public static func percentEncoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }
}
