import Foundation
import TimelineCore

/// The values the Sort & Filter dialog offers for a stored timeline's attributes and
/// priorities, as `SortFilterDialog.options(for:)` offers a document's.
public struct DialogOffers: Sendable, Hashable {
  public var attributes: [String] = []
  public var priorities: [Int] = []

  /// The most distinct attribute lists one read walks (each step is one index lookup).
  static let maximumLists = 400

  /// Reads the offers through `source`, in both stores the same statements: each walks the
  /// index on (timeline, value) from one distinct value to the next (a lookup per value,
  /// not a scan of the rows), so a million rows with a few values cost a few lookups. The
  /// indexes are on `priority + 0` and `attributes || ''` (their conditions too),
  /// expressions no other statement uses: a filter on the priority must not be planned
  /// through them (it would read its matches in priority order and sort them again,
  /// several times slower than walking the timeline in its own order).
  static func read(timeline: Int64, source: any WindowSource) async throws -> DialogOffers {
    // `kept` is the condition of the expression's partial index, in both steps so that each
    // is answered by that index.
    func distinct(_ expression: String, kept: String, limit: Int) -> String {
      """
      WITH RECURSIVE walk(v) AS (
        SELECT (SELECT MIN(\(expression)) FROM items WHERE timeline_id = ? AND \(kept))
        UNION ALL
        SELECT (SELECT MIN(\(expression)) FROM items
                WHERE timeline_id = ? AND \(kept) AND \(expression) > walk.v)
          FROM walk WHERE walk.v IS NOT NULL
      ) SELECT v FROM walk WHERE v IS NOT NULL LIMIT \(limit)
      """
    }
    let id = SQLValue.integer(timeline)
    let priorities = try await source.rows(
      distinct("priority + 0", kept: "priority + 0 IS NOT NULL", limit: 1_000), [id, id]
    ).compactMap { $0.integer(0) }.compactMap { Int(exactly: $0) }
    // Attributes are stored as a JSON list per item.
    let lists = try await source.rows(
      distinct("attributes || ''", kept: "attributes || '' <> '[]'", limit: maximumLists), [id, id])
    var attributes = Set<String>()
    for row in lists {
      for attribute in ItemColumns.decodeStrings(row.text(0)) { attributes.insert(attribute) }
    }
    return DialogOffers(
      attributes: SortFilterDialog.offered(attributes: attributes), priorities: priorities)
  }
}
