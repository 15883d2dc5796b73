import Foundation
import TimelineCore

/// What both stores do to read and change a timeline's items, written once: the statements
/// (each store runs the same ones, in the same order, in its own transaction: GRDB's write
/// closure in SQLite, a transaction holding the timeline's row in PostgreSQL) and the rules
/// around them (tags, `If-Match`, repeated ids, how rows make items and documents).
enum ItemWrites {
  // MARK: Statements

  /// A top-level item's row by its id: `itemSelection`. Arguments: timeline, id.
  static let topRowSQL =
    "SELECT \(ItemColumns.itemSelection) FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL"
  /// The children of the row at a sequence number, in order. Arguments: timeline, seq.
  static let childRowsSQL =
    "SELECT \(ItemColumns.itemSelection) FROM items WHERE timeline_id = ? AND parent_seq = ? ORDER BY seq"
  /// A top-level item's sequence number. Arguments: timeline, id.
  /// A top-level item's sequence number and what its tag is made of (`seq, stamp, rowid`).
  static let topSeqSQL =
    "SELECT seq, stamp, rowid FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL"
  /// Every row of a timeline in document order, with its parent's sequence number.
  static let documentSQL =
    "SELECT \(ItemColumns.itemSelection), parent_seq FROM items WHERE timeline_id = ? ORDER BY seq"
  /// Deletes the children of the row at a sequence number. Arguments: timeline, seq.
  static let deleteChildrenSQL = "DELETE FROM items WHERE timeline_id = ? AND parent_seq = ?"
  /// Deletes the row at a sequence number. Arguments: timeline, seq.
  static let deleteRowSQL = "DELETE FROM items WHERE timeline_id = ? AND seq = ?"
  /// The sequence number a new top-level item takes. Arguments: timeline.
  static let nextSeqSQL = "SELECT next_seq FROM timelines WHERE id = ?"
  /// Counts an added item. Arguments: timeline.
  static let countAddedSQL = "UPDATE timelines SET item_count = item_count + 1 WHERE id = ?"
  /// Counts a deleted item and marks the change. Arguments: timeline.
  static let countDeletedSQL =
    "UPDATE timelines SET item_count = item_count - 1, revision = revision + 1 WHERE id = ? RETURNING revision"
  /// A top-level row rewritten in place: `ItemColumns.updateSQL` within its timeline.
  static let rewriteSQL = ItemColumns.updateSQL + " AND timeline_id = ?"
  /// A new top-level row, answering its rowid.
  static let insertSQL = ItemColumns.insertSQL + " RETURNING rowid"

  /// The first of `ids` another row of the timeline already holds. Arguments:
  /// ``takenArguments(_:timeline:except:)``.
  static func takenSQL(count: Int) -> String {
    "SELECT item_id FROM items WHERE timeline_id = ? AND rowid <> ? AND item_id IN ("
      + Array(repeating: "?", count: count).joined(separator: ", ") + ") LIMIT 1"
  }

  static func takenArguments(_ ids: [String], timeline: Int64, except rowid: Int64?)
    -> [SQLValue]
  {
    [.integer(timeline), .integer(rowid ?? -1)] + ids.map(SQLValue.text)
  }

  /// The columns of ``info(_:id:)``, from `timelines`.
  static let infoColumns =
    "title, time_zone, header_unit, card_count, item_count, revision, max_span"

  /// Every timeline's summary, in the order they were made.
  static let summariesSQL = "SELECT id, title, item_count FROM timelines"

  /// Children inserted per statement: 500 rows of 29 values stay under every store's limit
  /// on a statement's parameters.
  static let childrenPerStatement = 500

  // MARK: Rules

  /// A timeline's settings from a row of `infoColumns`.
  static func info(_ row: some SQLColumns, id: Int64) -> TimelineInfo {
    let header = TimelineHeader(
      title: row.text(0) ?? "", timeZone: row.text(1).flatMap(TimeZone.init(identifier:)) ?? .gmt,
      headerUnit: row.text(2).flatMap(HeaderUnit.init(rawValue:)) ?? .day)
    return TimelineInfo(
      id: id, header: header, count: Int(row.integer(4) ?? 0),
      cardCount: row.integer(3).map(Int.init), revision: row.integer(5) ?? 0,
      maxSpan: row.real(6) ?? 0)
  }

