import ArgumentParser
import TimelineCore
import TimelineHTML
import TimelineTerminal
import _TimelineMarkup

/// Search, filters, sort and fast filters: what `render` and `preview` show of a document.
struct QueryOptions: ParsableArguments {
  @Option(help: "Words that must all occur (case- and diacritic-insensitive).")
  var search: String?

  @Option(
    name: .customLong("filter"),
    help:
      "KEY=VALUE; repeatable. Keys: status, kind, attribute, from, to, priority (N, N..M, N.. or ..M)."
  )
  var filters: [String] = []

  @Option(
    help: "Criteria in order, e.g. priority:desc,date. Names: date, title, status, priority, kind.")
  var sort: String?

  @OptionGroup var chips: ChipOptions

  @Flag(help: "Show the counter chip (FFB-9): the number of applied filters; opens Sort & Filter.")
  var counter = false

  func validate() throws {
    // An empty flag is a mistake on the command line (an address may leave a field empty).
    if filters.contains("") { throw ValidationError("--filter: expected KEY=VALUE, got ''") }
    if sort == "" { throw ValidationError("--sort: expected criteria such as priority:desc,date") }
    do { _ = try parsedQuery() } catch {
      throw ValidationError("--\(error.parameter): \(error.reason)")
    }
  }

  /// The core's query of the flags, read as an address's `q`, `filter` and `sort` are.
  func parsedQuery() throws(QueryParameterError) -> TimelineQuery {
    try TimelineQuery(search: search, filters: filters, sort: sort)
  }

  /// The query; validated before `run()`, so it cannot fail here.
  var query: TimelineQuery { (try? parsedQuery()) ?? TimelineQuery() }

  /// The feedback bar of the query, shown or not.
  var fullBar: FilterFeedbackBar {
    let query = query
    return FilterFeedbackBar(
      fastFilters: chips.fastFilters, activeFilters: query.filters, sort: query.sort,
      showsCounter: counter)
  }

  /// The feedback bar, when it is visible (FFB-10).
  var bar: FilterFeedbackBar? {
    let bar = fullBar
    return bar.isShown(search: search ?? "") || counter ? bar : nil
  }

  /// The Sort & Filter dialog showing the applied filters and sort, its groups named in
  /// the language of `strings`, offering `attributes`.
  func dialog(strings: ControlStrings, attributes: [String] = []) -> SortFilterDialog {
    let query = query
    return .standard(
      filters: query.filters, sort: query.sort, strings: strings, attributes: attributes)
  }

  /// The filter tokens a page's chips and `dialog` can turn on: the fast filters, the
  /// filters it was rendered with and the dialog's options.
  func pageFilters(_ dialog: SortFilterDialog) -> [FilterToken] {
    var tokens = chips.fastFilters.map(\.token)
    for token in query.filters where !tokens.contains(token) { tokens.append(token) }
    for option in dialog.fields.flatMap(\.options) where !tokens.contains(option) {
      tokens.append(option)
    }
    return tokens
  }

  /// The feedback bar on a terminal, when there is one, in the context's language.
  func writeBar(
    _ chips: [FilterChip]?, matches: Int, context: TimelineContext, width: Int,
    style: TerminalStyle, to output: inout some TextOutputStream
  ) {
    guard let chips else { return }
    FeedbackBarTerminalRenderer(width: width, style: style)
      .render(chips, matchCount: matches, strings: .localized(for: context.locale), to: &output)
  }

  /// The tools, the feedback bar (hidden while it would not be shown, FFB-10) and `dialog`
  /// of an HTML timeline page, in the language of `strings`; the dialog's priority range
  /// spans `priorities`, the timeline's.
  func pageControls(
    matches: Int, hasNow: Bool, context: TimelineContext, dialog: SortFilterDialog,
    priorities: [Int], strings: ControlStrings, html: HTMLRenderer
  ) -> [Markup] {
    let fullBar = fullBar
    let fast = fullBar.fastFilters.map(\.token)
    return [
      // The tools and the bar stay together; the page's script keeps them on screen.
      .element(
        "div", ["class": "tl-controls"],
        [
          html.timelineTools(search: search ?? "", hasNow: hasNow, strings: strings),
          html.feedbackBar(
            fullBar.chips(context: context), matchCount: matches, strings: strings,
            hidden: bar == nil, counter: fullBar.showsCounter),
        ]),
      html.sortFilterDialog(
        dialog, context: context, fastFilters: fast, strings: strings,
        dateRange: SortFilterDialog.dateRange(in: fullBar.activeFilters),
        priorityRange: SortFilterDialog.priorityRange(
          in: fullBar.activeFilters, offered: priorities)),
    ]
      + fullBar.selectionKeys.compactMap { key in
        dialog.selection(for: key, bar: fullBar, strings: strings).map {
          html.selectionDialog($0, context: context, fastFilters: fast, strings: strings)
        }
      }
  }
}

/// The chips a timeline page offers: fast filters (FFB-3) and which of them open a selection
/// of their key's values (FFB-8). Used by `render`, `preview` and `serve`.
struct ChipOptions: ParsableArguments {
  @Option(
    name: .customLong("fast-filters"),
    help: "Comma-separated KEY=VALUE fast filters shown as chips in the filter feedback bar.")
  var fastFilterList: String?

  @Option(
    name: .customLong("selection-chips"),
    help: ArgumentHelp(
      "Comma-separated keys (status, kind, attribute, priority) whose fast-filter chips show ▾.",
      discussion:
        "Such a chip opens a selection of every value of its key: a bottom sheet on phones, a dialog on wider screens (FFB-8)."
    ))
  var selectionChips: String?

  func validate() throws {
    let fast: [FilterToken]
    let keys: [FilterKey]
    do {
      fast = try fastFilterTokens()
      keys = try selectionKeys()
    } catch {
      throw ValidationError(error.description)
    }
    // A key without a fast filter would show no ▾ chip: refused, not ignored.
    for key in keys where !fast.contains(where: { $0.key == key }) {
      throw ValidationError(
        "--selection-chips: no fast filter of \(key.rawValue) (add one with --fast-filters)")
    }
  }

  func fastFilterTokens() throws(QueryError) -> [FilterToken] {
    guard let fastFilterList else { return [] }
    var result: [FilterToken] = []
    for text in fastFilterList.split(separator: ",") {
      result.append(try FilterToken(parsing: String(text)))
    }
    return result
  }

  /// The keys of `--selection-chips`; days have no list of values to choose from.
  func selectionKeys() throws(QueryError) -> [FilterKey] {
    guard let selectionChips else { return [] }
    var keys: [FilterKey] = []
    for text in selectionChips.split(separator: ",") {
      let name = String(text.filter { $0 != " " })
      guard let key = FilterKey(rawValue: name), key != .from, key != .to else {
        throw QueryError(
          value: name, accepted: ["status", "kind", "attribute", "priority"],
          what: "--selection-chips key")
      }
      keys.append(key)
    }
    return keys
  }

  /// The fast filters, those of `--selection-chips` keys with the down-arrow; validated
  /// before `run()`, so it cannot fail here.
  var fastFilters: [FilterFeedbackBar.FastFilter] {
    let keys = (try? selectionKeys()) ?? []
    return ((try? fastFilterTokens()) ?? []).map {
      FilterFeedbackBar.FastFilter($0, hasExtendedSelection: keys.contains($0.key))
    }
  }
}
