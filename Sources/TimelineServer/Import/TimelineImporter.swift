import Foundation
import TimelineCore
import TimelineImport

/// Moving documents in and out of a store: files streamed in (one transaction per
/// timeline, nothing written on bad input), and timelines written out in any format.
public enum TimelineImporter {
  /// Imports the file at `path` as a new timeline: CSV rows and iCalendar events are
  /// streamed into the store as they are read; JSON is read whole. A bad file throws its
  /// located `DocumentError` and leaves the store as it was; so does an id of a JSON or
  /// CSV file that no address of the app can hold (over 1,000 characters, or `.` or `..`).
  public static func importFile(
    path: String, into store: any TimelineStore, title: String?, options: ImportOptions
  ) async throws -> TimelineSummary {
    // Ids the app could not address are refused where the file gives them.
    let options = {
      var options = options
      options.idProblem = ItemEditing.idProblem
      return options
    }()
    let format = InputFormat(path: path) ?? .json
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    if format == .json {
      let (document, _) = try DocumentReader.read(path: path, format: .json, options: options)
      return try await importDocument(document, title: title ?? document.title ?? name, into: store)
    }
    let header = TimelineHeader(title: title ?? name, timeZone: options.timeZone)
    do {
      return try await store.importTimeline(header) { add in
        _ = try DocumentReader.forEachItem(path: path, format: format, options: options) {
          try add($0.item.withCanonicalIDs, $0.parentID.map(TimelineItem.canonicalID))
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
    _ document: TimelineDocument, title: String? = nil, into store: any TimelineStore
  ) async throws -> TimelineSummary {
    try await store.importTimeline(
      TimelineHeader(
        title: title ?? document.title ?? "Untitled", timeZone: document.timeZone,
        headerUnit: document.headerUnit, cards: document.cards)
    ) { add in
      for item in document.items.map(\.withCanonicalIDs) {
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
    var text = ""
    let written = try await export(id, from: store, format: format, timestamp: timestamp) {
      text += $0
    }
    return written == nil ? nil : text
  }

  /// What an export wrote.
  public struct Exported: Sendable {
    /// Top-level items.
    public var items = 0
    /// Children left out (CSV has no place for them).
    public var childrenLeftOut = 0
  }

  /// Rows read from the store per page of an export.
  public static let exportPage = 2_000

  /// Writes timeline `id` as `format` to `write`, a page of rows at a time: whatever the
  /// timeline's size, memory holds one page, and `write` may wait (a slow client) without
  /// more being read. `nil` (nothing written) when there is no such timeline. CSV reads
  /// the rows twice: first for the number of attribute columns.
  public static func export(
    _ id: Int64, from store: any TimelineStore, format: Format, timestamp: Date,
    view: TimelineQuery = TimelineQuery(), locale: Locale = Locale(identifier: "en_US"),
    to write: (String) async throws -> Void
  ) async throws -> Exported? {
    guard let info = try await store.timeline(id) else { return nil }
    // The whole timeline in document order; a view (search, filters, sort) in its order.
    let items: ((TimelineItem) async throws -> Void) async throws -> Void =
      view == TimelineQuery()
      ? { body in try await forEachItem(of: id, in: store, body) }
      : { body in
        try await forEachItem(
          of: id, in: store, view: view,
          context: TimelineContext(now: timestamp, timeZone: info.header.timeZone, locale: locale),
          body)
      }
    let document = TimelineDocument(
      title: info.header.title, timeZone: info.header.timeZone, headerUnit: info.header.headerUnit)
    let zone = document.timeZone
    var attributeColumns = 0
    if format == .csv {
      try await items { item in attributeColumns = max(attributeColumns, item.attributes.count) }
    }
    var exported = Exported()
    var head = ""
    switch format {
    case .json: TimelineJSONWriter.writeHead(document, to: &head)
    case .ics: ICalendarWriter.writeHead(document, to: &head)
    case .csv: head = CSVWriter.header(attributeColumns: attributeColumns)
    }
    try await write(head)
    var page = ""
    try await items { item in
      switch format {
      case .json:
        TimelineJSONWriter.writeItem(item, first: exported.items == 0, zone: zone, to: &page)
      case .ics: ICalendarWriter.writeItem(item, timestamp: timestamp, to: &page)
      case .csv:
        page += CSVWriter.row(item, zone: zone, attributeColumns: attributeColumns)
        exported.childrenLeftOut += item.children.count
      }
      exported.items += 1
      if page.utf8.count >= 64 * 1024 {
        try await write(page)
        page = ""
      }
    }
    switch format {
    case .json:
      TimelineJSONWriter.writeItemsEnd(empty: exported.items == 0, to: &page)
      // The feed of cards, a window at a time, as the items.
      var start = 0
      var window = try await store.cards(timeline: id, from: 0, limit: exportPage)
      if let feed = window { TimelineJSONWriter.writeFeedStart(feed, to: &page) }
      while let feed = window {
        for (index, entry) in feed.entries.enumerated() {
          TimelineJSONWriter.writeCard(entry, first: start + index == 0, zone: zone, to: &page)
        }
        start += feed.entries.count
        if page.utf8.count >= 64 * 1024 {
          try await write(page)
          page = ""
        }
        guard feed.cardsAfter > 0, !feed.entries.isEmpty else {
          TimelineJSONWriter.writeFeedEnd(empty: start == 0, to: &page)
          break
        }
        // A feed cannot go away while its timeline stands: a deleted timeline throws.
        window = try await store.cards(timeline: id, from: start, limit: exportPage)
        if window == nil { TimelineJSONWriter.writeFeedEnd(empty: start == 0, to: &page) }
      }
      TimelineJSONWriter.writeEnd(to: &page)
    case .ics: ICalendarWriter.writeTail(to: &page)
    case .csv: break
    }
    try await write(page)
    return exported
  }

  /// The whole feed of cards of timeline `id`, read a window at a time; `nil` when it has
  /// none.
  static func feed(of id: Int64, in store: any TimelineStore) async throws -> CardFeed? {
    guard var feed = try await store.cards(timeline: id, from: 0, limit: exportPage) else {
      return nil
    }
    while feed.cardsAfter > 0,
      let next = try await store.cards(
        timeline: id, from: feed.entries.count, limit: exportPage),
      !next.entries.isEmpty
    {
      feed.entries += next.entries
      feed.cardsAfter = next.cardsAfter
    }
    return feed
  }

  /// Calls `body` with each top-level item of timeline `id` that `view` shows, in its
  /// order, with its children: the view's windows one after the other, `exportPage` rows
  /// each, as the rows API pages through them.
  static func forEachItem(
    of id: Int64, in store: any TimelineStore, view: TimelineQuery, context: TimelineContext,
    _ body: (TimelineItem) async throws -> Void
  ) async throws {
    var anchor = WindowAnchor.start
    while true {
      let window = try await store.window(
        WindowRequest(
          timeline: id, query: view, anchor: anchor, limit: exportPage, context: context))
      for item in window.items { try await body(item) }
      guard let next = window.after, !window.items.isEmpty else { break }
      anchor = .after(next)
    }
  }

  /// Calls `body` with each top-level item of timeline `id` in document order, with its
  /// children, reading `exportPage` rows at a time.
  static func forEachItem(
    of id: Int64, in store: any TimelineStore, _ body: (TimelineItem) async throws -> Void
  ) async throws {
    var after: Int64 = -1
    var pending: TimelineItem?
    while true {
      let rows = try await store.rows(of: id, after: after, limit: exportPage)
      guard let last = rows.last else { break }
      for row in rows {
        if row.parentID != nil, pending != nil {
          pending?.appendChild(row.item)
          continue
        }
        if let item = pending { try await body(item) }
        pending = row.item
      }
      after = last.seq
    }
    if let item = pending { try await body(item) }
  }
}
