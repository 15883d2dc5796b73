import Foundation
import HTTPTypes
import Hummingbird
import TimelineCore
import TimelineHTML
import TimelineImport

/// The JSON API under `/api` (see `openapi.json`).
struct APIRoutes: Sendable {
  let service: TimelineService

  func add(to router: Router<AppRequestContext>) {
    let api = router.group("api")
    api.get("openapi.json") { _, _ in
      Response.json(Resources.openAPI)
    }
    api.get("timelines") { _, _ in
      try await answer {
        let list = try await service.store.timelines().map(summaryJSON).joined(separator: ",")
        return .json("{\"timelines\":[" + list + "]}")
      }
    }
    api.post("timelines") { request, _ in
      try await answer {
        var request = request
        let body = try await request.collectBody(upTo: service.configuration.bodyLimit)
        let summary = try await service.importDocument(
          Array(buffer: body), contentType: request.headers[.contentType] ?? "",
          title: FormBody.parameter("title", in: request))
        return .json(
          summaryJSON(summary), status: .created,
          headers: [.location: "/api/timelines/\(summary.id)"])
      }
    }
    api.delete("timelines/:timeline") { _, context in
      try await answer {
        guard try await service.store.deleteTimeline(try timelineID(context)) else {
          throw AppError.notFound("the timeline")
        }
        return Response(status: .noContent)
      }
    }
    api.get("timelines/:timeline/export") { request, context in
      try await answer {
        let format = FormBody.parameter("format", in: request) ?? "json"
        // The view's search, filters and sort go with the export (the whole view).
        let view = try ViewQuery(FormBody.parameters(request), defaultLimit: 1)
        return try await service.export(try timelineID(context), format: format, view: view.query)
      }
    }
    api.get("timelines/:timeline/rows") { request, context in
      try await answer {
        let info = try await service.info(try timelineID(context))
        let view = try ViewQuery(
          FormBody.parameters(request),
          defaultLimit: 100)
        return try await service.cachedAnswer(
          request, info: info, view: view, type: "application/json; charset=utf-8"
        ) { view in
          let (presentation, result) = try await service.window(info, view: view)
          var text = ""
          PresentationJSON.write(
            presentation, bar: service.bar(view).chips(context: presentation.context),
            cursors: (result.before, result.after), to: &text)
          return text
        }
      }
    }
    api.get("timelines/:timeline/items/:item") { _, context in
      try await answer {
        let info = try await service.info(try timelineID(context))
        guard
          let stored = try await service.store.item(
            timeline: info.id, id: try itemID(context))
        else { throw AppError.notFound("the item") }
        return itemResponse(stored, zone: info.header.timeZone)
      }
    }
    api.patch("timelines/:timeline/items/:item") { request, context in
      try await answer {
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
    }
    api.post("timelines/:timeline/items") { request, context in
      try await answer {
        let info = try await service.info(try timelineID(context))
        var object = try await jsonBody(request, types: ["application/json"])
        if object["id"] == nil {
          object = try ItemEditing.value(
            object, with: ["id": "item-" + UUID().uuidString.lowercased()])
        }
        let item = try ItemEditing.read(object, zone: info.header.timeZone)
        let stored = try await service.store.addItem(timeline: info.id, item: item)
        var response = itemResponse(stored, zone: info.header.timeZone, status: .created)
        response.headers[.location] =
          "/api/timelines/\(info.id)/items/" + HTMLRenderer.percentEncoded(item.id)
        return response
      }
    }
    api.delete("timelines/:timeline/items/:item") { _, context in
      try await answer {
        guard
          try await service.store.deleteItem(
            timeline: try timelineID(context), id: try itemID(context))
        else { throw AppError.notFound("the item") }
        return Response(status: .noContent)
      }
    }
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
    let body = try await request.collectBody(upTo: service.configuration.bodyLimit)
    return try ItemEditing.object(Array(buffer: body))
  }

  /// Runs `body`, answering its errors as JSON.
  func answer(_ body: () async throws -> Response) async throws -> Response {
    do { return try await body() } catch {
      let failure = AppError.from(error)
      return .json(failure.json, status: failure.status, headers: failure.headers)
    }
  }
}

func timelineID(_ context: AppRequestContext) throws -> Int64 {
  guard let text = context.parameters.get("timeline"), let id = Int64(text), id > 0 else {
    throw AppError.notFound("the timeline")
  }
  return id
}

func itemID(_ context: AppRequestContext) throws -> String {
  guard let text = context.parameters.get("item") else { throw AppError.notFound("the item") }
  let id = text.removingPercentEncoding ?? text
  // No stored id holds NUL (the readers refuse it), and no store can be asked for one.
  guard !id.utf8.contains(0) else { throw AppError.notFound("the item") }
  return id
}
