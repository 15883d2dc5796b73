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
    help: "KEY=VALUE; repeatable. Keys: status, kind, attribute, from, to, priority (N or N..M).")
  var filters: [String] = []

  @Option(
    help: "Criteria in order, e.g. priority:desc,date. Names: date, title, status, priority, kind.")
  var sort: String?

  @Option(
    name: .customLong("fast-filters"),
    help: "Comma-separated KEY=VALUE fast filters shown as chips in the filter feedback bar.")
  var fastFilters: String?

  @Flag(help: "Show the counter chip (FFB-9): the number of applied filters; opens Sort & Filter.")
  var counter = false

  func validate() throws {
    do {
      _ = try tokens()
      _ = try sortOrder()
      _ = try fastFilterTokens()
    } catch {
      throw ValidationError(error.description)
    }
  }

  func tokens() throws(QueryError) -> [FilterToken] {
    var result: [FilterToken] = []
    for text in filters { result.append(try FilterToken(parsing: text)) }
    return result
  }

  func sortOrder() throws(QueryError) -> SortOrder {
    guard let sort else { return .default }
    return try SortOrder(parsing: sort)
  }

  func fastFilterTokens() throws(QueryError) -> [FilterToken] {
    guard let fastFilters else { return [] }
    var result: [FilterToken] = []
    for text in fastFilters.split(separator: ",") {
      result.append(try FilterToken(parsing: String(text)))
    }
    return result
  }

  /// The query; validated before `run()`, so it cannot fail here.
  var query: TimelineQuery {
    TimelineQuery(
      search: search ?? "", filters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default)
  }

  /// The feedback bar of the query, shown or not.
  var fullBar: FilterFeedbackBar {
    FilterFeedbackBar(
      fastFilters: ((try? fastFilterTokens()) ?? []).map { FilterFeedbackBar.FastFilter($0) },
      activeFilters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default,
      showsCounter: counter)
  }

  /// The feedback bar, when it is visible (FFB-10).
  var bar: FilterFeedbackBar? {
    let bar = fullBar
    return bar.isVisible || counter || !(search ?? "").isEmpty ? bar : nil
  }

  /// The Sort & Filter dialog showing the applied filters and sort, its groups named in
  /// the language of `strings`, offering the attributes and priorities of `items`.
  func dialog(strings: ControlStrings, items: [TimelineItem] = []) -> SortFilterDialog {
    let offered = SortFilterDialog.options(for: items)
    return .standard(
      filters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default, strings: strings,
      attributes: offered.attributes, priorities: offered.priorities)
  }

  /// The filter tokens a page's chips and `dialog` can turn on: the fast filters, the
  /// filters it was rendered with and the dialog's options.
  func pageFilters(_ dialog: SortFilterDialog) -> [FilterToken] {
    var tokens = (try? fastFilterTokens()) ?? []
    for token in (try? self.tokens()) ?? [] where !tokens.contains(token) { tokens.append(token) }
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
  /// of an HTML timeline page, in the language of `strings`.
  func pageControls(
    matches: Int, hasNow: Bool, context: TimelineContext, dialog: SortFilterDialog,
    strings: ControlStrings, html: HTMLRenderer
  ) -> [Markup] {
    [
      html.timelineTools(search: search ?? "", hasNow: hasNow, strings: strings),
      html.feedbackBar(
        fullBar.chips(context: context), matchCount: matches, strings: strings,
        hidden: bar == nil),
      html.sortFilterDialog(
        dialog, context: context, fastFilters: (try? fastFilterTokens()) ?? [], strings: strings,
        dateRange: SortFilterDialog.dateRange(in: (try? tokens()) ?? [])),
    ]
  }
}
