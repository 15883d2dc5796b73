import Foundation
import Hummingbird
import TimelineCore

/// The pages that show timelines: the index of every timeline with its preview strip, a
/// timeline's page (or its list, `?view=list`), and the windows a page loads as it scrolls.
struct TimelinesController: Sendable {
  let service: TimelineService
  var pages: Pages { Pages(service: service) }

  func add(to router: Router<AppRequestContext>) {
    router.get("/", use: index)
    router.get("timelines/:timeline", use: timeline)
    router.get("timelines/:timeline/window", use: window)
    router.get("timelines/:timeline/print", use: printView)
  }

  /// `GET /`: every timeline with its preview strip (PV-1 … PV-6).
  @Sendable func index(_ request: Request, context: AppRequestContext) async throws -> Response {
    .html(try await pages.index(try ViewQuery(request, defaultLimit: 12)))
  }

  /// `GET /timelines/{id}`: the window around now (or the address's anchor) with the bar,
  /// the search and the Sort & Filter dialog; `?view=list` is the list (LIST-1, LIST-2).
  /// `selected=ITEM` shows that item's row as the selected one (TL-8), as after a change;
  /// `deleted=1` says that the reader's item was deleted, as after deleting one.
  @Sendable func timeline(_ request: Request, context: AppRequestContext) async throws
    -> CachedAnswer
  {
    try await service.cachedView(request, context, type: Pages.html) { info, view in
      let deleted = FormBody.parameter("deleted", in: request) == "1"
      if view.isList { return try await pages.list(info, view: view, deleted: deleted) }
      return try await pages.timeline(
        info, view: view,
        dialogOpen: FormBody.parameter("dialog", in: request) == "1" || view.flipped,
        selectionOpen: FormBody.parameter("select", in: request).flatMap(FilterKey.init),
        selectedID: FormBody.parameter("selected", in: request), deleted: deleted)
    }
  }

  /// `GET /timelines/{id}/print`: the whole view (its search, filters and sort), up to
  /// ``Pages/printedRows`` rows, as a page to print.
  @Sendable func printView(_ request: Request, context: AppRequestContext) async throws
    -> CachedAnswer
  {
    try await service.cachedView(request, context, type: Pages.html) { info, view in
      try await pages.printed(info, view: view)
    }
  }

  /// `GET /timelines/{id}/window`: the rows before or after a cursor, as the markup the
  /// page's script inserts.
  @Sendable func window(_ request: Request, context: AppRequestContext) async throws
    -> CachedAnswer
  {
    try await service.cachedView(request, context, type: Pages.html) { info, view in
      try await pages.fragment(info, view: view)
    }
  }
}
