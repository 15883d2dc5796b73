import Foundation
import _TimelineTestSupport

/// A random timeline document the implementation has never seen, with the facts a
/// reference implementation needs to predict the output independently.
struct RandomDocument {
  struct Item {
    var id: String
    var kind: String
    var status: String
    var start: Date
    /// Inclusive last instant (timed) or the start of the day after the last day (all-day).
    var end: Date
    var allDay: Bool
    var json: String
  }

  var items: [Item]
  var zone: TimeZone
  var json: String

  static let kinds = ["event", "event", "event", "event", "start", "end", "inactive", "earlyEnd"]
  static let statuses = ["open", "inProgress", "completed", "empty"]
  static let zones = [
    "UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe",
  ]

  init(seed: UInt64, now: Date, count: Int? = nil) {
    var random = SeededGenerator(seed: seed)
    zone = TimeZone(identifier: Self.zones.randomElement(using: &random)!)!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let total = count ?? Int.random(in: 0...25, using: &random)
    let spread = [3600.0 * 6, 86_400.0 * 3, 86_400.0 * 40].randomElement(using: &random)!
    var items: [Item] = []
    for index in 0..<total {
      let kind = Self.kinds.randomElement(using: &random)!
      let status = Self.statuses.randomElement(using: &random)!
      let offset = Double.random(in: -spread...spread, using: &random).rounded()
      let startInstant = now.addingTimeInterval(offset)
      let allDay = Int.random(in: 0..<5, using: &random) == 0
      let hasEnd = Bool.random(using: &random)
      let id = "r\(index)"
      var fields = [
        "\"id\":\"\(id)\"", "\"kind\":\"\(kind)\"", "\"status\":\"\(status)\"",
        "\"title\":\"Item \(index)\"",
      ]
      let start: Date
      let end: Date
      if allDay {
        let first = calendar.startOfDay(for: startInstant)
        let days = hasEnd ? Int.random(in: 0...3, using: &random) : 0
        let last = calendar.date(byAdding: .day, value: days, to: first)!
        start = first
        end = calendar.date(byAdding: .day, value: 1, to: last)!
        fields.append("\"start\":\"\(Self.day(first, calendar))\"")
        if hasEnd { fields.append("\"end\":\"\(Self.day(last, calendar))\"") }
      } else {
        start = startInstant
        end =
          hasEnd
          ? startInstant.addingTimeInterval(
            Double.random(in: 0...(86_400 * 2), using: &random).rounded()) : startInstant
        fields.append("\"start\":\"\(Self.instant(start))\"")
        if hasEnd { fields.append("\"end\":\"\(Self.instant(end))\"") }
      }
      items.append(
        Item(
          id: id, kind: kind, status: status, start: start, end: end, allDay: allDay,
          json: "{" + fields.joined(separator: ",") + "}"))
    }
    self.items = items
    json =
      "{\"version\":1,\"timeZone\":\"\(zone.identifier)\",\"items\":["
      + items.map(\.json).joined(separator: ",\n") + "]}"
  }

  static func instant(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  static func day(_ date: Date, _ calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }
}

/// The SPEC's rules, written independently of the implementation.
enum Reference {
  /// TL-4.
  static func tense(_ item: RandomDocument.Item, now: Date, zone: TimeZone, granularity: String)
    -> String
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    if granularity == "instant" {
      let hasDuration = item.allDay || item.end > item.start
      if !hasDuration { return item.start <= now ? "past" : "future" }
      if item.end <= now { return "past" }
      return item.start <= now ? "current" : "future"
    }
    let today = calendar.dateInterval(of: .day, for: now)!
    if item.start >= today.end { return "future" }
    let lastInstant = item.allDay ? item.end.addingTimeInterval(-0.001) : item.end
    return lastInstant >= today.start ? "current" : "past"
  }

  /// TL-5.
  static func node(_ item: RandomDocument.Item) -> String {
    item.kind == "event" ? item.status : item.kind
  }
}
