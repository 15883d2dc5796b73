import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// The filter feedback bar (FFB-1 … FFB-10): one horizontally scrolling row of chips.
  /// Filter chips are toggle buttons (`aria-pressed`); sort and counter chips open the
  /// Sort & Filter dialog. Without JavaScript the chips are inert labels of the state.
  ///
  /// `strings` names the number of matches, here and in the script that updates it.
  public func feedbackBar(
    _ chips: [FilterChip], matchCount: Int?, strings: ControlStrings = .english
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
      switch chip.kind {
      case .filter:
        button = .element(
          "button",
          [
            "type": "button", "class": "tl-chip",
            "aria-pressed": chip.isSelected ? "true" : "false",
            "data-filter": chip.token?.description, "data-kind": "filter",
            "data-fast": chip.isFastFilter ? "true" : "false",
          ], content)
      case .sort, .counter:
        button = .element(
          "button",
          [
            "type": "button", "class": "tl-chip",
            "data-selected": chip.isSelected ? "true" : "false",
            "data-kind": chip.kind.rawValue, "aria-haspopup": "dialog",
            "aria-controls": "tl-sort-filter",
            "aria-label": chip.accessibilityLabel,
          ], content)
      }
      return .element("li", [button])
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
        "data-sort-chip": strings.sortChipFormat,
      ], children)
  }

  /// The Sort & Filter dialog: filter fields as checkbox groups in form order, and the
  /// multi-criteria sort (SORT-1 … SORT-5) as a list of checkboxes whose selected entries
  /// have a drag handle (reorder by dragging, or with the arrow keys on the handle, announced
  /// in a live region) and a direction toggle labelled in context.
  ///
  /// - Parameters:
  ///   - context: names filter values as their chips do; raw values without it.
  ///   - fastFilters: the filters that keep a chip when inactive.
  ///   - strings: the dialog's words; by default those of `context`'s locale, else English.
  public func sortFilterDialog(
    _ dialog: SortFilterDialog, context: TimelineContext? = nil, fastFilters: [FilterToken] = [],
    strings: ControlStrings? = nil
  ) -> Markup {
    let words = strings ?? context.map { ControlStrings.localized(for: $0.locale) } ?? .english
    var form: [Markup] = [.element("h2", ["id": "tl-dialog-title"], text: words.sortAndFilter)]
    let sort = dialog.sort.workingValue
    let options: [Markup] = sort.options.map { option in
      let title = MultiSortModel.title(option.field, strings: words)
      return .element(
        "li",
        [
          "data-field": option.field.rawValue, "data-selected": String(option.isSelected),
          "draggable": option.isSelected ? "true" : "false",
        ],
        [
          .element(
            "button",
            [
              "type": "button", "class": "tl-handle",
              "aria-label": words.format(words.reorderFormat, title),
              "aria-describedby": "tl-sort-help",
            ], text: "≡"),
          .element(
            "label",
            [
              .element(
                "input",
                [
                  "type": "checkbox", "name": "sort", "value": option.field.rawValue,
                  "checked": option.isSelected ? "" : nil,
                ]),
              .text(" " + title),
            ]),
          .element(
            "button",
            [
              "type": "button", "class": "tl-direction",
              "data-direction": option.direction.rawValue,
              "data-ascending": MultiSortModel.directionLabel(
                option.field, .ascending, strings: words),
              "data-descending": MultiSortModel.directionLabel(
                option.field, .descending, strings: words),
            ],
            text: MultiSortModel.directionLabel(option.field, option.direction, strings: words)),
        ])
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
              "data-error": sort.isValid ? "false" : "true",
            ],
            text: sort.errorMessage(strings: words) ?? words.sortHelp),
          .element(
            "p", ["class": "tl-sr", "id": "tl-sort-live", "aria-live": "assertive"], text: ""),
        ]))
    for field in dialog.fields {
      let boxes: [Markup] = field.options.map { token in
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
                + (context.map { FilterFeedbackBar.label(for: token, context: $0) } ?? token.value)),
            .element("br"),
          ])
      }
      form.append(.element("fieldset", [.element("legend", text: field.title)] + boxes))
    }
    form.append(
      .element(
        "div", ["class": "tl-dialog-actions"],
        [
          .element("button", ["type": "reset", "value": "reset"], text: words.reset),
          .element(
            "button", ["type": "submit", "value": "cancel", "formmethod": "dialog"],
            text: words.cancel),
          .element("button", ["type": "submit", "value": "apply"], text: words.apply),
        ]))
    return .element(
      "dialog",
      ["class": "tl-dialog", "id": "tl-sort-filter", "aria-labelledby": "tl-dialog-title"],
      [.element("form", ["method": "dialog"], form)])
  }
}
