import Foundation
import Hummingbird
import TimelineCore
import TimelineHTML

/// An item's pages and the forms they post: its detail page (and side sheet), the new-item
/// form, and changing, adding and deleting items (WEB-1). A form post carries the CSRF
/// token of `AnswerMiddleware`; when its values are refused (400, 422) the form comes back
/// as it was sent, with the reason, so nothing typed is lost.
struct ItemsController: Sendable {
  let service: TimelineService
  var pages: Pages { Pages(service: service) }

  func add(to router: Router<AppRequestContext>) {
    router.get("timelines/:timeline/new", use: newItem)
    router.get("timelines/:timeline/items/:item", use: detail)
    router.post("timelines/:timeline/items/:item/status", use: setStatus)
    router.post("timelines/:timeline/items/:item", use: update)
    router.get("timelines/:timeline/items/:item/delete", use: confirmDelete)
    router.post("timelines/:timeline/items/:item/delete", use: delete)
    router.post("timelines/:timeline/items", use: create)
  }

  /// `GET /timelines/{id}/new`: the form of a new item.
  @Sendable func newItem(_ request: Request, context: AppRequestContext) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    let view = try ViewQuery(request, defaultLimit: 1)
    return .formPage(pages.newItem(info, view: view, csrf: context.csrf, now: view.now ?? Date()))
  }

  /// `GET /timelines/{id}/items/{item}`: the item's page, beside its timeline.
  @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
    try await detail(request, context: context, confirmingDelete: false)
  }

  /// `GET /timelines/{id}/items/{item}/delete`: the item's page asking before it is deleted.
  @Sendable func confirmDelete(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    try await detail(request, context: context, confirmingDelete: true)
  }

  private func detail(_ request: Request, context: AppRequestContext, confirmingDelete: Bool)
    async throws -> Response
  {
    let info = try await service.info(try timelineID(context))
    guard let stored = try await service.store.item(timeline: info.id, id: try itemID(context))
    else { throw AppError.notFound(.item) }
    return .formPage(
      try await pages.detail(
        info, stored: stored,
        view: try ViewQuery(request, defaultLimit: service.configuration.windowSize),
        csrf: context.csrf, confirmingDelete: confirmingDelete))
  }

  /// `POST /timelines/{id}/items/{item}/status`: one of the state buttons.
  @Sendable func setStatus(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    let form = try await Self.form(request, context: context, limit: bodyLimit)
    do {
      let timeline = try timelineID(context)
      let stored = try await change(
        timeline, try itemID(context), form: form, fields: ItemForm(status: form.value("status")))
      return try await back(timeline, stored: stored, form: form)
    } catch {
      return try await refused(error, form: form, context: context) { _ in nil }
    }
  }

  /// `POST /timelines/{id}/items/{item}`: the edit form.
  @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await Self.form(request, context: context, limit: bodyLimit)
    do {
      let timeline = try timelineID(context)
      let stored = try await change(
        timeline, try itemID(context), form: form, fields: ItemForm(form))
      return try await back(timeline, stored: stored, form: form)
    } catch {
      return try await refused(error, form: form, context: context) { failure in
        let info = try await service.info(try timelineID(context))
        guard let stored = try await service.store.item(timeline: info.id, id: try itemID(context))
        else { return nil }
        return try await pages.detail(
          info, stored: stored,
          view: try Self.view(of: form, limit: service.configuration.windowSize),
          csrf: form.value("csrf"), refill: FormRefill(values: form, error: failure))
      }
    }
  }

  /// `POST /timelines/{id}/items/{item}/delete`.
  @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await Self.form(request, context: context, limit: bodyLimit)
    do {
      let timeline = try timelineID(context)
      // The form carries the tag of the item as it was shown: a changed item is not
      // deleted unseen.
      _ = try await service.store.deleteItem(
        timeline: timeline, id: try itemID(context), ifMatch: Self.tag(of: form))
      // The timeline says it was deleted (`deleted=1`), so the reader is not left wondering.
      return .redirect(
        "/timelines/\(timeline)"
          + HTMLRenderer.query(Self.viewParameters(form) + [("deleted", "1")]))
    } catch {
      if case .stale? = error as? StoreError {
        return try await changedMeanwhile(form, context: context, deleting: true)
      }
      return try await refused(error, form: form, context: context) { _ in nil }
    }
  }

  /// `POST /timelines/{id}/items`: the new-item form.
  @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await Self.form(request, context: context, limit: bodyLimit)
    do {
      let info = try await service.info(try timelineID(context))
      let id = form.value("id").trimmingCharacters(in: .whitespaces)
      let item = try ItemEditing.read(
        text: ItemForm(form).item(id: id.isEmpty ? "item-" + UUID().uuidString.lowercased() : id),
        zone: info.header.timeZone)
      let stored = try await service.store.addItem(timeline: info.id, item: item)
      return try await back(info.id, stored: stored, form: form)
    } catch {
      return try await refused(error, form: form, context: context) { failure in
        let info = try await service.info(try timelineID(context))
        let view = try Self.view(of: form, limit: 1)
        return pages.newItem(
          info, view: view, csrf: form.value("csrf"), now: view.now ?? Date(),
          refill: FormRefill(values: form, error: failure))
      }
    }
  }

  var bodyLimit: Int { service.configuration.bodyLimit }

  /// A posted form's fields, after checking its CSRF token against the cookie.
  static func form(_ request: Request, context: AppRequestContext, limit: Int) async throws
    -> [(String, String)]
  {
    var request = request
    let data = try await request.collectBody(refusingOver: limit)
    let form = FormBody.parse(String(buffer: data))
    guard let cookie = request.cookies["tl_csrf"]?.value,
      SecurityMiddleware.equal(form.value("csrf"), cookie)
    else {
      throw AppError(
        status: .forbidden, code: "csrf",
        detail: "the form's token does not match; reload the page and try again")
    }
    return form
  }

  /// What a refused form answers: for a form written for an older version of the item
  /// (412), the item's page as it is now; for values refused (400, 422) and an id another
  /// item has (409), the form again as it was sent with the reason (`refill`'s page);
  /// otherwise the error goes on to the error page (as it does when `refill` gives `nil`).
  func refused(
    _ error: any Error, form: [(String, String)], context: AppRequestContext,
    refill: (AppError) async throws -> String?
  ) async throws -> Response {
    if case .stale? = error as? StoreError {
      return try await changedMeanwhile(form, context: context)
    }
    let failure = AppError.from(error)
    // What the person can fix in the form: a bad value, a refused field, an id taken.
    guard [.badRequest, .unprocessableContent, .conflict].contains(failure.status),
      let page = try? await refill(failure)
    else { throw failure }
    return .formPage(page, status: failure.status)
  }

  /// Applies a form's fields to the item (a Save with nothing edited, or the state it
  /// already has, writes nothing: ``ItemWrites/Unchanged``).
  func change(_ timeline: Int64, _ id: String, form: [(String, String)], fields: ItemForm)
    async throws -> StoredItem
  {
    try await service.store.updateItem(timeline: timeline, id: id, ifMatch: Self.tag(of: form)) {
      item, zone in try ItemEditing.applying(fields, to: item, zone: zone)
    }
  }

  /// The item's page as it is now, after a form for an older version of it (412); the
  /// error page when the item is gone since.
  func changedMeanwhile(
    _ form: [(String, String)], context: AppRequestContext, deleting: Bool = false
  ) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    guard let current = try await service.store.item(timeline: info.id, id: try itemID(context))
    else { throw AppError.notFound(.item) }
    let page = try await pages.detail(
      info, stored: current,
      view: try Self.view(of: form, limit: service.configuration.windowSize),
      csrf: form.value("csrf"),
      changedMeanwhile: deleting
        ? pages.appWords.changedNotDeleted : pages.appWords.changedShownAgain)
    return .formPage(page, status: .preconditionFailed)
  }

  /// The item's tag a form was written with (`*` when it has none).
  static func tag(of form: [(String, String)]) -> String {
    form.value("tag").isEmpty ? "*" : form.value("tag")
  }

  /// Back to the timeline, around the changed item, its row selected and in view.
  func back(_ timeline: Int64, stored: StoredItem, form: [(String, String)]) async throws
    -> Response
  {
    let info = try await service.info(timeline)
    return .redirect(
      Pages.address(of: stored.item, in: info, query: Self.viewQuery(form)))
  }

  /// The view a form came from, as the page's view.
  static func view(of form: [(String, String)], limit: Int) throws -> ViewQuery {
    try ViewQuery(FormBody.parse(String(viewQuery(form).dropFirst())), defaultLimit: limit)
  }

  /// The view a form came from (`?q=…`, as its page wrote it from
  /// `ViewQuery.returnParameters`), read as the timeline page reads an address and written
  /// again from what it holds: the redirect carries only a view the page takes, bounded and
  /// with every value encoded, and the plain timeline otherwise.
  static func viewQuery(_ form: [(String, String)]) -> String {
    HTMLRenderer.query(viewParameters(form))
  }

  /// The parameters of the view a form was sent from (its `view` field), none when it is
  /// not one.
  static func viewParameters(_ form: [(String, String)]) -> [(String, String)] {
    let view = form.value("view")
    guard view.hasPrefix("?"), !view.contains("#"), !view.contains("\\"),
      let read = try? ViewQuery(FormBody.parse(String(view.dropFirst())), defaultLimit: 1)
    else { return [] }
    return read.returnParameters
  }
}

extension [(String, String)] {
  /// The field's value, the last one when it is repeated (as in a query string,
  /// `FormBody.parameter`); empty when it is missing.
  func value(_ name: String) -> String { last { $0.0 == name }?.1 ?? "" }
  func has(_ name: String) -> Bool { contains { $0.0 == name } }
}