  /// A timeline's summary from a row of `summariesSQL`.
  static func summary(_ row: some SQLColumns) -> TimelineSummary {
    TimelineSummary(
      id: row.integer(0) ?? 0, title: row.text(1) ?? "", count: Int(row.integer(2) ?? 0))
  }

  /// An item's `ETag`: the revision that wrote its row, and the row.
  static func tag(stamp: Int64, rowid: Int64) -> String { "\"\(stamp).\(rowid)\"" }

  /// Whether an `If-Match` value (`*` or a list of tags) names `tag`. Weak tags never
  /// match (RFC 9110 §13.1.1 compares strongly).
  static func matches(_ ifMatch: String, tag: String) -> Bool {
    let value = ifMatch.trimmingCharacters(in: .whitespaces)
    if value == "*" { return true }
    var tags: [Substring] = []
    var rest = value[...]
    while let open = rest.firstIndex(where: { $0 == "\"" || $0 == "W" }) {
      let weak = rest[open] == "W"
      guard let quote = rest[open...].firstIndex(of: "\""),
        let close = rest[rest.index(after: quote)...].firstIndex(of: "\"")
      else { break }
      if !weak { tags.append(rest[quote...close]) }
      rest = rest[rest.index(after: close)...]
    }
    return tags.contains { $0 == tag }
  }

  /// A stored top-level item and where its row is.
  struct Stored {
    var stored: StoredItem
    var rowid: Int64
    var seq: Int64
    var version: Int64
  }

  /// The stored item of a `topRowSQL` row and its `childRowsSQL` rows.
  static func stored(_ row: some SQLColumns, children: [some SQLColumns]) -> Stored {
    var item = ItemColumns.item(row)
    item.children = children.map { ItemColumns.item($0) }
    let rowid = row.integer(.rowid) ?? 0
    return Stored(
      stored: StoredItem(item: item, tag: tag(stamp: row.integer(.stamp) ?? 0, rowid: rowid)),
      rowid: rowid, seq: row.integer(.seq) ?? 0, version: row.integer(.version) ?? 1)
  }

  /// A document built from `documentSQL`'s rows, one at a time.
  struct DocumentAssembly {
    var document: TimelineDocument
    private var positions: [Int64: Int] = [:]

    init(_ info: TimelineInfo) {
      document = TimelineDocument(
        title: info.header.title, timeZone: info.header.timeZone,
        headerUnit: info.header.headerUnit)
    }

    mutating func add(_ row: some SQLColumns) {
      let item = ItemColumns.item(row)
      if let parent = row.integer(ItemColumns.selectionCount), let index = positions[parent] {
        document.items[index].appendChild(item)
      } else {
        positions[row.integer(.seq) ?? 0] = document.items.count
        document.items.append(item)
      }
    }
  }

  /// An item to be written at `seq`: its children take the next free sequence numbers (after
  /// every number used so far, so document order keeps them behind their parent). Made
  /// before any statement runs; an id repeated within the item is refused here.
  struct Write {
    let item: TimelineItem
    let info: TimelineInfo
    let seq: Int64
    let calendar: Calendar
    /// The ids the item and its children take.
    let ids: [String]

    init(_ item: TimelineItem, info: TimelineInfo, seq: Int64, calendar: Calendar) throws {
      var ids = [item.id]
      for child in item.children {
        guard !ids.contains(child.id) else { throw StoreError.repeatedID(child.id) }
        ids.append(child.id)
      }
      self.item = item
      self.info = info
      self.seq = seq
      self.calendar = calendar
      self.ids = ids
    }

    /// `markRevisionSQL`'s arguments: the item's span, its `seq + 1`, its number of
    /// children, the timeline. It answers the revision and the next free sequence number.
    var markArguments: [SQLValue] {
      let span = TimeSpan(item, calendar: calendar)
      return [
        .real(span.end - span.start), .integer(seq + 1), .integer(Int64(item.children.count)),
        .integer(info.id),
      ]
    }

    /// The top-level row's values, written in revision `stamp`.
    func topValues(stamp: Int64) -> [SQLValue] {
      var top = item
      top.children = []
      var sections = SectionCache()
      return ItemColumns.values(
        top, timeline: info.id, seq: seq, parentSeq: nil, stamp: stamp,
        unit: info.header.headerUnit, calendar: calendar, sections: &sections)
    }

