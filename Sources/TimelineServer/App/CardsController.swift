import Foundation
import Hummingbird
import TimelineCore
import TimelineHTML

/// A timeline's card feed (CARD-1 … CARD-6) and the stylesheet of its cards' appearance.
struct CardsController: Sendable {
  let service: TimelineService
  var pages: Pages { Pages(service: service) }

  func add(to router: Router<AppRequestContext>) {
    router.get("timelines/:timeline/cards", use: cards)
    router.get("timelines/:timeline/cards.css", use: styles)
  }

  /// `GET /timelines/{id}/cards`: a page of the feed from `start`, one card above another
  /// or side by side (`layout=horizontal`, CARD-6).
  @Sendable func cards(_ request: Request, context: AppRequestContext) async throws
    -> CachedAnswer
  {
    try await service.cachedView(request, context, type: Pages.html) { info, view in
      let start = FormBody.parameter("start", in: request).flatMap { Int($0) } ?? 0
      let layout = FormBody.parameter("layout", in: request) ?? ""
      guard
        let orientation = layout.isEmpty ? .vertical : CardLayout.Orientation(rawValue: layout)
      else {
        throw ViewQuery.Invalid(parameter: "layout", detail: "expected vertical or horizontal")
      }
      return pages.cards(info, start: start, now: view.now, orientation: orientation)
    }
  }

  /// `GET /timelines/{id}/cards.css`: the feed's styles (CARD-5), linked from the cards
  /// page with the revision in the address, so a page never meets another revision's styles.
  @Sendable func styles(_ request: Request, context: AppRequestContext) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    return .text(
      CardStyleSheet(feed: Pages.feed(info)).css, type: "text/css; charset=utf-8"
    ).cached
  }
}
