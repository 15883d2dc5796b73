import Foundation
import TimelineCore

/// A generated timeline for `timeline serve --demo` and the benchmarks: `count` items
/// spread evenly over the years around `now` (so windowed scrolling shows both ways), with
/// statuses, priorities, types and attributes to filter and sort by. The same arguments
/// always give the same items.
public enum DemoTimeline {
  static let verbs = [
    "Inspect", "Replace", "Calibrate", "Review", "Clean", "Test", "Order", "Plan",
  ]
  static let objects = [
    "pump", "conveyor belt", "valve", "sensor array", "filter", "gearbox", "control panel",
    "cooling loop",
  ]
  static let lines = ["Line 1", "Line 2", "Line 3", "Line 4"]
  static let types = ["Maintenance", "Inspection", "Procurement", "Planning"]

  /// Hands the items to `add` in document order: a start marker, the events, an end marker.
  public static func items(
    count: Int, now: Date, years: Double = 4, _ add: (TimelineItem) throws -> Void
  ) rethrows {
    let span = years * 365.25 * 86_400
    // Whole minutes, as people plan work (and as the forms show it).
    let first = ((now.timeIntervalSinceReferenceDate - span / 2) / 60).rounded(.down) * 60
    let step = span / Double(max(count, 1))
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    try add(
      TimelineItem(
        id: "start", kind: .start, title: "Programme start",
        start: .instant(Date(timeIntervalSinceReferenceDate: first - 86_400))))
    for index in 0..<max(0, count - 2) {
      let start = first + (Double(index) * step / 60).rounded(.down) * 60
      let random = next()
      // The status from its own draw, so every verb and object meets every status.
      let roll = next()
      let isPast = start < now.timeIntervalSinceReferenceDate
      let status: ItemStatus =
        isPast ? (roll % 5 == 0 ? .open : .completed) : (roll % 4 == 0 ? .inProgress : .open)
      let verb = verbs[Int(random % UInt64(verbs.count))]
      let object = objects[Int((random >> 8) % UInt64(objects.count))]
      let line = lines[Int((random >> 16) % UInt64(lines.count))]
      try add(
        TimelineItem(
          id: "w\(index + 1)", title: "\(verb) the \(object)",
          subtitle: "Work package \(index + 1)",
          start: .instant(Date(timeIntervalSinceReferenceDate: start)),
          end: .instant(
            Date(timeIntervalSinceReferenceDate: start + 3_600 * Double(1 + random % 4))),
          status: status, statusLabel: status == .inProgress ? "Active" : nil,
          supportingText: types[Int((random >> 24) % UInt64(types.count))],
          attributes: [line, "\(1 + random % 4) h"], priority: Int((random >> 4) % 5) + 1))
    }
    try add(
      TimelineItem(
        id: "end", kind: .end, title: "Programme end",
        start: .instant(Date(timeIntervalSinceReferenceDate: first + span + 86_400))))
  }
}
