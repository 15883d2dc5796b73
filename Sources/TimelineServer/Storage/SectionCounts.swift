/// How many rows of one query each section holds, in ascending section order, with running
/// totals. A row's place in its window's order is the rows of the sections before its own
/// plus the rows before it in its own section: a sum instead of a count over every row.
struct SectionCounts: Sendable {
  /// Section starts, ascending.
  var sections: [Double] = []
  /// `prefix[i]` is the number of rows in `sections[0..<i]`.
  var prefix: [Int] = [0]

  var total: Int { prefix[prefix.count - 1] }

  init(_ pairs: [(Double, Int)]) {
    sections.reserveCapacity(pairs.count)
    prefix.reserveCapacity(pairs.count + 1)
    for (section, count) in pairs where count > 0 {
      sections.append(section)
      prefix.append(prefix[prefix.count - 1] + count)
    }
  }

  /// These counts with `delta` rows more in `section` (a section left empty goes).
  func adding(_ delta: Int, at section: Double) -> SectionCounts {
    var pairs = zip(sections, zip(prefix.dropFirst(), prefix).map { $0 - $1 }).map { ($0, $1) }
    if let index = sections.firstIndex(of: section) {
      pairs[index].1 += delta
    } else if delta > 0 {
      pairs.insert((section, delta), at: sections.firstIndex { $0 > section } ?? sections.count)
    }
    return SectionCounts(pairs)
  }

  /// The rows in the sections shown before `section`: the earlier ones, or with
  /// `newestFirst` the later ones.
  func rows(before section: Double, newestFirst: Bool) -> Int {
    if newestFirst {
      return total - prefix[firstIndex { $0 > section }]
    }
    return prefix[firstIndex { $0 >= section }]
  }

