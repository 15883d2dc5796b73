import Foundation
import HTTPTypes
import Hummingbird
import TimelineCore
import TimelineHTML
import TimelineImport

/// What pages and the API share: the store, the configuration, and the steps from a
/// request's view to a presentation.
struct TimelineService: Sendable {
  let store: any TimelineStore
  let configuration: AppConfiguration
  /// Rendered windows, pages and rows answers per timeline revision.
  let cache: RenderCache

  let metrics: AppMetrics
  /// The words of the app's pages and of the timeline, in the app's language: looked up
  /// once (a locale's language is an ICU call), not on every request.
  let words: AppStrings
  /// The dialog's offers per timeline, at the revision they were read.
  private let offers = Locked<[Int64: (revision: Int64, offers: DialogOffers)]>([:])

  init(
    store: any TimelineStore, configuration: AppConfiguration, metrics: AppMetrics = AppMetrics()
  ) {
    self.metrics = metrics
    self.store = store
    self.configuration = configuration
    cache = RenderCache(capacity: configuration.cacheBytes)
    words = AppStrings.localized(for: configuration.locale)
  }

  func info(_ id: Int64) async throws -> TimelineInfo {
    guard let info = try await store.timeline(id) else { throw AppError.notFound(.timeline) }
    return info
  }

  /// The world a timeline is shown in: `now` from the view (or the clock), the timeline's
  /// zone, the app's locale.
  func context(_ info: TimelineInfo, now: Date?) -> TimelineContext {
    TimelineContext(
      now: now ?? Date(), timeZone: info.header.timeZone, locale: configuration.locale)
  }

  /// The attributes and priorities the Sort & Filter dialog offers for the timeline, read
  /// again only after its items changed.
  func offers(_ info: TimelineInfo) async throws -> DialogOffers {
    if let kept = offers.withLock({ $0[info.id] }), kept.revision == info.revision {
      return kept.offers
    }
    let read = try await store.offers(timeline: info.id)
    offers.withLock { $0[info.id] = (info.revision, read) }
    return read
  }

  /// A window of the timeline for `view`, as a presentation with its cursors.
  func window(
    _ info: TimelineInfo, view: ViewQuery, anchor: WindowAnchor? = nil, selectedID: String? = nil
  ) async throws -> (TimelinePresentation, WindowResult) {
    let context = context(info, now: view.now)
    var request = WindowRequest(
      timeline: info.id, query: view.query, anchor: anchor ?? view.anchor, limit: view.limit,
      context: context)
    request.folding = view.folding
    let result = try await store.window(request)
    let configuration = TimelineConfiguration(
      headerUnit: info.header.headerUnit, selectedID: selectedID, strings: words.core,
      folding: view.folding)
    let presentation = TimelinePresentation(
      window: result.items, frame: result.frame, title: info.header.title, context: context,
      configuration: configuration, query: view.query)
    return (presentation, result)
  }

  /// The rows of `view` from its first, up to `cap` of them, as one presentation: a printed
  /// view is the whole view, not the window on screen. Read a window at a time, following
  /// the cursors.
  func wholeView(_ info: TimelineInfo, view: ViewQuery, cap: Int) async throws
    -> TimelinePresentation
  {
    let context = context(info, now: view.now)
    var items: [TimelineItem] = []
    var anchor = WindowAnchor.start
    var frames: [TimelineWindow] = []
    // What each folded section holds in the whole view, so that a section the cap cuts
    // is summed as the screen sums it.
    var facts: [String: SectionFacts] = [:]
    while true {
      var request = WindowRequest(
        timeline: info.id, query: view.query, anchor: anchor,
        limit: min(WindowReader.maximumWindow, cap - items.count), context: context)
      request.folding = view.folding
      let result = try await store.window(request)
      items += result.items
      frames.append(result.frame)
      facts.merge(result.frame.sectionFacts) { first, _ in first }
      guard let after = result.after, items.count < cap else { break }
      anchor = .after(after)
    }
    let first = frames[0]
    var frame = TimelineWindow(
      offset: 0, total: first.total, nowBeforeID: first.nowBeforeID,
      nowAfterLast: first.nowAfterLast, nodeAbove: nil, nodeBelow: frames.last?.nodeBelow)
    frame.sectionFacts = facts
    return TimelinePresentation(
      window: items,
      frame: frame,
      title: info.header.title, context: context,
      configuration: TimelineConfiguration(
        headerUnit: info.header.headerUnit, strings: words.core, folding: view.folding),
      query: view.query)
  }

