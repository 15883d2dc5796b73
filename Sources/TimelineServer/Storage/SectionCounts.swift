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

/// The section counts of recent queries, each valid for one revision of its timeline (a
/// write makes a new revision, so nothing stale is ever read). Least recently used first out.
final class CountCache: Sendable {
  private struct State {
    var entries: [String: (counts: SectionCounts, used: UInt64)] = [:]
    var clock: UInt64 = 0
  }
  private let state = Locked(State())
  let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// The counts for `key`, computed by `make` when not cached.
  func counts(_ key: String, make: () async throws -> SectionCounts) async rethrows
    -> SectionCounts
  {
    let cached = state.withLock { state -> SectionCounts? in
      state.clock += 1
      guard let entry = state.entries[key] else { return nil }
      state.entries[key] = (entry.counts, state.clock)
      return entry.counts
    }
    if let cached { return cached }
    let counts = try await make()
    state.withLock { state in
      state.clock += 1
      if state.entries.count >= capacity,
        let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key
      {
        state.entries[oldest] = nil
      }
      state.entries[key] = (counts, state.clock)
    }
    return counts
  }

  /// The cache key of `sql`'s counts in revision `revision` of its timeline.
  static func key(_ sql: WindowSQL, revision: Int64) -> String {
    var key = "\(revision)\u{1}\(sql.condition)"
    for argument in sql.arguments { key += "\u{1}\(argument)" }
    return key
  }
}