  /// The first index whose section satisfies the (monotone) `predicate`, or the end.
  private func firstIndex(where predicate: (Double) -> Bool) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) / 2
      if predicate(sections[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The counts of `sql`'s rows per section: summed from `section_counts` when the query
  /// filters by kind and status only, else counted over the matching rows.
  static func read(_ source: any WindowSource, sql: WindowSQL) async throws -> SectionCounts {
    let text: String
    let arguments: [SQLValue]
    if let table = sql.tableCounts {
      text =
        "SELECT section_ts, CAST(SUM(n) AS BIGINT) FROM section_counts WHERE \(table.condition) GROUP BY section_ts ORDER BY section_ts"
      arguments = table.arguments
    } else {
      text =
        "SELECT section_ts, COUNT(*) FROM items WHERE \(sql.condition) GROUP BY section_ts ORDER BY section_ts"
      arguments = sql.arguments
    }
    return SectionCounts(
      try await source.rows(text, arguments).map { ($0.real(0) ?? 0, Int($0.integer(1) ?? 0)) })
  }
}

/// The section counts of recent queries, each for one revision of its timeline, least
/// recently used first out. A write through the store moves the counts of its timeline's
/// queries to the new revision instead of dropping them (``CountProbe``): it finds whether
/// the row it wrote matched each query before and after, so a page showing a search keeps
/// its counts while others change rows. Counts that a write did not move (another
/// instance's write, a write that failed) are counted again when asked for.
final class CountCache: Sendable {
  private struct Entry {
    var counts: SectionCounts
    var revision: Int64
    var timeline: Int64
    /// The query's condition as checked on one row (no search index), and its arguments.
    var probe: (condition: String, arguments: [SQLValue])
    var used: UInt64
  }
  private struct State {
    var entries: [String: Entry] = [:]
    var clock: UInt64 = 0
    var made = 0
  }
  private let state = Locked(State())
  let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// How many counts were made (not found here): what a test reads to see counts kept.
  var made: Int { state.withLock { $0.made } }

  /// The counts of `sql`'s rows in revision `revision` of its timeline, computed by `make`
  /// when not cached. `probe` is the same condition checked row by row (no search index),
  /// by which a write moves the counts along.
  func counts(
    _ sql: WindowSQL, revision: Int64, timeline: Int64, probe: WindowSQL,
    make: () async throws -> SectionCounts
  ) async rethrows -> SectionCounts {
    let key = Self.key(sql)
    let cached = state.withLock { state -> SectionCounts? in
      state.clock += 1
      guard let entry = state.entries[key], entry.revision == revision else { return nil }
      state.entries[key]?.used = state.clock
      return entry.counts
    }
    if let cached { return cached }
    let counts = try await make()
    state.withLock { state in
      state.clock += 1
      state.made += 1
      if state.entries[key] == nil, state.entries.count >= capacity,
        let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key
      {
        state.entries[oldest] = nil
      }
      // A write may have moved the entry past this revision meanwhile: the newer stays.
      if let entry = state.entries[key], entry.revision > revision { return }
      state.entries[key] = Entry(
        counts: counts, revision: revision, timeline: timeline,
        probe: (probe.condition, probe.arguments), used: state.clock)
    }
    return counts
  }

  /// What a write to `timeline` (of `rows` items) must look up to move its queries' counts
  /// along; `nil` when none is cached. Only counts of the newest revision cached can be
  /// moved: older ones are left out. A timeline of at most `WindowReader.directSearchRows`
  /// rows has none moved: counting its rows again costs less than looking up every query
  /// it was asked (each a condition of the probe) on each write.
  func probe(timeline: Int64, rows: Int) -> CountProbe? {
    guard rows > WindowReader.directSearchRows else { return nil }
    let entries = state.withLock { state in
      let mine = state.entries.filter { $0.value.timeline == timeline }
      let newest = mine.values.map(\.revision).max()
      return mine.filter { $0.value.revision == newest }.map { ($0.key, $0.value.probe) }
    }
    return entries.isEmpty ? nil : CountProbe(timeline: timeline, queries: entries)
  }

  /// Moves the counts `probe` covers from revision `from` to `to` by what the write did to
  /// its row (`before` and `after` it, as ``CountProbe/read(_:)`` found them). Only a write
  /// that made exactly the next revision moves counts; entries at another revision stay as
  /// they are (and are counted again when asked for).
  func apply(
    _ probe: CountProbe, from: Int64, to: Int64, before: CountProbe.Row?, after: CountProbe.Row?
  ) {
    guard to == from + 1 else { return }
    state.withLock { state in
      for (index, key) in probe.keys.enumerated() {
        guard var entry = state.entries[key], entry.revision == from else { continue }
        if let before, before.matches[index] {
          entry.counts = entry.counts.adding(-1, at: before.section)
        }
        if let after, after.matches[index] {
          entry.counts = entry.counts.adding(1, at: after.section)
        }
        entry.revision = to
        state.entries[key] = entry
      }
    }
  }

  /// The cache key of `sql`'s counts: its condition and arguments.
  static func key(_ sql: WindowSQL) -> String {
    var key = sql.condition
    for argument in sql.arguments { key += "\u{1}\(argument)" }
    return key
  }
}

/// One statement that says, for the top-level row of an item, its section and whether each
/// cached query of its timeline holds it: run before a write and after it, in the write's
/// transaction, so that the cached counts follow the write (``CountCache/apply``).
struct CountProbe: Sendable {
  /// The section of the row and, per query (in ``keys``' order), whether it matches.
  struct Row: Sendable {
    var section: Double
    var matches: [Bool]
  }

  let keys: [String]
  let sql: String
  private let queryArguments: [SQLValue]
  private let timeline: Int64

  init(timeline: Int64, queries: [(key: String, probe: (condition: String, arguments: [SQLValue]))])
  {
    self.timeline = timeline
    keys = queries.map(\.key)
    sql =
      "SELECT section_ts"
      + queries.map { ", CASE WHEN \($0.probe.condition) THEN 1 ELSE 0 END" }.joined()
      + " FROM items WHERE timeline_id = ? AND item_id = ? AND parent_seq IS NULL"
    queryArguments = queries.flatMap(\.probe.arguments)
  }

  /// The arguments that look up the item `id`.
  func arguments(id: String) -> [SQLValue] {
    queryArguments + [.integer(timeline), .text(id)]
  }

  /// The row as the statement read it; `nil` when there is none (an item not yet added, or
  /// deleted).
  func read(_ rows: [SQLRow]) -> Row? {
    guard let row = rows.first, let section = row.real(0) else { return nil }
    return Row(section: section, matches: keys.indices.map { row.integer($0 + 1) == 1 })
  }
}
