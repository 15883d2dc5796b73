import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineImport

/// IO-4: repeated ids are found after reading exactly as a dictionary of every id would find
/// them.
@Suite struct RepeatedIDsTests {
  func items(_ ids: [String]) -> [TimelineItem] {
    ids.map { TimelineItem(id: $0, title: "T", start: .day(CalendarDay(daysSinceEpoch: 0))) }
  }

  @Test func io4_repeatsAgreeWithADictionaryOfEveryId() {
    var random = SeededGenerator(seed: 42)
    for count in [0, 1, 63, 64, 65, 1_000, 50_000] {
      var ids = (0..<count).map { _ in "id-\(UInt32.random(in: 0...UInt32.max, using: &random))" }
      for _ in 0..<(count / 100) where count > 1 {
        ids[Int.random(in: 1..<count, using: &random)] =
          ids[Int.random(in: 0..<count, using: &random)]
      }
      var expected: [(Int, Int)] = []
      var first: [String: Int] = [:]
      for (index, id) in ids.enumerated() {
        if let earlier = first[id] { expected.append((earlier, index)) } else { first[id] = index }
      }
      var repeated = RepeatedIDs()
      for id in ids { repeated.record(id) }
      let found = repeated.repeats(in: items(ids))
      #expect(found.map(\.first) == expected.map(\.0), "\(count) ids")
      #expect(found.map(\.repeat) == expected.map(\.1), "\(count) ids")
      for id in ids.prefix(20) {
        let present = repeated.contains(id)
        #expect(present)
      }
      let absent = repeated.contains("not-an-id")
      #expect(!absent)
    }
  }

  @Test func io4_emptyIdsAreNeverRepeats() {
    var repeated = RepeatedIDs()
    repeated.record("a")
    #expect(repeated.repeats(in: items(["a", "", ""])).isEmpty)
  }
}
