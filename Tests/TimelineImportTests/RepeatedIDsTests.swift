import Foundation
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

/// IO-4: a repeated CSV id is found as a dictionary of every id would find it: the first
/// repeat in the file, located with its first use.
@Suite struct RepeatedIDsTests {
  /// A CSV file with one row per id, the first on line 2.
  func csv(_ ids: [String]) -> String {
    "id,title,start\n" + ids.map { "\($0),T,2026-01-05\n" }.joined()
  }

  @Test func io4_repeatsAgreeWithADictionaryOfEveryId() {
    var random = SeededGenerator(seed: 42)
    for count in [0, 1, 63, 64, 65, 1_000, 50_000] {
      var ids = (0..<count).map { _ in "id-\(UInt32.random(in: 0...UInt32.max, using: &random))" }
      for _ in 0..<(count / 100) where count > 1 {
        ids[Int.random(in: 1..<count, using: &random)] =
          ids[Int.random(in: 0..<count, using: &random)]
      }
      var expected: String?
      var first: [String: Int] = [:]
      for (index, id) in ids.enumerated() where expected == nil {
        if let earlier = first[id] {
          expected =
            #"plan.csv:\#(index + 2):1: duplicate id "\#(id)" (first used at \#(earlier + 2):1)"#
        } else {
          first[id] = index
        }
      }
      #expect(csvError(csv(ids)) == expected, "\(count) ids")
    }
  }

  @Test func io4_emptyIdsAreNeverRepeats() throws {
    // Rows without an id get the next `item-N` that no row uses.
    let (document, _) = try readCSV(csv(["a", "", "", "item-1"]))
    #expect(document.items.map(\.id) == ["a", "item-2", "item-3", "item-1"])
  }
}
