import Foundation
import TimelineCore
import TimelineHTML
import TimelineImport

/// What pages and the API share: the store, the configuration, and the steps from a
/// request's view to a presentation.
struct TimelineService: Sendable {
  let store: any TimelineStore
  let configuration: AppConfiguration

  func info(_ id: Int64) async throws -> TimelineInfo {
    guard let info = try await store.timeline(id) else { throw AppError.notFound("timeline \(id)") }
    return info
  }

  /// The world a timeline is shown in: `now` from the view (or the clock), the timeline's
  /// zone, the app's locale.
  func context(_ info: TimelineInfo, now: Date?) -> TimelineContext {
    TimelineContext(
      now: now ?? Date(), timeZone: info.header.timeZone, locale: configuration.locale)
  }

  /// A window of the timeline for `view`, as a presentation with its cursors.
  func window(
    _ info: TimelineInfo, view: ViewQuery, anchor: WindowAnchor? = nil, selectedID: String? = nil
  ) async throws -> (TimelinePresentation, WindowResult) {
    let context = context(info, now: view.now)
    let result = try await store.window(
      WindowRequest(
        timeline: info.id, query: view.query, anchor: anchor ?? view.anchor, limit: view.limit,
        context: context))
    let configuration = TimelineConfiguration(
      headerUnit: info.header.headerUnit, selectedID: selectedID)
    let presentation = TimelinePresentation(
      window: result.items, frame: result.frame, title: info.header.title, context: context,
      configuration: configuration, sort: view.sort)
    return (presentation, result)
  }

  /// The feedback bar for `view` (FFB-1 … FFB-10).
  func bar(_ view: ViewQuery) -> FilterFeedbackBar {
    FilterFeedbackBar(
      fastFilters: configuration.fastFilters.map { FilterFeedbackBar.FastFilter($0) },
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
    let now = Date()
    let options = ImportOptions(window: ImportOptions.window(around: now))
    let (document, _) = try DocumentReader.read(
      ChunkedInput(bytes: bytes, name: "body"), format: format, options: options)
    let cards = format == .json ? Self.cardsJSON(bytes) : nil
    return try await TimelineImporter.importDocument(
      document, title: title, cardsJSON: cards, into: store)
  }

  /// The `cards` of a JSON document, as JSON text, when it has them.
  static func cardsJSON(_ bytes: [UInt8]) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let cards = object["cards"],
      let data = try? JSONSerialization.data(withJSONObject: cards, options: [.fragmentsAllowed])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The timeline written as `format`.
  func export(_ id: Int64, format: String) async throws -> (text: String, type: String) {
    guard let chosen = TimelineImporter.Format(rawValue: format) else {
      throw AppError.badRequest("format: expected json, ics or csv")
    }
    guard
      let text = try await TimelineImporter.export(
        id, from: store, format: chosen, timestamp: Date())
    else { throw AppError.notFound("timeline \(id)") }
    let types: [TimelineImporter.Format: String] = [
      .json: "application/json", .ics: "text/calendar", .csv: "text/csv",
    ]
    return (text, (types[chosen] ?? "text/plain") + "; charset=utf-8")
  }
}
