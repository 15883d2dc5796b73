import Foundation
import HTTPTypes
import Hummingbird
import TimelineCore
import TimelineHTML
import TimelineImport

/// The JSON API under `/api` (see `openapi.json`): a named method per route. Errors are
/// thrown and answered as `{"error", "detail"}` by `AnswerMiddleware`.
struct APIController: Sendable {
  let service: TimelineService

  func add(to router: Router<AppRequestContext>) {
    let api = router.group("api")
    api.get("openapi.json") { _, _ in Response.json(Resources.openAPI) }
    api.get("timelines", use: timelines)
    api.post("timelines", use: importTimeline)
    api.delete("timelines/:timeline", use: deleteTimeline)
    api.get("timelines/:timeline/export", use: export)
    api.get("timelines/:timeline/rows", use: rows)
    api.get("timelines/:timeline/items/:item", use: item)
    api.patch("timelines/:timeline/items/:item", use: updateItem)
    api.post("timelines/:timeline/items", use: addItem)
    api.delete("timelines/:timeline/items/:item", use: deleteItem)
  }

  /// `GET /api/timelines`: every timeline's id, title and number of items.
  @Sendable func timelines(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    let list = try await service.store.timelines().map(summaryJSON).joined(separator: ",")
    return .json("{\"timelines\":[" + list + "]}")
  }

  /// `POST /api/timelines`: a JSON, iCalendar or CSV document (by its content type) stored
  /// as a new timeline.
  @Sendable func importTimeline(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    var request = request
    let body = try await request.collectBody(refusingOver: service.configuration.bodyLimit)
    let summary = try await service.importDocument(
      Array(buffer: body), contentType: request.headers[.contentType] ?? "",
      title: FormBody.parameter("title", in: request))
    return .json(
      summaryJSON(summary), status: .created,
      headers: [.location: "/api/timelines/\(summary.id)"])
  }

  /// `DELETE /api/timelines/{id}`.
  @Sendable func deleteTimeline(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    guard try await service.store.deleteTimeline(try timelineID(context)) else {
      throw AppError.notFound(.timeline)
    }
    return Response(status: .noContent)
  }