  /// The timeline's rows its preview strip of `count` objects picks from (PV-6): a window
  /// around now, read on until it holds what the core's selection needs (see
  /// `TimelinePreview.missingRows(in:count:)`), so the strip shows what `timeline preview`
  /// shows for the whole timeline.
  func previewWindow(_ info: TimelineInfo, now: Date?, count: Int) async throws
    -> TimelinePresentation
  {
    let context = context(info, now: now)
    func read(_ anchor: WindowAnchor, limit: Int) async throws -> WindowResult {
      try await store.window(
        WindowRequest(
          timeline: info.id, query: TimelineQuery(), anchor: anchor, limit: limit,
          context: context))
    }
    let first = try await read(.now, limit: 4 * count)
    var items = first.items
    var frame = first.frame
    var (before, after) = (first.before, first.after)
    func presentation() -> TimelinePresentation {
      TimelinePresentation(
        window: items, frame: frame, title: info.header.title, context: context,
        configuration: TimelineConfiguration(
          headerUnit: info.header.headerUnit, strings: words.core),
        query: TimelineQuery())
    }
    // Rows after, a window at a time, until enough are not past (a timeline of rows that
    // ended long ago but start late stops after a bounded number of windows).
    for _ in 0..<8 {
      guard TimelinePreview.missingRows(in: presentation(), count: count).after,
        let cursor = after
      else { break }
      let next = try await read(.after(cursor), limit: WindowReader.maximumWindow)
      items += next.items
      frame.nodeBelow = next.frame.nodeBelow
      frame.nowBeforeID = frame.nowBeforeID ?? next.frame.nowBeforeID
      frame.nowAfterLast = next.frame.nowAfterLast
      after = next.after
    }
    let missing = TimelinePreview.missingRows(in: presentation(), count: count).before
    if missing > 0, let cursor = before {
      let previous = try await read(.before(cursor), limit: missing)
      items = previous.items + items
      frame.offset = previous.frame.offset
      frame.nodeAbove = previous.frame.nodeAbove
      before = previous.before
    }
    return presentation()
  }

  /// The answer to `request` drawn by `render` for `view`, from the cache when the same
  /// address was drawn before at this timeline revision on the same day (`RenderCache`).
  /// Without a `now` in the address, the clock is read once here and handed to `render`
  /// (links still leave it out).
  func cachedAnswer(
    _ request: Request, info: TimelineInfo, view: ViewQuery, type: String,
    render: (ViewQuery) async throws -> String
  ) async throws -> CachedAnswer {
    var view = view
    let now = view.now ?? Date()
    view.now = now
    let day = context(info, now: now).calendar.startOfDay(for: now)
    let key = RenderCache.key(
      path: request.uri.path, query: request.uri.query, revision: info.revision, day: day)
    var rendered = false
    let entry = try await cache.answer(key) {
      rendered = true
      return try await render(view)
    }
    (rendered ? metrics.cacheMisses : metrics.cacheHits).increment()
    return CachedAnswer(entry: entry, type: type)
  }

  /// The page or rows of a timeline's view at `request`'s address, drawn by `render` for
  /// the timeline and the address's view (see ``cachedAnswer(_:info:view:type:render:)``).
  func cachedView(
    _ request: Request, _ context: AppRequestContext, type: String,
    defaultLimit: Int? = nil,
    render: (TimelineInfo, ViewQuery) async throws -> String
  ) async throws -> CachedAnswer {
    let info = try await info(try timelineID(context))
    let view = try ViewQuery(request, defaultLimit: defaultLimit ?? configuration.windowSize)
    return try await cachedAnswer(request, info: info, view: view, type: type) {
      try await render(info, $0)
    }
  }

  /// The feedback bar for `view` (FFB-1 … FFB-10).
  func bar(_ view: ViewQuery) -> FilterFeedbackBar {
    FilterFeedbackBar(
      fastFilters: configuration.fastFilters.map {
        FilterFeedbackBar.FastFilter(
          $0, hasExtendedSelection: configuration.selectionKeys.contains($0.key))
      },
      activeFilters: view.filters, sort: view.sort, showsCounter: true)
  }

