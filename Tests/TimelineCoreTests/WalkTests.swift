import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// The walk every renderer draws from: section headers, the now indicator and rows, made on
/// several cores and joined in order (TL-3, TL-6, TL-11).
@Suite("TL-3 TL-6 TL-11 the walk of a timeline")
struct WalkTests {
  /// 9,000 events every 50 minutes from 2026-06-18 on: about 29 rows a day, the now
  /// indicator on 2026-11-21 in the middle of a chunk of rows.
  static let presentation: TimelinePresentation = {
    let start = Date(timeIntervalSince1970: 1_781_740_800)  // 2026-06-18T00:00:00Z
    let items = (0..<9_000).map { index in
      TimelineItem(
        id: "e\(index)", title: "Event \(index)",
        start: .instant(start.addingTimeInterval(Double(index) * 3_000)))
    }
    return TimelinePresentation(
      items: items, context: Fixtures.context(), configuration: TimelineConfiguration())
  }()

  /// A step as a line.
  static func describe(_ step: TimelineStep, _ part: TextSink) {
    switch step {
    case .sectionStart(let section, let title, let rows):
      part.write("start \(section) \(title) \(rows)\n")
    case .now: part.write("now\n")
    case .row(let row, let first): part.write("row \(row.index) \(row.id) \(first)\n")
    case .sectionEnd(let section): part.write("end \(section)\n")
    }
  }

  /// Each step as a line, written by the walk's workers.
  func steps(_ range: Range<Int>? = nil, workers: Int) -> [String] {
    let text = TextSink.text { sink in
      Self.presentation.walk(
        range, with: RowWorkers(Self.presentation, workers: workers), to: sink
      ) { step, part, _ in Self.describe(step, part) }
    }
    return text.split(separator: "\n").map(String.init)
  }

  /// An output that takes bytes, as a file does, and keeps them.
  final class Bytes: UTF8OutputStream, @unchecked Sendable {
    var bytes: [UInt8] = []
    var pieces = 0
    func write(_ string: String) { bytes += string.utf8 }
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes += bytes
      pieces += 1
    }
  }

  /// The walk's chunks handed on to an output in pieces while the next are made (as to a
  /// file) arrive whole and in order: the same bytes as the walk on one core.
  @Test func tl11_walkHandedOnWhileTheNextChunksAreMadeKeepsItsOrder() {
    let serial = steps(workers: 1).joined(separator: "\n") + "\n"
    for workers in [2, 3] {
      var output = Bytes()
      TextSink.writing(to: &output) { sink in
        Self.presentation.walk(
          with: RowWorkers(Self.presentation, workers: workers), to: sink
        ) { step, part, _ in Self.describe(step, part) }
      }
      #expect(String(decoding: output.bytes, as: UTF8.self) == serial)
      #expect(output.pieces > 3)
    }
  }

  @Test func tl11_walkOnTwoCoresIsTheWalkOnOne() {
    let serial = steps(workers: 1)
    #expect(steps(workers: 2) == serial)
    #expect(steps(workers: 3) == serial)
    #expect(steps(100..<7_000, workers: 2) == steps(100..<7_000, workers: 1))
  }

  @Test func tl3_everyRowOnceInOrderInsideItsSection() {
    let presentation = Self.presentation
    var expectedRow = 0
    var open: Int?
    var sectionsSeen = 0
    var nowCount = 0
    for line in steps(workers: 2) {
      let parts = line.split(separator: " ")
      switch parts[0] {
      case "start":
        #expect(open == nil, "a section starts only after the previous one ended")
        open = Int(parts[1])
        #expect(open == sectionsSeen)
        sectionsSeen += 1
      case "row":
        #expect(Int(parts[1]) == expectedRow)
        #expect(open == presentation.sectionIndex(ofRow: expectedRow))
        expectedRow += 1
      case "end":
        #expect(Int(parts[1]) == open)
        open = nil
      default:
        nowCount += 1
        if case .beforeRow(let row) = presentation.nowIndicator {
          #expect(expectedRow == row, "the now indicator comes right before its row")
        }
      }
    }
    #expect(expectedRow == presentation.count)
    #expect(sectionsSeen == presentation.sections.count)
    #expect(nowCount == 1)
    guard case .beforeRow(let row) = presentation.nowIndicator else {
      Issue.record("the now indicator falls between rows")
      return
    }
    #expect(row % 2_048 != 0, "inside a chunk")
  }

  @Test func tl11_aWindowStartsAndEndsItsPartialSections() {
    let lines = steps(1_000..<1_010, workers: 2)
    #expect(lines.first?.hasPrefix("start ") == true)
    #expect(lines.last?.hasPrefix("end ") == true)
    #expect(lines.filter { $0.hasPrefix("row ") }.count == 10)
    #expect(lines.contains { $0.hasPrefix("row 1000 e1000 true") })
  }
}

extension WalkTests {
  /// A row's timestamp asked alone (what sizes an image's timestamp column) is the one its
  /// row shows, whether sections are days (the time) or months (date over time), for events
  /// and all-day items.
  @Test(arguments: [HeaderUnit.day, .month])
  func tl2_aRowsTimestampAloneIsTheOneItsRowShows(unit: HeaderUnit) {
    let start = Date(timeIntervalSince1970: 1_781_740_800)
    let context = Fixtures.context(zone: "Europe/Berlin")
    let items = (0..<600).map { index in
      TimelineItem(
        id: "t\(index)", title: "Item \(index)",
        start: index % 5 == 0
          ? .day(
            CalendarDay(start.addingTimeInterval(Double(index) * 86_400), in: context.calendar))
          : .instant(start.addingTimeInterval(Double(index) * 7_777)))
    }
    var configuration = TimelineConfiguration()
    configuration.headerUnit = unit
    let presentation = TimelinePresentation(
      items: items, context: context, configuration: configuration)
    let texts = presentation.texts()
    let alone = (0..<presentation.count).map { presentation.timestamp(ofRow: $0, texts: texts) }
    #expect(alone == presentation.rows(in: 0..<presentation.count).map(\.timestamp))
    #expect(Set(alone).count > 100)
  }
}
