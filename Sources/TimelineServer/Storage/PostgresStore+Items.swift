import Foundation
import NIOCore
import PostgresNIO
import TimelineCore

extension PostgresStore {
  /// The channel every instance listens on: `TIMELINE REVISION` per change.
  static let channel = "timeline_changes"

  /// The calendar of a timeline: Gregorian in its zone, weeks as the locale has them.
  func calendar(_ zone: TimeZone) -> Calendar { .timeline(zone, locale: locale) }

  public func timelines() async throws -> [TimelineSummary] {
    try await withConnection { connection in
      try await connection.rows(ItemWrites.summariesSQL + " ORDER BY id").map(ItemWrites.summary)
    }
  }

  public func timeline(_ id: Int64) async throws -> TimelineInfo? {
    try await withConnection { try await Self.info($0, id) }
  }

  /// A timeline's settings; `lock` holds its row until the transaction ends (writes to one
  /// timeline take turns, so revisions and `If-Match` stay exact).
  static func info(_ connection: PostgresConnection, _ id: Int64, lock: Bool = false)
    async throws -> TimelineInfo?
  {
    try await connection.rows(
      "SELECT \(ItemWrites.infoColumns) FROM timelines WHERE id = ?\(lock ? " FOR UPDATE" : "")",
      [.integer(id)]
    ).first.map { ItemWrites.info($0, id: id) }
  }

  public func deleteTimeline(_ id: Int64) async throws -> Bool {
    try await transaction { connection in
      try await connection.run("DELETE FROM section_counts WHERE timeline_id = ?", [.integer(id)])
      // Its rows go with their table, at once (a delete row by row would take minutes).
      try await connection.run("DROP TABLE IF EXISTS \(Self.partition(id))")
      return try await !connection.rows(
        "DELETE FROM timelines WHERE id = ? RETURNING id", [.integer(id)]
      ).isEmpty
    }
  }

