import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("TL-5 nodes, TL-7 markers and lines")
struct NodeAndLineTests {
  @Test func tl5_eventNodesFollowStatus() {
    #expect(Node(kind: .event, status: .open) == .open)
    #expect(Node(kind: .event, status: .inProgress) == .inProgress)
    #expect(Node(kind: .event, status: .completed) == .completed)
    #expect(Node(kind: .event, status: .empty) == .empty)
  }

  @Test func tl5_markerNodesFollowKindWhateverTheStatus() {
    for status in ItemStatus.allCases {
      #expect(Node(kind: .start, status: status) == .start)
      #expect(Node(kind: .end, status: status) == .end)
      #expect(Node(kind: .inactive, status: status) == .inactive)
      #expect(Node(kind: .earlyEnd, status: status) == .earlyEnd)
    }
  }

  @Test func tl5_startAndEndAreDiamonds() {
    #expect(Node.start.shape == .diamond)
    #expect(Node.end.shape == .diamond)
    #expect(Node.completed.icon == .checkmark)
    #expect(Node.inProgress.icon == .ellipsis)
  }

  @Test func tl5_everyNodeDiffersByShapeOrIconOrFillNotJustColor() {
    // Nodes that look alike (the seeds draw start and end as the same diamond) must be
    // markers, whose cells say their names in words; state is never told by color alone.
    func look(_ node: Node) -> String { "\(node.shape)-\(node.icon)-\(node.isFilled)" }
    let strings = TimelineStrings.english
    for first in Node.allCases {
      for second in Node.allCases where first != second && look(first) == look(second) {
        let markers = [first, second].allSatisfy { ItemKind(rawValue: $0.name)?.isMarker == true }
        #expect(
          markers,
          "\(first) and \(second) look alike but are not both markers")
        #expect(strings.name(of: first) != strings.name(of: second))
      }
    }
  }

  /// Done is done: a completed node is the accent-filled checkmark in every tense, also
  /// ahead of time, while its line keeps the tone of its tense (TL-4).
  @Test func tl5_aCompletedNodeIsAccentInEveryTenseAndItsLineKeepsItsTense() {
    #expect(LineTone(node: .completed, tense: .future) == .accent)
    for tense in Tense.allCases {
      for node in Node.allCases where node != .completed {
        #expect(LineTone(node: node, tense: tense) == LineTone(tense), "\(node) \(tense)")
      }
    }
    let presentation = TimelinePresentation(
      items: [
        Fixtures.event("donePast", "2026-11-20T10:00:00Z", status: .completed),
        Fixtures.event("doneToday", "2026-11-21T10:00:00Z", status: .completed),
        Fixtures.event("doneAhead", "2026-11-23T10:00:00Z", status: .completed),
        Fixtures.event("openAhead", "2026-11-24T10:00:00Z"),
      ], context: Fixtures.context())
    let rows = presentation.rows(in: 0..<presentation.count)
    #expect(rows.map(\.id) == ["donePast", "doneToday", "doneAhead", "openAhead"])
    #expect(rows.map(\.tense) == [.past, .current, .future, .future])
    #expect(rows.map(\.node) == [.completed, .completed, .completed, .open])
    #expect(rows.map(\.nodeTone) == [.accent, .accent, .accent, .neutral])
    #expect(rows[2].node.isFilled && rows[2].node.icon == .checkmark)
    #expect(
      rows[2].lines == LineSegments(leading: .neutral, trailing: .neutral), "line keeps tense")
    #expect(rows[2].tone == .neutral)
    let strip = TimelinePreview(presentation, count: 4)
    let ahead = strip.items.first { $0.id == "doneAhead" }
    #expect(ahead?.nodeTone == .accent)
    #expect(ahead?.tone == .neutral, "the strip's line keeps the tense")
  }

  @Test func tl7_startMarkerHasNoLeadingLineAndEndMarkerNoTrailingLine() {
    let presentation = TimelinePresentation(
      items: [
        Fixtures.event("before", "2015-12-01T10:00:00Z"),
        Fixtures.allDay("start", "2015-12-06", kind: .start, title: "Project Start"),
        Fixtures.event("work", "2016-01-10T10:00:00Z"),
        Fixtures.allDay("end", "2016-02-01", kind: .end),
        Fixtures.event("after", "2016-03-01T10:00:00Z"),
      ], context: Fixtures.context())
    let lines = (0..<presentation.count).map { presentation.lines(ofRow: $0) }
    #expect(lines[0].leading == nil, "nothing above the first row")
    #expect(lines[0].trailing == nil, "the gap before a start marker is not drawn")
    #expect(lines[1].leading == nil)
    #expect(lines[1].trailing != nil)
    #expect(lines[3].leading != nil)
    #expect(lines[3].trailing == nil)
    #expect(lines[4].leading == nil)
    #expect(lines[4].trailing == nil, "nothing below the last row")
  }

  @Test func tl7_markerRowsAreNotSelectable() {
    let presentation = TimelinePresentation(
      items: ItemKind.allCases.enumerated().map { index, kind in
        Fixtures.event("\(kind)", "2026-11-2\(index)T10:00:00Z", kind: kind)
      }, context: Fixtures.context())
    for row in presentation.rows(in: 0..<presentation.count) {
      #expect(row.isSelectable == (row.kind == .event))
      #expect(row.isMarker == (row.kind != .event))
    }
  }

  @Test func tl7_lineTonesFollowEachRowsTense() {
    let presentation = TimelinePresentation(
      items: [
        Fixtures.event("past", "2026-11-20T10:00:00Z"),
        Fixtures.event("future", "2026-11-23T10:00:00Z"),
      ], context: Fixtures.context())
    #expect(presentation.lines(ofRow: 0) == LineSegments(leading: nil, trailing: .accent))
    #expect(presentation.lines(ofRow: 1) == LineSegments(leading: .neutral, trailing: nil))
  }

  @Test func tl8_selectedRowShowsSelection() {
    let presentation = TimelinePresentation(
      items: [
        Fixtures.event("a", "2026-11-20T10:00:00Z"), Fixtures.event("b", "2026-11-22T10:00:00Z"),
      ],
      context: Fixtures.context(), configuration: TimelineConfiguration(selectedID: "b"))
    #expect(presentation.rows(in: 0..<2).map(\.isSelected) == [false, true])
  }
}

