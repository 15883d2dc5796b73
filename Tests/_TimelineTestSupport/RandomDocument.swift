import Foundation
import TimelineCore

/// A random document: events, all-day items and markers over a month around noon, with
/// statuses, priorities (some missing), repeated titles and accented words.
public func randomDocument(count: Int, seed: UInt64) -> TimelineDocument {
  var generator = SeededGenerator(seed: seed)
  let words = ["Pump", "pump", "Valve", "Café", "cafe", "Review", "Zeta", "alpha", "Über", "uber"]
  var items: [TimelineItem] = []
  let base = Fixtures.noon.timeIntervalSinceReferenceDate
  for index in 0..<count {
    let offset =
      Double(Int.random(in: -15...15, using: &generator)) * 86_400
      + Double(Int.random(in: 0...3, using: &generator)) * 3_600
    let start = Date(timeIntervalSinceReferenceDate: base + offset)
    let kinds: [ItemKind] = [.event, .event, .event, .event, .start, .end, .inactive]
    let kind = kinds[Int.random(in: 0..<kinds.count, using: &generator)]
    let statuses = ItemStatus.allCases
    let title =
      words[Int.random(in: 0..<words.count, using: &generator)] + " "
      + words[Int.random(in: 0..<words.count, using: &generator)]
    let allDay = Int.random(in: 0..<5, using: &generator) == 0
    items.append(
      TimelineItem(
        id: "i\(index)", kind: kind, title: title,
        start: allDay ? .day(CalendarDay(start, in: Fixtures.context().calendar)) : .instant(start),
        end: Bool.random(using: &generator) ? .instant(start.addingTimeInterval(7_200)) : nil,
        status: statuses[Int.random(in: 0..<statuses.count, using: &generator)],
        attributes: Bool.random(using: &generator) ? ["Line 4"] : ["Line 1", "Berlin"],
        priority: Int.random(in: 0..<4, using: &generator) == 0
          ? nil : Int.random(in: 1...3, using: &generator)))
  }
  return TimelineDocument(title: "Random", items: items)
}
