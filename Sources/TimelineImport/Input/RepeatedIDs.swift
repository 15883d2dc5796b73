import TimelineCore

/// Finds repeated item ids after reading: readers record each id as the items come in,
/// and at the end each item whose id was seen before is paired with its first use.
struct RepeatedIDs {
  private var recorded = Set<String>()

  /// Records the id of the next item that has one.
  mutating func record(_ id: String) { recorded.insert(id) }

  /// Each of `items` whose id repeats an earlier one's, with the earlier one, in document
  /// order. Only ids recorded here are looked for.
  func repeats(in items: [TimelineItem]) -> [(first: Int, repeat: Int)] {
    var firstByID: [String: Int] = [:]
    var result: [(first: Int, repeat: Int)] = []
    for (index, item) in items.enumerated() where !item.id.isEmpty && recorded.contains(item.id) {
      if let first = firstByID[item.id] {
        result.append((first, index))
      } else {
        firstByID[item.id] = index
      }
    }
    return result
  }

  /// Whether `id` was recorded.
  func contains(_ id: String) -> Bool { recorded.contains(id) }
}
