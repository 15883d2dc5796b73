import TimelineCore
import TimelineHTML
import _TimelineMarkup

/// The body of a standalone HTML timeline page, shared by `render` and `preview`: the
/// tools (search, Sort & Filter, jump to now), the feedback bar, the dialog and the
/// timeline, or the window of it that a large timeline's page holds (TL-11).
///
/// A page that holds the whole timeline holds every row, and hides those the query leaves
/// out: a filter or search it was rendered with can then be lifted in the page. A page of a
/// window holds the query's rows only.
struct TimelinePage {
  /// The timeline with the query applied.
  var filtered: TimelinePresentation
  var document: TimelineDocument
  var configuration: TimelineConfiguration
  var query: QueryOptions
  /// The most rows the page holds; `nil` for every row.
  var limit: Int?

  var context: TimelineContext { filtered.context }

  /// The most rows a page filters in place.
  static let interactiveRows = 20_000

  /// The page's body.
  func body(html: HTMLRenderer) -> [Markup] {
    // A page that holds the whole timeline, and can filter it in place, holds every row.
    var shown = filtered
    var hidden: Set<Int> = []
    if !query.query.selectsEverything {
      let whole = TimelinePresentation(
        document: document, context: context, configuration: configuration,
        query: TimelineQuery(sort: query.query.sort))
      if whole.count <= min(limit ?? .max, Self.interactiveRows) {
        shown = whole
        hidden = whole.rows(notMatching: query.query)
      }
    }
    let window = limit.flatMap {
      shown.pageWindow(limit: $0, selectedID: configuration.selectedID)
    }
    let words = ControlStrings.localized(for: context.locale)
    let offered = SortFilterDialog.options(for: document.items)
    let dialog = query.dialog(strings: words, attributes: offered.attributes)
    var body = query.pageControls(
      matches: filtered.count, hasNow: shown.holdsNowIndicator(in: window), context: context,
      dialog: dialog, priorities: offered.priorities, strings: words, html: html)
    if let window {
      body.append(
        Render.noteMarkup(
          Render.windowNote(
            shown.strings.summaries.windowFormat, window: window, total: shown.count,
            strings: shown.strings.summaries)))
    }
    // Filtering in the page needs what each row passes; past `interactiveRows` rows (an
    // `--all` page of a huge timeline) that would cost more than the page is worth, and the
    // rows carry none (the chips and search then leave them as they are).
    let held = window?.count ?? shown.count
    let filters = held <= Self.interactiveRows ? query.pageFilters(dialog) : []
    body.append(html.timeline(shown, window: window, filters: filters, hidden: hidden))
    return body
  }
}
