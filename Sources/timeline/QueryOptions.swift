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

  /// The feedback bar, when it is visible (FFB-10).
  var bar: FilterFeedbackBar? {
    let bar = FilterFeedbackBar(
      fastFilters: ((try? fastFilterTokens()) ?? []).map { FilterFeedbackBar.FastFilter($0) },
      activeFilters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default,
      showsCounter: counter)
    return bar.isVisible || counter || !(search ?? "").isEmpty ? bar : nil
  }

  /// The bar of an HTML page, which every timeline page has: hidden until something is
  /// applied when it would not be shown (FFB-10), so that the page can show it.
  var pageBar: FilterFeedbackBar {
    bar
      ?? FilterFeedbackBar(
        fastFilters: [], activeFilters: [], sort: .default, showsCounter: counter)
  }

  /// The Sort & Filter dialog showing the applied filters and sort, its groups named in
  /// the language of `strings`, offering the attributes and priorities of `items`.
  func dialog(strings: ControlStrings, items: [TimelineItem] = []) -> SortFilterDialog {
    let offered = SortFilterDialog.options(for: items)
    return .standard(
      filters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default, strings: strings,
      attributes: offered.attributes, priorities: offered.priorities)
  }

  /// The filter tokens a page's chips and dialog can turn on: the fast filters, the
  /// filters it was rendered with and the dialog's options.
  func pageFilters(_ context: TimelineContext, items: [TimelineItem]) -> [FilterToken] {
    let words = ControlStrings.localized(for: context.locale)
    var tokens = (try? fastFilterTokens()) ?? []
    for token in (try? self.tokens()) ?? [] where !tokens.contains(token) { tokens.append(token) }
    for option in dialog(strings: words, items: items).fields.flatMap(\.options)
    where !tokens.contains(option) {
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

  /// The tools, the feedback bar (hidden while it would not be shown, FFB-10) and the Sort &
  /// Filter dialog of an HTML timeline page, in the context's language.
  func pageControls(
    matches: Int, hasNow: Bool, context: TimelineContext, items: [TimelineItem],
    html: HTMLRenderer
  ) -> [Markup] {
    let words = ControlStrings.localized(for: context.locale)
    return [
      html.timelineTools(search: search ?? "", hasNow: hasNow, strings: words),
      html.feedbackBar(
        pageBar.chips(context: context), matchCount: matches, strings: words,
        hidden: bar == nil),
      html.sortFilterDialog(
        dialog(strings: words, items: items), context: context,
        fastFilters: (try? fastFilterTokens()) ?? [], strings: words,
        dateRange: SortFilterDialog.dateRange(in: (try? tokens()) ?? [])),
    ]
  }
}