  public func window(_ request: WindowRequest) async throws -> WindowResult {
    // One snapshot for every statement of the window, so counts and rows agree.
    let counts = counts
    let dialect = dialect
    return try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
      connection in
      guard let info = try await Self.info(connection, request.timeline) else {
        throw StoreError.notFound
      }
      return try await WindowReader.window(
        request, info: info, source: PostgresWindowSource(connection: connection), cache: counts,
        dialect: dialect)
    }
  }

  public func offers(timeline: Int64) async throws -> DialogOffers {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      try await DialogOffers.read(
        timeline: timeline, source: PostgresWindowSource(connection: connection))
    }
  }

  public func document(_ id: Int64) async throws -> TimelineDocument? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      guard let info = try await Self.info(connection, id) else { return nil }
      var assembly = ItemWrites.DocumentAssembly(info)
      let rows = try await connection.query(
        PostgresQuery(
          unsafeSQL: ItemWrites.documentSQL.numberingPlaceholders, binds: .init([.integer(id)])),
        logger: PostgresConnection.quiet)
      for try await row in rows { assembly.add(SQLRow(row)) }
      return assembly.document
    }
  }

  public func rows(of timeline: Int64, after seq: Int64, limit: Int) async throws
    -> [DocumentRow]
  {
    try await withConnection { connection in
      ItemColumns.documentRows(
        try await connection.rows(
          ItemColumns.documentPageSQL,
          [.integer(timeline), .integer(seq), .integer(Int64(limit))]))
    }
  }

  public func item(timeline: Int64, id: String) async throws -> StoredItem? {
    try await withConnection { connection in
      try await Self.stored(connection, timeline: timeline, id: id)?.stored
    }
  }

  /// The stored item `id` with its children, and where its row is.
  static func stored(_ connection: PostgresConnection, timeline: Int64, id: String)
    async throws -> ItemWrites.Stored?
  {
    guard
      let row = try await connection.rows(ItemWrites.topRowSQL, [.integer(timeline), .text(id)])
        .first
    else { return nil }
    let children = try await connection.rows(
      ItemWrites.childRowsSQL, [.integer(timeline), row[ItemColumns.Selected.seq.rawValue]])
    return ItemWrites.stored(row, children: children)
  }

  public func updateItem(
    timeline: Int64, id: String, ifMatch: String,
    change: @escaping @Sendable (TimelineItem, TimeZone) throws -> TimelineItem
  ) async throws -> StoredItem {
    try await write(timeline, item: id) { connection, info in
      guard let current = try await Self.stored(connection, timeline: timeline, id: id) else {
        throw StoreError.notFound
      }
      guard ItemWrites.matches(ifMatch, tag: current.stored.tag) else { throw StoreError.stale }
      let changed = try change(current.stored.item, info.header.timeZone)
      // The row changes in place (same seq and rowid, the next version); its children are
      // replaced.
      try await connection.run(
        ItemWrites.deleteChildrenSQL, [.integer(timeline), .integer(current.seq)])
      let written = try await self.write(
        changed, connection: connection, info: info, seq: current.seq,
        version: current.version + 1, replacing: current.rowid)
      // Every field is a column, so the item as read back is `changed` itself.
      return (
        StoredItem(
          item: changed, tag: ItemWrites.tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .updated, itemID: changed.id)
      )
    }
  }

  public func addItem(timeline: Int64, item: TimelineItem) async throws -> StoredItem {
    try await write(timeline) { connection, info in
      let seq =
        try await connection.rows(ItemWrites.nextSeqSQL, [.integer(timeline)]).first?.integer(0)
        ?? 0
      let written = try await self.write(
        item, connection: connection, info: info, seq: seq, version: 1)
      try await connection.run(ItemWrites.countAddedSQL, [.integer(timeline)])
      return (
        StoredItem(
          item: written.item, tag: ItemWrites.tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .added, itemID: item.id)
      )
    }
  }

  public func deleteItem(timeline: Int64, id: String) async throws -> Bool {
    do {
      return try await write(timeline, item: id) { connection, _ in
        guard
          let seq = try await connection.rows(
            ItemWrites.topSeqSQL, [.integer(timeline), .text(id)]
          ).first?.integer(0)
        else { throw StoreError.notFound }
        // Two statements: each is one index search (an `OR` of the two would scan).
        try await connection.run(
          ItemWrites.deleteChildrenSQL, [.integer(timeline), .integer(seq)])
        try await connection.run(ItemWrites.deleteRowSQL, [.integer(timeline), .integer(seq)])
        let revision =
          try await connection.rows(ItemWrites.countDeletedSQL, [.integer(timeline)]).first?
          .integer(0) ?? 0
        return (true, TimelineChange(revision: revision, operation: .deleted, itemID: id))
      }
    } catch StoreError.notFound {
      return false
    }
  }

  /// Runs a change to `timeline`'s items (to the item `id` when it exists before) in a
  /// transaction that holds the timeline's row, records what it changed, tells every
  /// instance (`NOTIFY`, sent on commit), and moves the cached counts of the timeline's
  /// queries along (``CountProbe``).
  func write<Result: Sendable>(
    _ timeline: Int64, item id: String? = nil,
    _ body:
      @escaping @Sendable (PostgresConnection, TimelineInfo) async throws -> (
        Result, TimelineChange
      )
  ) async throws -> Result {
    let (result, change, moved) = try await transaction { connection in
      guard let info = try await Self.info(connection, timeline, lock: true) else {
        throw StoreError.notFound
      }
      let probe = self.counts.probe(timeline: timeline, rows: info.count)
      func probed(_ id: String?) async throws -> CountProbe.Row? {
        guard let probe, let id else { return nil }
        return probe.read(try await connection.rows(probe.sql, probe.arguments(id: id)))
      }
      let before = try await probed(id)
      let (result, change) = try await body(connection, info)
      let after = change.operation == .card ? nil : try await probed(change.itemID)
      try await connection.run(
        ChangeLog.recordSQL, ChangeLog.recordArguments(change, timeline: timeline))
      if let trim = ChangeLog.trimArguments(change, timeline: timeline) {
        try await connection.run(ChangeLog.trimSQL, trim)
      }
      try await connection.run(
        "SELECT pg_notify(?, ?)", [.text(Self.channel), .text("\(timeline) \(change.revision)")])
      return (result, change, (probe: probe, from: info.revision, before: before, after: after))
    }
    if let probe = moved.probe {
      counts.apply(
        probe, from: moved.from, to: change.revision, before: moved.before, after: moved.after)
    }
    changeSignal.post(timeline: timeline, revision: change.revision)
    return result
  }

  public func cards(timeline: Int64, from start: Int, limit: Int) async throws -> CardFeed? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      guard let spacing = try await connection.rows(CardRows.feedSQL, [.integer(timeline)]).first
      else { throw StoreError.notFound }
      guard let (feed, window) = CardRows.window(spacing: spacing, start: start, limit: limit)
      else { return nil }
      let arguments = CardRows.windowArguments(window, timeline: timeline)
      return CardRows.fill(
        feed, cards: try await connection.rows(CardRows.cardsSQL, arguments),
        items: try await connection.rows(CardRows.itemsSQL, arguments))
    }
  }

  public func setCardItemStatus(timeline: Int64, path: CardItemPath, status: ItemStatus?)
    async throws -> Int64
  {
    try await write(timeline) { connection, _ in
      guard
        try await !connection.rows(
          CardRows.setStatusSQL, CardRows.statusArguments(status, path, timeline)
        ).isEmpty,
        let revision = try await connection.rows(CardRows.markSQL, [.integer(timeline)]).first?
          .integer(0)
      else { throw StoreError.notFound }
      return (revision, TimelineChange(revision: revision, operation: .card, itemID: "\(path)"))
    }
  }

  public func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]? {
    try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
      guard
        let current = try await connection.rows(ChangeLog.revisionSQL, [.integer(timeline)])
          .first?.integer(0)
      else { return nil }
      let rows = try await connection.rows(
        ChangeLog.afterSQL, [.integer(timeline), .integer(revision)])
      return ChangeLog.changes(rows, after: revision, current: current)
    }
  }

  /// Writes a top-level item at `seq` and its children, or rewrites the row `replacing` in
  /// place; marks the timeline's new revision. A repeated id is
  /// ``StoreError/repeatedID(_:)`` (the timeline's row is held, so none can appear
  /// meanwhile).
  func write(
    _ item: TimelineItem, connection: PostgresConnection, info: TimelineInfo, seq: Int64,
    version: Int64, replacing rowid: Int64? = nil
  ) async throws -> (item: TimelineItem, stamp: Int64, rowid: Int64) {
    let write = try ItemWrites.Write(
      item, info: info, seq: seq, calendar: calendar(info.header.timeZone))
    if let taken = try await connection.rows(
      ItemWrites.takenSQL(count: write.ids.count),
      ItemWrites.takenArguments(write.ids, timeline: info.id, except: rowid)
    ).first?.text(0) {
      throw StoreError.repeatedID(taken)
    }
    guard
      let marked = try await connection.rows(
        ItemColumns.markRevisionSQL(dialect), write.markArguments
      ).first, let stamp = marked.integer(0), let nextSeq = marked.integer(1)
    else { throw StoreError.notFound }
    var written = rowid ?? 0
    if let rowid {
      try await connection.run(
        ItemWrites.rewriteSQL,
        write.topValues(stamp: stamp) + [.integer(version), .integer(rowid), .integer(info.id)])
    } else {
      written =
        try await connection.rows(ItemWrites.insertSQL, write.topValues(stamp: stamp)).first?
        .integer(0) ?? 0
    }
    for children in write.children(stamp: stamp, nextSeq: nextSeq) {
      try await connection.run(children.sql, children.values)
    }
    return (write.stored, stamp, written)
  }
}

/// A window's statements on one PostgreSQL connection, inside its read-only transaction.
struct PostgresWindowSource: WindowSource {
  let connection: PostgresConnection

  func rows(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
    try await connection.rows(sql, arguments)
  }
}
