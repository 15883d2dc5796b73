import Foundation
import Testing
import _TimelineTestSupport

/// Semantics checked from outside: random documents through `timeline … --format json`,
/// compared with the reference rules of SPEC.
@Suite("CLI semantics on unseen documents", .serialized)
struct SemanticsTests {
  static let now = Fixtures.instant("2026-11-21T12:00:00Z")
  static let nowText = "2026-11-21T12:00:00Z"

  func renderJSON(_ document: RandomDocument, granularity: String) throws -> [String: Any] {
    let path = try CommandRunner.temporaryFile(document.json)
    let result = try CommandRunner.run([
      "render", path, "--format", "json", "--now", Self.nowText, "--granularity", granularity,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
      as! [String: Any]
  }

  static func rows(_ json: [String: Any]) -> [[String: Any]] {
    (json["sections"] as! [[String: Any]]).flatMap { $0["rows"] as! [[String: Any]] }
  }

  /// A page that filters in place is written by every core at once; each row's extra
  /// texts (its whole date, its unit of time) must come from its own worker's formatters
  /// (a shared one crashed the process from about 3,000 rows).
  @Test func tl11_aLargeInteractivePageIsWrittenWhole() throws {
    let document = RandomDocument(seed: 7, now: Self.now, count: 4_500)
    let path = try CommandRunner.temporaryFile(document.json)
    for sort in ["date", "priority:desc"] {
      let result = try CommandRunner.run([
        "render", path, "--format", "html", "--now", Self.nowText, "--sort", sort,
      ])
      #expect(result.status == 0, "\(sort): \(result.standardError)")
      #expect(result.standardOutput.components(separatedBy: #"<li class="tl-row""#).count == 4_501)
      #expect(
        result.standardOutput.hasSuffix("</html>\n") || result.standardOutput.hasSuffix("</html>"))
    }
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func tl4_tl5_tl6_randomDocumentsFollowTheRules(seed: UInt64) throws {
    let document = RandomDocument(seed: seed, now: Self.now)
    for granularity in ["day", "instant"] {
      let json = try renderJSON(document, granularity: granularity)
      let rows = Self.rows(json)
      let byID = Dictionary(uniqueKeysWithValues: document.items.map { ($0.id, $0) })
      #expect(rows.count == document.items.count)
      #expect(json["total"] as? Int == document.items.count)
      // TL-1: chronological.
      let starts = rows.map { byID[$0["id"] as! String]!.start }
      #expect(starts == starts.sorted(), "rows must be chronological")
      for row in rows {
        let item = byID[row["id"] as! String]!
        #expect(
          row["tense"] as? String
            == Reference.tense(item, now: Self.now, zone: document.zone, granularity: granularity),
          "tense of \(item.id) [\(granularity)]")
        #expect(row["node"] as? String == Reference.node(item), "node of \(item.id)")
      }
      // TL-6: exactly one indicator, before the first current row, else the first future row.
      let tenses = rows.map { $0["tense"] as! String }
      let expected = tenses.firstIndex(of: "current") ?? tenses.firstIndex(of: "future")
      if rows.isEmpty {
        #expect(json["nowBeforeId"] is NSNull)
        #expect(json["nowAfterLast"] as? Bool == false)
        #expect(json["emptyState"] as? String == "No items")
      } else if let expected {
        #expect(json["nowBeforeId"] as? String == rows[expected]["id"] as? String)
      } else {
        #expect(json["nowBeforeId"] is NSNull)
        #expect(json["nowAfterLast"] as? Bool == true)
      }
    }
  }

  @Test(arguments: 20...31 as ClosedRange<UInt64>)
  func pv2_pv4_pv6_randomPreviewsFollowTheRules(seed: UInt64) throws {
    let document = RandomDocument(seed: seed, now: Self.now)
    let path = try CommandRunner.temporaryFile(document.json)
    let timeline = Self.rows(try renderJSON(document, granularity: "day"))
    for (size, count) in [("compact", 2), ("regular", 4)] {
      let result = try CommandRunner.run([
        "preview", path, "--format", "json", "--now", Self.nowText, "--size", size,
      ])
      #expect(result.status == 0, "\(result.standardError)")
      let json =
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
      let items = json["items"] as! [[String: Any]]
      // PV-2: as many as fit, or every object when fewer exist.
      #expect(items.count == min(count, timeline.count))
      // PV-3: See All counts every object.
      let seeAll = json["seeAll"] as! [String: Any]
      #expect(seeAll["count"] as? Int == timeline.count)
      #expect(seeAll["label"] as? String == "See All (\(timeline.count))")
      // PV-6: the non-past rows from the start, then the most recent past rows, in order.
      let nonPast = timeline.indices.filter { timeline[$0]["tense"] as! String != "past" }
      let past = timeline.indices.filter { timeline[$0]["tense"] as! String == "past" }
      var chosen = Array(nonPast.prefix(count))
      chosen += past.suffix(max(0, count - chosen.count))
      let expectedIDs = chosen.sorted().map { timeline[$0]["id"] as! String }
      #expect(items.map { $0["id"] as! String } == expectedIDs)
      // PV-4: current objects read "Today"; tense agrees with the timeline.
      for item in items {
        let row = timeline.first { $0["id"] as? String == item["id"] as? String }!
        #expect(item["tense"] as? String == row["tense"] as? String)
        #expect(item["node"] as? String == row["node"] as? String)
        #expect(
          (item["timestamp"] as? String == "Today") == (item["tense"] as? String == "current"))
      }
    }
  }

  @Test func pv2_explicitCountOverridesTheSizeClass() throws {
    let document = RandomDocument(seed: 99, now: Self.now, count: 10)
    let path = try CommandRunner.temporaryFile(document.json)
    let result = try CommandRunner.run([
      "preview", path, "--format", "json", "--now", Self.nowText, "--count", "3",
    ])
    let json =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
    #expect((json["items"] as! [Any]).count == 3)
  }
}