  /// Reads an uploaded document (JSON v1, iCalendar or CSV by content type) and stores it.
  func importDocument(_ bytes: [UInt8], contentType: String, title: String?) async throws
    -> TimelineSummary
  {
    let type =
      contentType.split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    let format: InputFormat
    switch type {
    case "application/json": format = .json
    case "text/calendar": format = .ics
    case "text/csv": format = .csv
    default:
      throw AppError(
        status: .unsupportedMediaType, code: "unsupported_type",
        detail: "send application/json, text/calendar or text/csv")
    }
    if let title, title.utf8.contains(0) || title.utf8.count > 4_096 {
      throw ViewQuery.Invalid(
        parameter: "title", detail: "expected text of at most 4,096 bytes without U+0000 (NUL)")
    }
    let now = configuration.clock()
    let options = ImportOptions(window: ImportOptions.window(around: now))
    let (document, _) = try DocumentReader.read(
      ChunkedInput(bytes: bytes, name: "body"), format: format, options: options)
    let summary = try await TimelineImporter.importDocument(document, title: title, into: store)
    metrics.imports.increment()
    return summary
  }

  /// Timeline `id` as a JSON, iCalendar or CSV download of `view` (the whole view).
  func export(_ id: Int64, format: String, view: TimelineQuery = TimelineQuery()) async throws
    -> Download
  {
    guard let chosen = TimelineImporter.Format(rawValue: format) else {
      throw ViewQuery.Invalid(parameter: "format", detail: "expected json, ics or csv")
    }
    guard try await store.timeline(id) != nil else { throw AppError.notFound(.timeline) }
    return Download(
      timeline: id, format: chosen, view: view, store: store, timestamp: configuration.clock(),
      locale: configuration.locale)
  }
}

/// A page or rows answer as the render cache holds it: sent with its tag, or 304 to a
/// client that names the tag in `If-None-Match`.
struct CachedAnswer: ResponseGenerator {
  let entry: RenderCache.Entry
  let type: String

  func response(from request: Request, context: some RequestContext) throws -> Response {
    let headers: HTTPFields = [.eTag: entry.tag, .cacheControl: "no-cache", .contentType: type]
    if let tags = request.headers[.ifNoneMatch], Self.anyMatches(tags, entry.tag) {
      return Response(status: .notModified, headers: headers)
    }
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: entry.body))
  }

  /// Whether an `If-None-Match` list names `tag`, compared weakly (RFC 9110 13.1.2).
  static func anyMatches(_ list: String, _ tag: String) -> Bool {
    func opaque(_ text: some StringProtocol) -> Substring {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("W/") ? Substring(trimmed.dropFirst(2)) : Substring(trimmed)
    }
    let wanted = opaque(tag)
    return list.split(separator: ",").contains {
      $0.trimmingCharacters(in: .whitespaces) == "*" || opaque($0) == wanted
    }
  }
}

/// A stored timeline as a JSON, iCalendar or CSV download, written while it is read from
/// the database: a page of rows at a time, each written only when the client has taken the
/// one before (so memory stays flat however slowly the client reads).
struct Download: ResponseGenerator {
  let timeline: Int64
  let format: TimelineImporter.Format
  let view: TimelineQuery
  let store: any TimelineStore
  let timestamp: Date
  let locale: Locale

  static let types: [TimelineImporter.Format: String] = [
    .json: "application/json", .ics: "text/calendar", .csv: "text/csv",
  ]

  func response(from request: Request, context: some RequestContext) throws -> Response {
    let download = self
    return Response(
      status: .ok,
      headers: [
        .contentType: (Self.types[format] ?? "text/plain") + "; charset=utf-8",
        .contentDisposition: "attachment; filename=\"timeline-\(timeline).\(format.rawValue)\"",
      ],
      body: ResponseBody { writer in
        _ = try await TimelineImporter.export(
          download.timeline, from: download.store, format: download.format,
          timestamp: download.timestamp, view: download.view, locale: download.locale
        ) { text in
          try await writer.write(ByteBuffer(string: text))
        }
        try await writer.finish(nil)
      })
  }
}
