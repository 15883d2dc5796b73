import Foundation
import Hummingbird
import TimelineCore
import TimelineHTML

/// A timeline's card feed (CARD-1 … CARD-6), the stylesheet of its cards' appearance, and
/// each card item's page, whose buttons change the item's state (CARD-4).
struct CardsController: Sendable {
  let service: TimelineService
  var pages: Pages { Pages(service: service) }

  func add(to router: Router<AppRequestContext>) {
    router.get("timelines/:timeline/cards", use: cards)
    router.get("timelines/:timeline/cards.css", use: styles)
    router.get("timelines/:timeline/cards/:card/:element", use: item)
    router.get("timelines/:timeline/cards/:card/:element/:child", use: item)
    router.post("timelines/:timeline/cards/:card/:element", use: setStatus)
    router.post("timelines/:timeline/cards/:card/:element/:child", use: setStatus)
  }

  /// `GET /timelines/{id}/cards`: a page of the feed from `start`, one card above another
  /// or side by side (`layout=horizontal`, CARD-6), the item `selected` names selected.
  @Sendable func cards(_ request: Request, context: AppRequestContext) async throws
    -> CachedAnswer
  {
    try await service.cachedView(request, context, type: Pages.html) { info, view in
      let orientation = try Self.layout(FormBody.parameter("layout", in: request))
      let feed = try await service.store.cards(
        timeline: info.id, from: try Self.start(request, info), limit: Pages.cardsPerPage)
      return pages.cards(
        info, feed: feed, now: view.now, orientation: orientation,
        selected: FormBody.parameter("selected", in: request).flatMap(Self.path))
    }
  }

  /// `GET /timelines/{id}/cards.css`: the styles of the feed's page from `start` (CARD-5),
  /// linked from that page with the revision in the address, so a page never meets
  /// another revision's styles.
  @Sendable func styles(_ request: Request, context: AppRequestContext) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    let feed = try await service.store.cards(
      timeline: info.id, from: try Self.start(request, info), limit: Pages.cardsPerPage)
    return .text(
      CardStyleSheet(feed: feed ?? CardFeed(entries: [])).css, type: "text/css; charset=utf-8"
    ).cached
  }

  /// `GET /timelines/{id}/cards/{card}/{element}[/{child}]`: a card item's page.
  @Sendable func item(_ request: Request, context: AppRequestContext) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    let path = try Self.path(context)
    guard
      let feed = try await service.store.cards(timeline: info.id, from: path.card, limit: 1),
      feed.cardsBefore == path.card, let entry = feed.entries.first,
      let page = pages.cardItem(
        info, card: entry, path: path, now: try ViewQuery(request, defaultLimit: 1).now,
        layout: try Self.layout(FormBody.parameter("layout", in: request)), csrf: context.csrf)
    else { throw AppError.notFound(.cardItem) }
    return .formPage(page)
  }

  /// `POST /timelines/{id}/cards/{card}/{element}[/{child}]`: one of the state buttons;
  /// back to the feed, the item selected.
  @Sendable func setStatus(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    let form = try await ItemsController.form(
      request, context: context, limit: service.configuration.bodyLimit)
    let timeline = try timelineID(context)
    let path = try Self.path(context)
    guard let status = ItemStatus(rawValue: form.value("status")) else {
      throw ViewQuery.Invalid(parameter: "status", detail: "expected open, inProgress or completed")
    }
    do {
      _ = try await service.store.setCardItemStatus(timeline: timeline, path: path, status: status)
    } catch StoreError.notFound {
      throw AppError.notFound(.cardItem)
    }
    return .redirect(
      Pages.cardsAddress(
        timeline, start: Pages.cardsPage(holding: path.card),
        layout: try Self.layout(form.value("layout")), selected: path))
  }

  /// The first card of a page: `start` (0 when absent), at most the feed's last card, so a
  /// page past the end shows the last one; anything but digits is refused (400).
  static func start(_ request: Request, _ info: TimelineInfo) throws -> Int {
    guard let text = FormBody.parameter("start", in: request), !text.isEmpty else { return 0 }
    // Digits only (no sign or spaces); a number past the end means the last card.
    guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      throw ViewQuery.Invalid(parameter: "start", detail: "expected a card number from 0")
    }
    return min(Int(text) ?? .max, max(0, (info.cardCount ?? 0) - 1))
  }

  /// The feed's layout from a `layout` value: vertical when absent or empty.
  static func layout(_ value: String?) throws -> CardLayout.Orientation {
    guard let value, !value.isEmpty else { return .vertical }
    guard let layout = CardLayout.Orientation(rawValue: value) else {
      throw ViewQuery.Invalid(parameter: "layout", detail: "expected vertical or horizontal")
    }
    return layout
  }

  /// A card item's path from `card/element[/child]` text.
  static func path(_ text: String) -> CardItemPath? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard (2...3).contains(parts.count) else { return nil }
    return CardItemPath(card: parts[0], element: parts[1], child: parts.count == 3 ? parts[2] : nil)
  }

  /// The card item the address names; "not found" for numbers out of bounds.
  static func path(_ context: AppRequestContext) throws -> CardItemPath {
    guard let card = context.parameters.get("card"),
      let element = context.parameters.get("element"),
      let path = CardItemPath(
        card: card, element: element, child: context.parameters.get("child"))
    else { throw AppError.notFound(.cardItem) }
    return path
  }
}
