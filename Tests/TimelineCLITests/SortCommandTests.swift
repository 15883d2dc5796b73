import Foundation
import Testing
import _TimelineTestSupport

/// `timeline render --sort` from outside, on random documents, against a reference written
/// here from SPEC SORT-6 alone.
@Suite("SORT-6 ranked sorts from the command line")
struct SortCommandTests {
  struct Item {
    var id: String
    var kind: String
    var status: String
    var priority: Int?
    var title: String
    var start: Int

    /// Start markers first, end markers last, the rest between (SORT-6).
    var rank: Int { kind == "start" ? 0 : kind == "end" ? 2 : 1 }
    /// The node's place in status order: open, in progress, completed, empty, markers.
    var statusRank: Int {
      switch kind {
      case "event": ["open", "inProgress", "completed", "empty"].firstIndex(of: status)!
      case "start": 4
      case "end": 5
      default: 6
      }
    }
  }

  static let words = ["apple", "Banana", "émile", "Eagle", "zebra", "Óscar", "orca", "42 things"]

  static func document(seed: UInt64) -> [Item] {
    var random = SeededGenerator(seed: seed)
    let kinds = ["event", "event", "event", "event", "event", "start", "end", "inactive"]
    let base = 1_795_000_000
    return (0..<Int.random(in: 5...40, using: &random)).map { index in
      let priority = Int.random(in: 0...6, using: &random)
      return Item(
        id: "r\(index)", kind: kinds.randomElement(using: &random)!,
        status: ["open", "inProgress", "completed", "empty"].randomElement(using: &random)!,
        priority: priority == 0 ? nil : priority,
        title: words.randomElement(using: &random)! + " \(index)",
        start: base + Int.random(in: 0...20, using: &random) * 21_600)
    }
  }

  static func json(_ items: [Item]) -> String {
    let rows = items.map { item in
      var fields = [
        "\"id\":\"\(item.id)\"", "\"kind\":\"\(item.kind)\"", "\"status\":\"\(item.status)\"",
        "\"title\":\"\(item.title)\"",
        "\"start\":\"\(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(item.start))))\"",
      ]
      if let priority = item.priority { fields.append("\"priority\":\(priority)") }
      return "{" + fields.joined(separator: ",") + "}"
    }
    return "{\"timeZone\":\"UTC\",\"items\":[" + rows.joined(separator: ",") + "]}"
  }

  /// Negative when `a` comes first by `field` in `descending` or not; 0 on a tie.
  static func compare(_ field: String, _ a: Item, _ b: Item, descending: Bool) -> Int {
    let sign = descending ? -1 : 1
    switch field {
    case "priority":
      switch (a.priority, b.priority) {
      case (nil, nil): return 0
      case (nil, _): return 1
      case (_, nil): return -1
      case (let x?, let y?): return sign * (x < y ? -1 : x > y ? 1 : 0)
      }
    case "status": return sign * (a.statusRank - b.statusRank)
    case "kind": return sign * (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)
    case "title":
      let order = a.title.compare(b.title, options: [.caseInsensitive, .diacriticInsensitive])
      return sign * (order == .orderedAscending ? -1 : order == .orderedSame ? 0 : 1)
    default: return sign * (a.start - b.start)
    }
  }

  /// `sort`'s criteria as (field, descending) pairs.
  static func criteria(_ sort: String) -> [(String, Bool)] {
    sort.split(separator: ",").map { part in
      let pieces = part.split(separator: ":")
      return (String(pieces[0]), pieces.count == 2 && pieces[1] == "desc")
    }
  }

