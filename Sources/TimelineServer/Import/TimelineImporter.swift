import Foundation
import TimelineCore
import TimelineImport

/// Moving documents in and out of a store: files streamed in (one transaction per
/// timeline, nothing written on bad input), and timelines written out in any format.
public enum TimelineImporter {
  /// Imports the file at `path` as a new timeline: CSV rows and iCalendar events are
  /// streamed into the store as they are read; JSON is read whole. A bad file throws its
  /// located `DocumentError` and leaves the store as it was.
  public static func importFile(
    path: String, into store: any TimelineStore, title: String?, options: ImportOptions
  ) async throws -> TimelineSummary {
    let format = InputFormat(path: path) ?? .json
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    if format == .json {
      let (document, _) = try DocumentReader.read(path: path, format: .json, options: options)
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
      return try await importDocument(
        document, title: title ?? document.title ?? name,
        cardsJSON: TimelineService.cardsJSON(bytes), into: store)
    }
    let header = TimelineHeader(title: title ?? name, timeZone: options.timeZone)
    do {
      return try await store.importTimeline(header) { add in
        _ = try DocumentReader.forEachItem(path: path, format: format, options: options) {
          try add($0.item, $0.parentID)
        }
      }
    } catch StoreError.repeatedID(let id) {
      // A stream keeps no ids (the store finds the repeat); reading the file whole, on
      // this failing path only, says where both uses are (FILE:LINE:COL).
      if case .failure(let error as DocumentError) = Result(catching: {
        try DocumentReader.read(path: path, format: format, options: options)
      }) {
        throw error
      }
      throw StoreError.repeatedID(id)
    }
  }

  /// Stores `document` as a new timeline.
  public static func importDocument(
    _ document: TimelineDocument, title: String? = nil, cardsJSON: String? = nil,
    into store: any TimelineStore
  ) async throws -> TimelineSummary {
    try await store.importTimeline(
      TimelineHeader(
        title: title ?? document.title ?? "Untitled", timeZone: document.timeZone,
        headerUnit: document.headerUnit, cardsJSON: cardsJSON)
    ) { add in
      for item in document.items {
        var top = item
        top.children = []
        try add(top, nil)
        for child in item.children { try add(child, item.id) }
      }
    }
  }

  /// The formats a timeline can be written in.
  public enum Format: String, Sendable, CaseIterable { case json, ics, csv }

  /// Timeline `id` as `format` text, or `nil` when there is no such timeline. JSON keeps
  /// the document's cards; iCalendar is stamped with `timestamp`.
  public static func export(
    _ id: Int64, from store: any TimelineStore, format: Format, timestamp: Date
  ) async throws -> String? {
    guard var document = try await store.document(id) else { return nil }
    switch format {
    case .json:
      var text = TimelineJSONWriter.string(document)
      if let cards = try await store.timeline(id)?.header.cardsJSON,
        let end = text.lastIndex(of: "}")
      {
        text =
          String(text[..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
          + ",\n  \"cards\": " + cards + "\n}\n"
      }
      return text
    case .ics:
      document.cards = nil
      return ICalendarWriter.string(document, timestamp: timestamp)
    case .csv: return CSVWriter.string(document)
    }
  }
}