  /// `GET /api/timelines/{id}/export?format=json|ics|csv|svg`: the view's search, filters
  /// and sort go with the export (the whole view, not a window; an image of at most
  /// ``Pages/printedRows`` rows, which says so when the view holds more).
  @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
    let format = FormBody.parameter("format", in: request) ?? "json"
    let view = try ViewQuery(request, defaultLimit: 1)
    let id = try timelineID(context)
    guard format == "svg" else {
      return try await service.export(id, format: format, view: view.query)
        .response(from: request, context: context)
    }
    let image = try await Pages(service: service).image(try await service.info(id), view: view)
    return Response(
      status: .ok,
      headers: [
        .contentType: "image/svg+xml; charset=utf-8",
        .contentDisposition: "attachment; filename=\"timeline-\(id).svg\"",
      ],
      body: .init(byteBuffer: ByteBuffer(string: image)))
  }

  /// `GET /api/timelines/{id}/rows`: a window of the view as JSON (the presentation, the
  /// bar's chips and the cursors).
  @Sendable func rows(_ request: Request, context: AppRequestContext) async throws
    -> CachedAnswer
  {
    try await service.cachedView(
      request, context, type: "application/json; charset=utf-8", defaultLimit: 100
    ) { info, view in
      let (presentation, result) = try await service.window(info, view: view)
      var text = ""
      PresentationJSON.write(
        presentation,
        bar: service.bar(view).chips(context: presentation.context, strings: service.words.core),
        cursors: (result.before, result.after), to: &text)
      return text
    }
  }

  /// `GET /api/timelines/{id}/items/{item}`: the item, with its `ETag`.
  @Sendable func item(_ request: Request, context: AppRequestContext) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    guard let stored = try await service.store.item(timeline: info.id, id: try itemID(context))
    else { throw AppError.notFound(.item) }
    return itemResponse(stored, zone: info.header.timeZone)
  }

  /// `PATCH /api/timelines/{id}/items/{item}`: a JSON merge patch, with `If-Match`.
  @Sendable func updateItem(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    let patch = try await jsonBody(
      request, types: ["application/merge-patch+json", "application/json"])
    guard let tag = request.headers[.ifMatch] else {
      throw AppError(
        status: .preconditionRequired, code: "if_match_required",
        detail: "send If-Match with the item's ETag")
    }
    // The zone comes with the item, from the write's own transaction.
    nonisolated(unsafe) var zone = TimeZone.gmt
    let stored = try await service.store.updateItem(
      timeline: try timelineID(context), id: try itemID(context), ifMatch: tag
    ) { item, itemZone in
      zone = itemZone
      return try ItemEditing.applying(patch, to: item, zone: itemZone)
    }
    return itemResponse(stored, zone: zone)
  }

  /// `POST /api/timelines/{id}/items`: a new item (an id is made when it has none).
  @Sendable func addItem(_ request: Request, context: AppRequestContext) async throws -> Response {
    let info = try await service.info(try timelineID(context))
    var object = try await jsonBody(request, types: ["application/json"])
    if object["id"] == nil {
      object = try ItemEditing.merging(
        object, "{\"id\":\"item-" + UUID().uuidString.lowercased() + "\"}")
    }
    let item = try ItemEditing.read(object, zone: info.header.timeZone)
    let stored = try await service.store.addItem(timeline: info.id, item: item)
    var response = itemResponse(stored, zone: info.header.timeZone, status: .created)
    response.headers[.location] =
      "/api/timelines/\(info.id)/items/" + HTMLRenderer.percentEncoded(item.id)
    return response
  }

  /// `DELETE /api/timelines/{id}/items/{item}`, with `If-Match` when the client sends it
  /// (412 when the item changed since).
  @Sendable func deleteItem(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    guard
      try await service.store.deleteItem(
        timeline: try timelineID(context), id: try itemID(context),
        ifMatch: request.headers[.ifMatch] ?? "*")
    else { throw AppError.notFound(.item) }
    return Response(status: .noContent)
  }

  func summaryJSON(_ summary: TimelineSummary) -> String {
    JSONText.object([
      ("id", String(summary.id)), ("title", JSONText.quoted(summary.title)),
      ("count", String(summary.count)),
    ])
  }

  func itemResponse(_ stored: StoredItem, zone: TimeZone, status: HTTPResponse.Status = .ok)
    -> Response
  {
    .json(ItemEditing.json(stored.item, zone: zone), status: status, headers: [.eTag: stored.tag])
  }

  /// The body as a JSON object, after checking its type (415) and size (413).
  func jsonBody(_ request: Request, types: [String]) async throws -> ItemEditing.Body {
    let type =
      (request.headers[.contentType] ?? "").split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    guard types.contains(type) else {
      throw AppError(
        status: .unsupportedMediaType, code: "unsupported_type",
        detail: "send " + types.joined(separator: " or "))
    }
    var request = request
    let body = try await request.collectBody(refusingOver: service.configuration.bodyLimit)
    return try ItemEditing.object(Array(buffer: body))
  }
}

/// The timeline the address names: its number as the app writes it (digits, no leading
/// zero), so that a timeline has one address (and one entry in the render cache).
func timelineID(_ context: AppRequestContext) throws -> Int64 {
  guard let text = context.parameters.get("timeline"), text.first != "0",
    text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
    let id = Int64(text)
  else {
    throw AppError.notFound(.timeline)
  }
  return id
}

func itemID(_ context: AppRequestContext) throws -> String {
  guard let text = context.parameters.get("item") else { throw AppError.notFound(.item) }
  // No stored id holds NUL (the readers refuse it), and no store can be asked for one; an
  // address that is not percent-encoded UTF-8 names no item.
  guard let id = FormBody.percentDecoded(text[...]), !id.utf8.contains(0) else {
    throw AppError.notFound(.item)
  }
  return id
}
