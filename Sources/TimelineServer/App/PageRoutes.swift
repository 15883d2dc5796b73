import Foundation
import HTTPTypes
import Hummingbird
import TimelineCore
import TimelineHTML

/// The pages and the forms they post (WEB-1). Form posts carry a CSRF token that must
/// equal the `tl_csrf` cookie (SameSite=Strict), so another site cannot post them.
struct PageRoutes: Sendable {
  let service: TimelineService
  let access: Access
  var pages: Pages { Pages(service: service) }

  func add(to router: Router<AppRequestContext>) {
    router.get("static/timeline.css") { _, _ in
      cached(
        .text(
          HTMLRenderer().stylesheet + "\n" + Resources.stylesheet, type: "text/css; charset=utf-8"))
    }
    // The standalone page's behaviour as a file, for pages of the app's renderers that want
    // it under the app's Content-Security-Policy (no inline script).
    router.get("static/timeline.js") { _, _ in
      cached(.text(HTMLRenderer.script, type: "text/javascript; charset=utf-8"))
    }
    router.get("static/app.js") { _, _ in
      // The dialog's editing is the standalone page's; the app's own behaviour follows.
      cached(
        .text(
          HTMLRenderer.sharedScript + "\n" + Resources.script,
          type: "text/javascript; charset=utf-8"))
    }
    // Browsers ask for an icon on every first visit; answer it without an error.
    router.get("favicon.ico") { _, _ in Response(status: .noContent) }
    router.get("/") { request, _ in
      try await page(request) { _ in
        try await pages.index(try view(request, limit: 12))
      }
    }
    router.get("timelines/:timeline") { request, context in
      try await cachedPage(request, context) { info, view in
        if view.isList { return try await pages.list(info, view: view) }
        return try await pages.timeline(
          info, view: view,
          dialogOpen: FormBody.parameter("dialog", in: request) == "1" || view.flipped,
          selectionOpen: FormBody.parameter("select", in: request).flatMap(FilterKey.init))
      }
    }
    router.get("timelines/:timeline/window") { request, context in
      try await cachedPage(request, context) { info, view in
        try await pages.fragment(info, view: view)
      }
    }
    router.get("timelines/:timeline/cards") { request, context in
      try await cachedPage(request, context) { info, view in
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
    // The feed's styles (CARD-5), linked from the cards page with the revision in the
    // address, so a page never meets another revision's styles.
    router.get("timelines/:timeline/cards.css") { request, context in
      try await page(request) { _ in
        let info = try await service.info(try timelineID(context))
        return cached(
          .text(CardStyleSheet(feed: Pages.feed(info)).css, type: "text/css; charset=utf-8"))
      }
    }
    router.get("timelines/:timeline/new") { request, context in
      try await page(request) { csrf in
        let info = try await service.info(try timelineID(context))
        let view = try view(request, limit: 1)
        return pages.newItem(info, view: view, csrf: csrf, now: view.now ?? Date())
      }
    }
    router.get("timelines/:timeline/items/:item") { request, context in
      try await page(request) { csrf in
        let info = try await service.info(try timelineID(context))
        guard let stored = try await service.store.item(timeline: info.id, id: try itemID(context))
        else { throw AppError.notFound("the item") }
        return try await pages.detail(
          info, stored: stored, view: try view(request, limit: service.configuration.windowSize),
          csrf: csrf)
      }
    }
    router.post("timelines/:timeline/items/:item/status") { request, context in
      try await post(request) { form in
        let timeline = try timelineID(context)
        let id = try itemID(context)
        let status = form.value("status")
        let stored = try await update(timeline, id, form: form, patch: ["status": status])
        return try await back(timeline, stored: stored, form: form)
      }
    }
    router.post("timelines/:timeline/items/:item") { request, context in
      try await post(
        request,
        refill: { form, failure in
          let info = try await service.info(try timelineID(context))
          guard
            let stored = try await service.store.item(timeline: info.id, id: try itemID(context))
          else { return nil }
          return try await pages.detail(
            info, stored: stored,
            view: try Self.view(of: form, limit: service.configuration.windowSize),
            csrf: form.value("csrf"), refill: FormRefill(values: form, error: failure.detail))
        }
      ) { form in
        let timeline = try timelineID(context)
        let stored = try await update(
          timeline, try itemID(context), form: form, patch: Self.patch(form))
        return try await back(timeline, stored: stored, form: form)
      }
    }
    router.post("timelines/:timeline/items/:item/delete") { request, context in
      try await post(request) { form in
        let timeline = try timelineID(context)
        _ = try await service.store.deleteItem(timeline: timeline, id: try itemID(context))
        return .redirect("/timelines/\(timeline)" + Self.viewQuery(form))
      }
    }
    router.post("timelines/:timeline/items") { request, context in
      try await post(
        request,
        refill: { form, failure in
          let info = try await service.info(try timelineID(context))
          let view = try Self.view(of: form, limit: 1)
          return pages.newItem(
            info, view: view, csrf: form.value("csrf"), now: view.now ?? Date(),
            refill: FormRefill(values: form, error: failure.detail))
        }
      ) { form in
        let info = try await service.info(try timelineID(context))
        var object = Self.patch(form).compactMapValues { $0 is NSNull ? nil : $0 }
        let id = form.value("id").trimmingCharacters(in: .whitespaces)
        object["id"] = id.isEmpty ? "item-" + UUID().uuidString.lowercased() : id
        let item = try ItemEditing.read(ItemEditing.value(object), zone: info.header.timeZone)
        let stored = try await service.store.addItem(timeline: info.id, item: item)
        return try await back(info.id, stored: stored, form: form)
      }
    }
    router.get("signin") { request, _ in
      let next = FormBody.parameter("next", in: request) ?? "/"
      return Response.text(signInPage(next: next, failed: false), type: "text/html; charset=utf-8")
    }
    router.post("signin") { request, context in
      var request = request
      if let wait = await access.throttle.wait(for: context.client) {
        return SecurityMiddleware.tooManyAttempts(wait, api: false)
      }
      let body = try await request.collectBody(upTo: 64 * 1024)
      let form = FormBody.parse(String(buffer: body))
      let next = form.value("next")
      guard let token = service.configuration.token,
        SecurityMiddleware.equal(form.value("token"), token)
      else {
        await access.throttle.failed(context.client)
        return Response.text(
          signInPage(next: next, failed: true), type: "text/html; charset=utf-8",
          status: .unauthorized)
      }
      var response = Response.redirect(SecurityMiddleware.localPath(next))
      let session = await access.sessions.start()
      response.setCookie(
        Cookie(
          name: Sessions.cookie, value: session, maxAge: Int(Sessions.lifetime), path: "/",
          httpOnly: true, sameSite: .strict))
      return response
    }
    // Signing out ends the session here, not only in this browser.
    router.post("signout") { request, _ in
      if let session = request.cookies[Sessions.cookie]?.value {
        await access.sessions.end(session)
      }
      var response = Response.redirect("/signin")
      response.setCookie(
        Cookie(
          name: Sessions.cookie, value: "", maxAge: 0, path: "/", httpOnly: true,
          sameSite: .strict))
      return response
    }
  }

  func cached(_ response: Response) -> Response {
    var response = response
    response.headers[.cacheControl] = "no-cache"
    return response
  }

  func view(_ request: Request, limit: Int) throws -> ViewQuery {
    try ViewQuery(
      FormBody.parameters(request), defaultLimit: limit)
  }

  /// Answers a page, handing it the CSRF token of the browser (set as a cookie when new).
  func page(_ request: Request, _ body: (String) async throws -> String) async throws -> Response {
    try await page(request, answer: { .text(try await body($0), type: Self.html) })
  }

  /// Answers a page of a timeline's view without forms of its own, from the cache when
  /// this address was drawn at the timeline's revision today (`RenderCache`).
  func cachedPage(
    _ request: Request, _ context: AppRequestContext,
    _ render: @escaping (TimelineInfo, ViewQuery) async throws -> String
  ) async throws -> Response {
    try await page(request) { _ in
      let info = try await service.info(try timelineID(context))
      let view = try view(request, limit: service.configuration.windowSize)
      return try await service.cachedAnswer(request, info: info, view: view, type: Self.html) {
        try await render(info, $0)
      }
    }
  }

  static let html = "text/html; charset=utf-8"

  func page(_ request: Request, answer: (String) async throws -> Response) async throws
    -> Response
  {
    let existing = request.cookies["tl_csrf"]?.value
    let csrf = existing ?? Sessions.random()
    var response: Response
    do {
      response = try await answer(csrf)
    } catch {
      let failure = AppError.from(error)
      response = .text(
        errorPage(failure), type: "text/html; charset=utf-8", status: failure.status)
      response.headers.append(contentsOf: failure.headers)
    }
    if existing == nil {
      response.setCookie(
        Cookie(name: "tl_csrf", value: csrf, path: "/", httpOnly: true, sameSite: .strict))
    }
    return response
  }

  /// Handles a form post after checking its CSRF token.
  ///
  /// - Parameter refill: for a form of values (an item's), the page that shows the form again
  ///   as it was sent, with the reason, when the values are refused (400, 422): nothing typed
  ///   is lost. `nil` from it falls back to the error page.
  func post(
    _ request: Request,
    refill: (([(String, String)], AppError) async throws -> String?)? = nil,
    _ body: ([(String, String)]) async throws -> Response
  ) async throws -> Response {
    var request = request
    var sent: [(String, String)]?
    do {
      let data = try await request.collectBody(upTo: service.configuration.bodyLimit)
      let form = FormBody.parse(String(buffer: data))
      guard let cookie = request.cookies["tl_csrf"]?.value,
        SecurityMiddleware.equal(form.value("csrf"), cookie)
      else {
        throw AppError(
          status: .forbidden, code: "csrf",
          detail: "the form's token does not match; reload the page and try again")
      }
      sent = form
      return try await body(form)
    } catch {
      let failure = AppError.from(error)
      if let refill, let sent,
        failure.status == .badRequest || failure.status == .unprocessableContent,
        let page = try? await refill(sent, failure)
      {
        return .text(page, type: Self.html, status: failure.status)
      }
      var response = Response.text(
        errorPage(failure), type: "text/html; charset=utf-8", status: failure.status)
      response.headers.append(contentsOf: failure.headers)
      return response
    }
  }

  func update(_ timeline: Int64, _ id: String, form: [(String, String)], patch: [String: Any])
    async throws -> StoredItem
  {
    nonisolated(unsafe) let patch = patch
    return try await service.store.updateItem(
      timeline: timeline, id: id, ifMatch: form.value("tag").isEmpty ? "*" : form.value("tag")
    ) { item, zone in
      try ItemEditing.applying(patch, to: item, zone: zone)
    }
  }

  /// Back to the timeline, around the changed item, with its row in view.
  func back(_ timeline: Int64, stored: StoredItem, form: [(String, String)]) async throws
    -> Response
  {
    let info = try await service.info(timeline)
    let start = Pages.startInstant(stored.item, zone: info.header.timeZone)
    var query = Self.viewQuery(form)
    query +=
      (query.isEmpty ? "?" : "&") + "around="
      + HTMLRenderer.percentEncoded(RFC3339.string(start, in: .gmt))
    return .redirect(
      "/timelines/\(timeline)" + query + "#" + HTMLRenderer.elementID(forItem: stored.item.id))
  }

  /// The view a form came from, as the page's view.
  static func view(of form: [(String, String)], limit: Int) throws -> ViewQuery {
    try ViewQuery(FormBody.parse(String(viewQuery(form).dropFirst())), defaultLimit: limit)
  }

  /// The view a form came from (`?q=…`), kept only when it is a plain query string.
  static func viewQuery(_ form: [(String, String)]) -> String {
    let view = form.value("view")
    guard view.hasPrefix("?"), !view.contains("#"), !view.contains("\\") else { return "" }
    return view
  }

  /// The edit form's fields as a merge patch: empty optional fields are removed.
  static func patch(_ form: [(String, String)]) -> [String: Any] {
    var patch: [String: Any] = [:]
    for key in ["title", "status"] where form.has(key) { patch[key] = form.value(key) }
    for key in ["subtitle", "statusLabel", "description", "supportingText"] where form.has(key) {
      let value = form.value(key).trimmingCharacters(in: .whitespacesAndNewlines)
      patch[key] = value.isEmpty ? NSNull() : value
    }
    // Dates come from date pickers (a local time in the timeline's zone, which the reader
    // places there) or as typed (RFC 3339); "All day" keeps the dates only.
    if form.has("start") {
      let allDay = form.has("allDay")
      for key in ["start", "end"] {
        let value = Self.pickedDate(form.value(key), allDay: allDay)
        patch[key] = value.isEmpty && key == "end" ? NSNull() : value
      }
    }
    if form.has("attributes") {
      patch["attributes"] = form.value("attributes").split(whereSeparator: \.isNewline).map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
    }
    if form.has("priority") {
      let text = form.value("priority").trimmingCharacters(in: .whitespaces)
      patch["priority"] = text.isEmpty ? NSNull() : (Int(text).map { $0 as Any } ?? text)
    }
    return patch
  }

  /// A date picker's value (`YYYY-MM-DDTHH:MM`, seconds only when not zero) as the
  /// document reader reads dates; other text is left for the reader to judge.
  static func pickedDate(_ value: String, allDay: Bool) -> String {
    let text = value.trimmingCharacters(in: .whitespaces)
    let picked = text.count >= 16 && text.dropFirst(10).first == "T" && !text.hasSuffix("Z")
    if allDay, picked || text.count == 10 { return String(text.prefix(10)) }
    return picked && text.count == 16 ? text + ":00" : text
  }

  func errorPage(_ error: AppError) -> String {
    pages.page(
      pages.appWords.format(pages.appWords.errorFormat, number: Int(error.status.code)),
      body: [.element("p", ["class": "tl-error", "role": "alert"], text: error.detail)],
      html: HTMLRenderer())
  }

  func signInPage(next: String, failed: Bool) -> String {
    let words = pages.appWords
    var body: [Markup] = []
    if failed {
      body.append(
        .element("p", ["class": "tl-error", "role": "alert"], text: words.wrongToken))
    }
    body.append(
      .element(
        "form", ["class": "tl-form", "method": "post", "action": "/signin"],
        [
          .element("input", ["type": "hidden", "name": "next", "value": next]),
          .element(
            "label",
            [
              .text(words.accessToken),
              .element(
                "input",
                [
                  "type": "password", "name": "token", "required": "",
                  "autocomplete": "current-password",
                ]),
            ]),
          .element(
            "button", ["type": "submit", "class": "tl-primary"], text: words.signIn),
        ]))
    return HTMLRenderer().page(
      title: words.signIn, locale: service.configuration.locale, body: body,
      assets: Pages.assets)
  }
}

extension [(String, String)] {
  func value(_ name: String) -> String { first { $0.0 == name }?.1 ?? "" }
  func has(_ name: String) -> Bool { contains { $0.0 == name } }
}
