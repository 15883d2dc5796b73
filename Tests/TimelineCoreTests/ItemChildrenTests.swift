import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// An item's children (one level deep), as readers and stores build them one at a time.
@Suite("IO-1 an item's children")
struct ItemChildrenTests {
  /// `appendChild` adds in order, in place, and leaves copies made before it alone (the
  /// rarely given fields are shared until one copy changes), whatever else the item holds.
  @Test func io1_childrenAppendedOneAtATimeKeepTheirOrderAndCopiesStayApart() {
    var item = Fixtures.event("parent", "2026-11-21T10:00:00Z", title: "Parent")
    item.statusLabel = "Waiting"
    let before = item
    for index in 0..<5_000 {
      item.appendChild(Fixtures.event("c\(index)", "2026-11-21T11:00:00Z"))
    }
    #expect(item.children.map(\.id) == (0..<5_000).map { "c\($0)" })
    #expect(item.statusLabel == "Waiting")
    #expect(before.children.isEmpty, "a copy made before the appends is unchanged")
    let copy = item
    item.appendChild(Fixtures.event("last", "2026-11-22T11:00:00Z"))
    #expect(copy.children.count == 5_000 && item.children.count == 5_001)
    #expect(item.children.last?.id == "last")
    var plain = Fixtures.event("plain", "2026-11-21T10:00:00Z")
    plain.appendChild(Fixtures.event("only", "2026-11-21T10:30:00Z"))
    #expect(plain.children.map(\.id) == ["only"])
  }
}
