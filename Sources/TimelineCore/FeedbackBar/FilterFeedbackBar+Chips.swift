import Foundation

extension FilterFeedbackBar {
  /// The chips in display order (FFB-2, FFB-3, FFB-9): the counter chip once a filter is
  /// active (when the bar has one), the sort
  /// chip when the sort is not the default, the active filters, then the inactive fast
  /// filters in their defined order.
  public func chips(context: TimelineContext, strings: TimelineStrings? = nil) -> [FilterChip] {
    let strings = strings ?? .localized(for: context.locale)
    let labeler = ChipLabeler(context: context, strings: strings)
    let words = strings.controls
    var chips: [FilterChip] = []
    // FFB-9: the counter counts the active filters (a sort is not one) and stands in front
    // once there is at least one.
    let activeCount = activeFilters.count
    if showsCounter, activeCount > 0 {
      chips.append(
        FilterChip(
          id: "counter", kind: .counter, text: String(activeCount), isSelected: activeCount > 0,
          token: nil, showsDisclosure: true,
          accessibilityLabel: words.format(words.counterFormat, number: activeCount)))
    }
    if sort != defaultSort {
      let text = words.format(words.sortChipFormat, Self.sortChipValue(sort, strings: words))
      chips.append(
        FilterChip(
          id: "sort", kind: .sort, text: text, isSelected: true, token: nil, showsDisclosure: true,
          accessibilityLabel: text))
    }
    for token in activeFilters {
      chips.append(chip(token, selected: true, labeler: labeler, words: words))
    }
    for fast in fastFilters where !activeFilters.contains(fast.token) {
      chips.append(chip(fast.token, selected: false, labeler: labeler, words: words))
    }
    return chips
  }

  /// The text of a chip for `token` (FFB-7): the value's name, with a prefix where the value
  /// alone is ambiguous ("From: Nov 1, 2026", "Priority: 2–5").
  public static func label(
    for token: FilterToken, context: TimelineContext, strings: TimelineStrings? = nil
  ) -> String {
    ChipLabeler(context: context, strings: strings ?? .localized(for: context.locale)).text(
      for: token)
  }

  /// What the sort chip names (SORT-7): the first criterion, with its direction in context
  /// when that is not the criterion's default ("Priority, High to Low").
  public static func sortChipValue(_ sort: SortOrder, strings: ControlStrings) -> String {
    guard let first = sort.criteria.first else { return "" }
    let title = MultiSortModel.title(first.field, strings: strings)
    guard first.direction != .ascending else { return title }
    return strings.format(
      strings.criterionDirectionFormat, title,
      MultiSortModel.directionLabel(first.field, first.direction, strings: strings))
  }

  /// "12 results": the number of matching objects, shown after filtering (FFB-9).
  public static func matchLabel(_ count: Int, strings: ControlStrings) -> String {
    strings.results(count)
  }

  private func chip(
    _ token: FilterToken, selected: Bool, labeler: ChipLabeler, words: ControlStrings
  ) -> FilterChip {
    let text = labeler.text(for: token)
    let fast = fastFilters.first { $0.token == token }
    return FilterChip(
      id: "filter:\(token)", kind: .filter, text: text, isSelected: selected, token: token,
      showsDisclosure: fast?.hasExtendedSelection ?? false,
      accessibilityLabel: selected ? words.format(words.appliedFormat, text) : text,
      isFastFilter: fast != nil)
  }
}

/// The text of a filter chip (FFB-7): the value's name, with a prefix where the value alone
/// is ambiguous ("From: Nov 1", "Priority: 2–5").
struct ChipLabeler {
  let context: TimelineContext
  let strings: TimelineStrings

  func text(for token: FilterToken) -> String {
    switch token.key {
    case .status:
      guard let status = ItemStatus(rawValue: token.value) else { return token.value }
      return strings.name(of: Node(kind: .event, status: status))
    case .kind:
      guard let kind = ItemKind(rawValue: token.value) else { return token.value }
      return strings.name(of: kind)
    case .attribute:
      return token.value
    case .priority:
      guard let value = token.priorityText else { return token.value }
      return strings.controls.format(strings.controls.priorityFormat, value)
    case .from, .to:
      let format = token.key == .from ? strings.controls.fromFormat : strings.controls.toFormat
      guard let date = token.boundary(in: context.calendar) else {
        return strings.controls.format(format, token.value)
      }
      return strings.controls.format(
        format, DateFormatters.shared.string(from: date, template: "yMMMd", context: context))
    }
  }
}