    /// The children's inserts and their values, `childrenPerStatement` rows each (a
    /// statement's parameters are bounded: 32,766 in SQLite's default build); none without
    /// children. `nextSeq` is what `markRevisionSQL` answered.
    func children(stamp: Int64, nextSeq: Int64) -> [(sql: String, values: [SQLValue])] {
      var next = nextSeq - Int64(item.children.count)
      var sections = SectionCache()
      var statements: [(sql: String, values: [SQLValue])] = []
      for start in stride(from: 0, to: item.children.count, by: ItemWrites.childrenPerStatement) {
        let group = item.children[
          start..<min(start + ItemWrites.childrenPerStatement, item.children.count)]
        var values: [SQLValue] = []
        for child in group {
          var leaf = child
          leaf.children = []
          values += ItemColumns.values(
            leaf, timeline: info.id, seq: next, parentSeq: seq, stamp: stamp,
            unit: info.header.headerUnit, calendar: calendar, sections: &sections)
          next += 1
        }
        statements.append((ItemColumns.insertSQL(rows: group.count), values))
      }
      return statements
    }

    /// The item as stored: its children carry no children of their own.
    var stored: TimelineItem {
      var stored = item
      stored.children = item.children.map {
        var child = $0
        child.children = []
        return child
      }
      return stored
    }
  }
}

/// The log of changes both stores keep for reconnecting readers (`Last-Event-ID`).
enum ChangeLog {
  /// How many changes per timeline are kept.
  static let kept: Int64 = 10_000

  /// Records a change. Arguments: ``recordArguments(_:timeline:)``.
  static let recordSQL =
    "INSERT INTO changes (timeline_id, revision, item_id, op) VALUES (?, ?, ?, ?)"
  /// Forgets changes older than the kept ones, run every thousandth revision. Arguments:
  /// ``trimArguments(_:timeline:)``, when it is due.
  static let trimSQL = "DELETE FROM changes WHERE timeline_id = ? AND revision <= ?"
  /// The changes after a revision. Arguments: timeline, revision.
  static let afterSQL =
    "SELECT revision, op, item_id FROM changes WHERE timeline_id = ? AND revision > ? ORDER BY revision"
  /// A timeline's revision. Arguments: timeline.
  static let revisionSQL = "SELECT revision FROM timelines WHERE id = ?"

  static func recordArguments(_ change: TimelineChange, timeline: Int64) -> [SQLValue] {
    [
      .integer(timeline), .integer(change.revision), .text(change.itemID),
      .text(change.operation.rawValue),
    ]
  }

  /// `trimSQL`'s arguments when `change` is a thousandth revision; `nil` otherwise.
  static func trimArguments(_ change: TimelineChange, timeline: Int64) -> [SQLValue]? {
    guard change.revision % 1_000 == 0 else { return nil }
    return [.integer(timeline), .integer(change.revision - kept)]
  }

  /// The changes after `revision` from `afterSQL`'s rows, or `nil` when the log no longer
  /// reaches back to `revision` (the timeline is at `current`).
  static func changes(_ rows: [SQLRow], after revision: Int64, current: Int64)
    -> [TimelineChange]?
  {
    guard revision < current else { return revision == current ? [] : nil }
    let changes = rows.compactMap { row -> TimelineChange? in
      guard let number = row.integer(0),
        let operation = row.text(1).flatMap(TimelineChange.Operation.init(rawValue:)),
        let id = row.text(2)
      else { return nil }
      return TimelineChange(revision: number, operation: operation, itemID: id)
    }
    // Complete only when the first kept change follows `revision` and none is missing.
    guard changes.first?.revision == revision + 1, changes.last?.revision == current,
      changes.count == Int(current - revision)
    else { return nil }
    return changes
  }
}

extension Calendar {
  /// The calendar of a timeline: Gregorian in its zone, weeks as `locale` has them.
  static func timeline(_ zone: TimeZone, locale: Locale) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    calendar.locale = locale
    return calendar
  }
}

/// The statements of one transaction, run one after another, each answered before the next:
/// GRDB's `Database` inside SQLite's write, a PostgreSQL connection inside its transaction
/// (``PostgresStatements``, on a thread of its own). What the stores write is written once
/// over it (``ItemWrites/Change``).
protocol StatementRunner {
  /// The rows of `sql` with `arguments` bound. `keep`: the statement is one of a fixed few,
  /// prepared once and kept; `false` for statements of many shapes (a count probe).
  func rows(_ sql: String, _ arguments: [SQLValue], keep: Bool) throws -> [SQLRow]
}

extension StatementRunner {
  func rows(_ sql: String, _ arguments: [SQLValue] = []) throws -> [SQLRow] {
    try rows(sql, arguments, keep: true)
  }

