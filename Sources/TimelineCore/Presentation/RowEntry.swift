import Foundation

/// The compact per-row facts the presentation keeps for every row: enough to order, tense,
/// section and draw a row without touching the item again. 24 bytes per row.
struct RowEntry: Sendable, Hashable {
  /// The first instant, in seconds since the reference date.
  var start: Double
  /// Timed: the last instant (`end ?? start`). All-day: the start of the day after the
  /// last day (exclusive).
  var end: Double
  /// Index of the item in the document.
  var item: Int32
  var node: Node
  /// Ties at the same start: start markers first, end markers last.
  var rank: UInt8
  var isAllDay: Bool
  var tense: Tense

  /// Chronological order; ties keep document order.
  @inline(__always)
  static func chronological(_ a: RowEntry, _ b: RowEntry) -> Bool {
    if a.start != b.start { return a.start < b.start }
    if a.rank != b.rank { return a.rank < b.rank }
    return a.item < b.item
  }

  /// The tense of this entry at `now` (TL-4).
  @inline(__always)
  func tense(granularity: TenseGranularity, now: Double, today: Range<Double>) -> Tense {
    switch granularity {
    case .day:
      if start >= today.upperBound { return .future }
      let touchesToday = isAllDay ? end > today.lowerBound : end >= today.lowerBound
      return touchesToday ? .current : .past
    case .instant:
      let hasDuration = isAllDay || end > start
      if hasDuration {
        if end <= now { return .past }
        return start <= now ? .current : .future
      }
      return start <= now ? .past : .future
    }
  }
}
