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
      activeFilters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default)
    return bar.isVisible || !(search ?? "").isEmpty ? bar : nil
  }

  /// The Sort & Filter dialog showing the applied filters and sort, its groups named in
  /// the language of `strings`.
  func dialog(strings: ControlStrings) -> SortFilterDialog {
    .standard(
      filters: (try? tokens()) ?? [], sort: (try? sortOrder()) ?? .default, strings: strings)
  }

  /// The filter tokens a page's chips and dialog can turn on: the fast filters and the
  /// dialog's options, when the page has a bar.
  func pageFilters(_ context: TimelineContext) -> [FilterToken] {
    guard bar != nil else { return [] }
    let words = ControlStrings.localized(for: context.locale)
    var tokens = (try? fastFilterTokens()) ?? []
    for option in dialog(strings: words).fields.flatMap(\.options) where !tokens.contains(option) {
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

  /// The feedback bar and its Sort & Filter dialog in HTML, when there is a bar, in the
  /// context's language.
  func barMarkup(
    _ chips: [FilterChip]?, matches: Int, context: TimelineContext, html: HTMLRenderer
  ) -> [Markup] {
    guard let chips else { return [] }
    let words = ControlStrings.localized(for: context.locale)
    return [
      html.feedbackBar(chips, matchCount: matches, strings: words),
      html.sortFilterDialog(
        dialog(strings: words), context: context, fastFilters: (try? fastFilterTokens()) ?? [],
        strings: words),
    ]
  }
}
