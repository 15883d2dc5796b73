import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TimelineHTML

/// Live updates (Server-Sent Events) at `/timelines/{id}/events` and
/// `/api/timelines/{id}/events`: one `change` event per change to the timeline's items, made
/// through any tab, the API or another app instance. Each event's id is the revision it
/// made; a client that reconnects with `Last-Event-ID` (or `?since=REVISION`) gets every
/// change after it, or a `reset` event when they are no longer all kept.
///
/// ```
/// id: 4711
/// event: change
/// data: {"op":"update","id":"pump-7","element":"item-pump-7","revision":4711}
/// ```
struct EventRoutes: Sendable {
  let service: TimelineService
  /// How often an idle stream sends a comment (keeps proxies from closing it) and checks
  /// the store for changes a lost notification would have announced.
  var heartbeat: Duration = .seconds(15)

  func add(to router: Router<AppRequestContext>) {
    for path in ["timelines/:timeline/events", "api/timelines/:timeline/events"] {
      router.get(RouterPath(path)) { request, context in
        try await events(request, context)
      }
    }
  }

  static let lastEventID = HTTPField.Name("Last-Event-ID")!

  func events(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let timeline: Int64
    let info: TimelineInfo
    do {
      timeline = try timelineID(context)
      info = try await service.info(timeline)
    } catch {
      let failure = AppError.from(error)
      return .json(failure.json, status: failure.status, headers: failure.headers)
    }
    let given =
      request.headers[Self.lastEventID] ?? FormBody.parameter("since", in: request)
    let start = given.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } ?? info.revision
    let store = service.store
    let heartbeat = heartbeat
    let metrics = service.metrics
    return Response(
      status: .ok,
      headers: [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
        HTTPField.Name("X-Accel-Buffering")!: "no",
      ],
      body: ResponseBody { writer in
        metrics.liveClients.increment()
        defer { metrics.liveClients.decrement() }
        // Listening starts before the first read, so no change falls between the two.
        let revisions = store.changeSignal.revisions(of: timeline)
        var stream = EventStream(store: store, timeline: timeline, last: start)
        try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
        // A timeline gone already (deleted since it was read above) ends the stream at once.
        guard try await stream.send(to: &writer) else {
          try await writer.finish(nil)
          return
        }
        let (wakes, wake) = AsyncStream.makeStream(
          of: Bool.self, bufferingPolicy: .bufferingNewest(1))
        // A stream ends when the server shuts down gracefully (the browser reconnects to
        // another instance, or to this one when it is back).
        try await withGracefulShutdownHandler {
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              for await _ in revisions { wake.yield(true) }
            }
            group.addTask {
              while true {
                try await Task.sleep(for: heartbeat)
                wake.yield(false)
              }
            }
            for await isChange in wakes {
              if !isChange { try await writer.write(ByteBuffer(string: ": still here\n\n")) }
              guard try await stream.send(to: &writer) else { break }
            }
            group.cancelAll()
          }
        } onGracefulShutdown: {
          wake.finish()
        }
        try await writer.finish(nil)
      })
  }
}

/// What one client has been sent, and the events that bring it up to date.
struct EventStream {
  let store: any TimelineStore
  let timeline: Int64
  /// The last revision sent.
  var last: Int64

  /// Writes the changes after `last`; a `reset` when they are not all kept (the page then
  /// reloads its rows); `false` once the timeline is gone.
  mutating func send(to writer: inout any ResponseBodyWriter) async throws -> Bool {
    if let changes = try await store.changes(timeline: timeline, after: last) {
      guard !changes.isEmpty else { return true }
      var text = ""
      for change in changes {
        text += "id: \(change.revision)\nevent: change\ndata: "
        text += JSONText.object([
          ("op", JSONText.quoted(change.operation.rawValue)),
          ("id", JSONText.quoted(change.itemID)),
          ("element", JSONText.quoted(HTMLRenderer.elementID(forItem: change.itemID))),
          ("revision", String(change.revision)),
        ])
        text += "\n\n"
        last = change.revision
      }
      try await writer.write(ByteBuffer(string: text))
      return true
    }
    guard let info = try await store.timeline(timeline) else {
      try await writer.write(ByteBuffer(string: "event: gone\ndata: {}\n\n"))
      return false
    }
    last = info.revision
    try await writer.write(
      ByteBuffer(
        string: "id: \(info.revision)\nevent: reset\ndata: {\"revision\":\(info.revision)}\n\n"))
    return true
  }
}