@Suite("TL-9 state set on the detail page")
struct DetailStateTests {
  @Test func tl9_settingTheStateShowsTheNewNode() {
    var document = TimelineDocument(items: [
      Fixtures.event("task", "2026-11-21T09:00:00Z"),
      Fixtures.event("start", "2026-11-01T09:00:00Z", kind: .start),
    ])
    let context = Fixtures.context()
    #expect(TimelinePresentation(document: document, context: context).node(ofRow: 1) == .open)
    for (status, node) in [
      (ItemStatus.inProgress, Node.inProgress), (.completed, .completed), (.open, .open),
    ] {
      let found = document.setStatus(status, ofItem: "task")
      #expect(found)
      #expect(TimelinePresentation(document: document, context: context).node(ofRow: 1) == node)
    }
    let marker = document.setStatus(.completed, ofItem: "start")
    let missing = document.setStatus(.completed, ofItem: "missing")
    #expect(!marker, "markers have no state")
    #expect(!missing)
  }

  @Test func tl9_aNewStateRemovesTheCustomLabelOfTheOldOne() {
    var item = Fixtures.event("task", "2026-11-21T09:00:00Z")
    item.statusLabel = "Waiting"
    item.setStatus(.open)
    #expect(item.statusLabel == "Waiting", "the same state keeps its label")
    item.setStatus(.completed)
    #expect(item.status == .completed)
    #expect(item.statusLabel == nil)
    var document = TimelineDocument(items: [item])
    document.items[0].statusLabel = "Shipped"
    document.setStatus(.inProgress, ofItem: "task")
    #expect(document.items[0].statusLabel == nil)
    let row = TimelinePresentation(document: document, context: Fixtures.context()).row(at: 0)
    #expect(row.statuses.first != "Shipped")
  }
}