  /// Runs `sql` for its effect.
  func run(_ sql: String, _ arguments: [SQLValue] = []) throws {
    _ = try rows(sql, arguments, keep: true)
  }

  /// The first column of the first row, as an integer.
  func integer(_ sql: String, _ arguments: [SQLValue]) throws -> Int64? {
    try rows(sql, arguments).first?.integer(0)
  }
}

extension ItemWrites {
  /// An update that would leave the item as it is: the write ends without a change, and
  /// the store answers the item as stored.
  struct Unchanged: Error {
    let stored: StoredItem

    /// What `write` answers, or the item as stored when the change left it as it was: how
    /// both stores answer an update.
    static func answering(_ write: () async throws -> StoredItem) async throws -> StoredItem {
      do { return try await write() } catch let unchanged as Self { return unchanged.stored }
    }
  }

  /// The changes to a timeline's items, the same statements in both stores: each store
  /// runs one of them in its write transaction, with the timeline's settings as read there.
  struct Change {
    let db: any StatementRunner
    let info: TimelineInfo
    let calendar: Calendar
    let dialect: SQLDialect

    var timeline: Int64 { info.id }

    /// The stored item `id` with its children, and where its row is.
    static func stored(_ db: any StatementRunner, timeline: Int64, id: String) throws -> Stored? {
      guard let row = try db.rows(topRowSQL, [.integer(timeline), .text(id)]).first else {
        return nil
      }
      let children = try db.rows(
        childRowsSQL, [.integer(timeline), row[ItemColumns.Selected.seq.rawValue]])
      return ItemWrites.stored(row, children: children)
    }

    /// Replaces the item `id` by what `change` makes of it, when `ifMatch` names its tag.
    /// A change that leaves the item as it is writes nothing: it throws ``Unchanged`` with
    /// the item as stored, its tag kept (so a form open elsewhere is not refused as changed
    /// meanwhile).
    func update(
      _ id: String, ifMatch: String,
      change: (TimelineItem, TimeZone) throws -> TimelineItem
    ) throws -> (StoredItem, TimelineChange) {
      guard let current = try Self.stored(db, timeline: timeline, id: id) else {
        throw StoreError.notFound
      }
      guard matches(ifMatch, tag: current.stored.tag) else { throw StoreError.stale }
      let changed = try change(current.stored.item, info.header.timeZone)
      if changed == current.stored.item { throw Unchanged(stored: current.stored) }
      // The row changes in place (same seq and rowid, the next version); its children are
      // replaced.
      try db.run(deleteChildrenSQL, [.integer(timeline), .integer(current.seq)])
      let written = try write(
        changed, seq: current.seq, version: current.version + 1, replacing: current.rowid)
      // Every field is a column, so the item as read back is `changed` itself.
      return (
        StoredItem(item: changed, tag: tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .updated, itemID: changed.id)
      )
    }

    /// Adds `item` after the timeline's last one.
    func add(_ item: TimelineItem) throws -> (StoredItem, TimelineChange) {
      let seq = try db.integer(nextSeqSQL, [.integer(timeline)]) ?? 0
      let written = try write(item, seq: seq, version: 1)
      try db.run(countAddedSQL, [.integer(timeline)])
      return (
        StoredItem(item: written.item, tag: tag(stamp: written.stamp, rowid: written.rowid)),
        TimelineChange(revision: written.stamp, operation: .added, itemID: item.id)
      )
    }

    /// Deletes the item `id` and its children.
    /// Deletes the item `id` and its children, when `ifMatch` names its tag.
    func delete(_ id: String, ifMatch: String) throws -> (Bool, TimelineChange) {
      guard let row = try db.rows(topSeqSQL, [.integer(timeline), .text(id)]).first,
        let seq = row.integer(0)
      else { throw StoreError.notFound }
      guard matches(ifMatch, tag: tag(stamp: row.integer(1) ?? 0, rowid: row.integer(2) ?? 0))
      else { throw StoreError.stale }
      // Two statements: each is one index search (an `OR` of the two would scan).
      try db.run(deleteChildrenSQL, [.integer(timeline), .integer(seq)])
      try db.run(deleteRowSQL, [.integer(timeline), .integer(seq)])
      let revision = try db.integer(countDeletedSQL, [.integer(timeline)]) ?? 0
      return (true, TimelineChange(revision: revision, operation: .deleted, itemID: id))
    }