  /// `render --sort sort --format json` of `items`: the model, its sections and their row
  /// ids in order.
  static func rendered(_ items: [Item], sort: String) throws -> (
    output: [String: Any], sections: [[String: Any]], ids: [String]
  ) {
    let path = try CommandRunner.temporaryFile(json(items))
    let result = try CommandRunner.run([
      "render", path, "--sort", sort, "--format", "json", "--now", "2026-11-21T12:00:00Z",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let output =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
    let sections = output["sections"] as! [[String: Any]]
    return (
      output, sections,
      sections.flatMap { ($0["rows"] as! [[String: Any]]).map { $0["id"] as! String } }
    )
  }

  /// The header of the section holding `item` when ranked by `field`.
  static func group(_ item: Item, _ field: String) -> String {
    if item.rank == 0 { return "Start" }
    if item.rank == 2 { return "End" }
    switch field {
    case "priority": return item.priority.map { "Priority \($0)" } ?? "No priority"
    case "status":
      if item.kind == "inactive" { return "Inactive" }
      return ["Open", "In progress", "Completed", "No status"][item.statusRank]
    case "kind": return item.kind == "event" ? "Events" : "Inactive"
    default:
      return String(item.title.first!).folding(options: [.diacriticInsensitive], locale: nil)
        .uppercased()
    }
  }

  @Test(arguments: [
    "priority:desc,date", "priority", "title", "title:desc", "status", "status:desc,priority:desc",
    "kind", "kind:desc,title",
  ])
  func sort6_aRankedSortOrdersTheWholeTimelineWithMarkersFirstAndLast(_ sort: String) throws {
    let criteria = Self.criteria(sort)
    for seed in 1...6 as ClosedRange<UInt64> {
      let items = Self.document(seed: seed)
      let (output, sections, ids) = try Self.rendered(items, sort: sort)
      let expected = items.enumerated().sorted { left, right in
        let (a, b) = (left.element, right.element)
        if a.rank != b.rank { return a.rank < b.rank }
        for (field, descending) in criteria {
          let order = Self.compare(field, a, b, descending: descending)
          if order != 0 { return order < 0 }
        }
        if a.start != b.start { return a.start < b.start }
        return left.offset < right.offset
      }.map(\.element)
      #expect(ids == expected.map(\.id), "seed \(seed)")
      var headers: [String] = []
      for item in expected where headers.last != Self.group(item, criteria[0].0) {
        headers.append(Self.group(item, criteria[0].0))
      }
      #expect(sections.map { $0["title"] as! String } == headers, "seed \(seed)")
      #expect(output["nowBeforeId"] is NSNull, "the now indicator is shown only in date order")
    }
  }

  @Test(arguments: ["date,priority:desc", "date:desc,title", "date,status:desc,priority"])
  func sort6_dateFirstTheOtherCriteriaOrderEachDaysRows(_ sort: String) throws {
    let criteria = Self.criteria(sort)
    let newestFirst = criteria[0].1
    for seed in 1...6 as ClosedRange<UInt64> {
      let items = Self.document(seed: seed)
      let (_, sections, ids) = try Self.rendered(items, sort: sort)
      // Days (UTC, the document's zone) in the date's direction; within a day, start markers
      // first and end markers last, the other criteria, then the date in its direction, then the document's order.
      let day = { (item: Item) in item.start / 86_400 }
      let expected = items.enumerated().sorted { left, right in
        let (a, b) = (left.element, right.element)
        if day(a) != day(b) { return newestFirst ? day(a) > day(b) : day(a) < day(b) }
        // Markers at the ends of their day, in the date's direction.
        if a.rank != b.rank { return newestFirst ? a.rank > b.rank : a.rank < b.rank }
        for (field, descending) in criteria.dropFirst() + [criteria[0]] {
          let order = Self.compare(field, a, b, descending: descending)
          if order != 0 { return order < 0 }
        }
        if a.start != b.start { return a.start < b.start }
        return left.offset < right.offset
      }.map(\.element)
      #expect(ids == expected.map(\.id), "seed \(seed)")
      var days: [Int] = []
      for item in expected where days.last != day(item) { days.append(day(item)) }
      #expect(sections.count == days.count, "one section per day, seed \(seed)")
    }
  }
}
