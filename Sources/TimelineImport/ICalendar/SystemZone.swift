import Foundation

/// A system time zone with a cache of its offsets per UTC day, because asking Foundation
/// for an offset is slow compared with reading a calendar line.
///
/// Each day stores its offset at midnight UTC and, when the zone changes offset during
/// the day, the instant of the change and the offset after it; days with more than one
/// change (none exist in practice) are answered by Foundation directly.
///
/// ```swift
/// let berlin = SystemZone(TimeZone(identifier: "Europe/Berlin")!)
/// berlin.offset(atUTC: 1_782_900_000)  // 7200 (summer time)
/// ```
final class SystemZone {
  let timeZone: TimeZone
  private struct Day {
    var offset: Int
    var change: Int
    var offsetAfter: Int
    var exact: Bool
  }

  /// A direct-mapped cache: day `d` lives in slot `d & mask`, so a file's events within
  /// about eleven years never evict each other.
  private var slots: [Int]
  private var entries: [Day]
  private static let mask = 4_095

  init(_ timeZone: TimeZone) {
    self.timeZone = timeZone
    slots = Array(repeating: Int.min, count: Self.mask + 1)
    entries = Array(
      repeating: Day(offset: 0, change: 0, offsetAfter: 0, exact: true), count: Self.mask + 1)
  }

  func offset(atUTC utc: Int) -> Int {
    let day = Civil.day(of: utc)
    let slot = day & Self.mask
    if slots[slot] != day {
      entries[slot] = compute(day)
      slots[slot] = day
    }
    let entry = entries[slot]
    guard entry.exact else {
      return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc)))
    }
    return utc < entry.change ? entry.offset : entry.offsetAfter
  }

  private func compute(_ day: Int) -> Day {
    let start = day * Civil.secondsPerDay
    let end = start + Civil.secondsPerDay
    let startDate = Date(timeIntervalSince1970: Double(start))
    let offset = timeZone.secondsFromGMT(for: startDate)
    var entry = Day(offset: offset, change: end, offsetAfter: offset, exact: true)
    if let next = timeZone.nextDaylightSavingTimeTransition(after: startDate),
      next.timeIntervalSince1970 < Double(end)
    {
      let change = Int(next.timeIntervalSince1970.rounded(.up))
      entry.change = change
      entry.offsetAfter = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(change)))
      if let second = timeZone.nextDaylightSavingTimeTransition(after: next),
        second.timeIntervalSince1970 < Double(end)
      {
        entry.exact = false
      }
    } else if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(end - 1))) != offset {
      // A change Foundation does not report as a transition: ask it every time.
      entry.exact = false
    }
    return entry
  }
}