    /// Sets the status of a card's item (`nil`: the card's own).
    func setCardItemStatus(_ path: CardItemPath, status: ItemStatus?) throws
      -> (Int64, TimelineChange)
    {
      guard
        try !db.rows(CardRows.setStatusSQL, CardRows.statusArguments(status, path, timeline))
          .isEmpty,
        let revision = try db.integer(CardRows.markSQL, [.integer(timeline)])
      else { throw StoreError.notFound }
      return (revision, TimelineChange(revision: revision, operation: .card, itemID: "\(path)"))
    }

    /// Writes a top-level item at `seq` and its children, or rewrites the row `replacing` in
    /// place; marks the timeline's new revision. A repeated id is
    /// ``StoreError/repeatedID(_:)`` (the write holds the timeline, so none can appear
    /// meanwhile).
    private func write(
      _ item: TimelineItem, seq: Int64, version: Int64, replacing rowid: Int64? = nil
    ) throws -> (item: TimelineItem, stamp: Int64, rowid: Int64) {
      let write = try Write(item, info: info, seq: seq, calendar: calendar)
      if let taken = try db.rows(
        takenSQL(count: write.ids.count),
        takenArguments(write.ids, timeline: timeline, except: rowid)
      ).first?.text(0) {
        throw StoreError.repeatedID(taken)
      }
      guard
        let marked = try db.rows(ItemColumns.markRevisionSQL(dialect), write.markArguments).first,
        let stamp = marked.integer(0), let nextSeq = marked.integer(1)
      else { throw StoreError.notFound }
      var written = rowid ?? 0
      if let rowid {
        try db.run(
          rewriteSQL,
          write.topValues(stamp: stamp) + [.integer(version), .integer(rowid), .integer(timeline)])
      } else {
        written = try db.integer(insertSQL, write.topValues(stamp: stamp)) ?? 0
      }
      for children in write.children(stamp: stamp, nextSeq: nextSeq) {
        try db.run(children.sql, children.values)
      }
      return (write.stored, stamp, written)
    }
  }

  /// How a change moved the cached counts of the timeline's queries (``CountProbe``): the
  /// changed row as the queries saw it before and after, applied once the change committed.
  struct Moved: Sendable {
    var probe: CountProbe?
    var from: Int64
    var before: CountProbe.Row?
    var after: CountProbe.Row?
  }

  /// Runs `body` (a ``Change``) in a store's write transaction, on the timeline of `info`
  /// (to the item `id` when it exists before): probes the cached counts around it and
  /// records the change in the log.
  static func recorded<Result>(
    _ db: any StatementRunner, info: TimelineInfo, counts: CountCache, item id: String?,
    calendar: Calendar, dialect: SQLDialect, _ body: (Change) throws -> (Result, TimelineChange)
  ) throws -> (Result, TimelineChange, Moved) {
    let probe = counts.probe(timeline: info.id, rows: info.count)
    func probed(_ id: String?) throws -> CountProbe.Row? {
      guard let probe, let id else { return nil }
      return probe.read(try db.rows(probe.sql, probe.arguments(id: id), keep: false))
    }
    let before = try probed(id)
    let (result, change) = try body(
      Change(db: db, info: info, calendar: calendar, dialect: dialect))
    let after = change.operation == .card ? nil : try probed(change.itemID)
    try db.run(ChangeLog.recordSQL, ChangeLog.recordArguments(change, timeline: info.id))
    if let trim = ChangeLog.trimArguments(change, timeline: info.id) {
      try db.run(ChangeLog.trimSQL, trim)
    }
    return (result, change, Moved(probe: probe, from: info.revision, before: before, after: after))
  }
}

extension ChangeLog {
  /// The changes to `timeline` after `revision`; `nil` when the log no longer reaches back
  /// to it, or there is no such timeline.
  static func changes(_ db: any StatementRunner, timeline: Int64, after revision: Int64) throws
    -> [TimelineChange]?
  {
    guard let current = try db.integer(revisionSQL, [.integer(timeline)]) else { return nil }
    let rows = try db.rows(afterSQL, [.integer(timeline), .integer(revision)])
    return changes(rows, after: revision, current: current)
  }
}

extension CountCache {
  /// Moves the cached counts along a committed change (see ``ItemWrites/Moved``).
  func apply(_ moved: ItemWrites.Moved, to revision: Int64) {
    guard let probe = moved.probe else { return }
    apply(probe, from: moved.from, to: revision, before: moved.before, after: moved.after)
  }
}
