import Benchmark
import Foundation
import TimelineCore
import TimelineHTML
import TimelineSVG
import TimelineTerminal

/// Rendering HTML: a 200-row window and a 10,000-row standalone page, each against a
/// baseline measured in the same run: copying the same number of bytes into a String.
///
/// Rendering 100,000 rows in every format (JSON, terminal, HTML, SVG of a 5,000-row window),
/// each against writing the same bytes, a row's worth at a time, to the same discarding
/// output with a plain loop: what rendering costs beyond producing its bytes. And the
/// 100,000-card feed's default page (1,000 cards) against the 10-card feed's.
let benchmarks: @Sendable () -> Void = {
  let context = TimelineContext(
    now: Date(timeIntervalSince1970: 1_795_262_400),
    timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_US"))
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
    warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 50)
  let html = HTMLRenderer()

  for (label, rows, page) in [("window 200", 200, false), ("page 10k", 10_000, true)] {
    let items = (0..<(page ? rows : 100_000)).map { index in
      TimelineItem(
        id: "i\(index)", title: "Work package \(index): replace the bearings on drive \(index % 7)",
        subtitle: "Work Package",
        start: .instant(Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 1_800)),
        status: ItemStatus.allCases[index % 4], statusLabel: index % 3 == 0 ? "Active" : nil,
        description: index % 2 == 0
          ? "Coordinate with the night shift & drain the circuit <first>." : nil,
        supportingText: "Maintenance", attributes: ["Line \(index % 9)", "\(index % 5) h"])
    }
    let presentation = TimelinePresentation(items: items, context: context)
    let window = page ? 0..<presentation.count : 50_000..<(50_000 + rows)
    func render() -> String {
      let fragment = html.timeline(presentation, window: window)
      return page
        ? html.page(title: "Benchmark", locale: context.locale, body: [fragment])
        : html.render(fragment)
    }
    let size = render().utf8.count
    let source = [UInt8](repeating: UInt8(ascii: "x"), count: size)
    Benchmark("Baseline copy bytes into String \(label)", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations { blackHole(String(decoding: source, as: UTF8.self)) }
    }
    Benchmark("HTML render \(label)", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(render()) }
    }
  }

  renderingPerRow(configuration)
  feedPages(configuration)
}

/// An output that keeps nothing: what a renderer costs without the memory of its result.
struct Discard: UTF8OutputStream {
  final class Count: @unchecked Sendable { var bytes = 0 }
  let count = Count()
  func write(_ string: String) { count.bytes += string.utf8.count }
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { count.bytes += bytes.count }
}

func rowItems(_ count: Int) -> [TimelineItem] {
  (0..<count).map { index in
    TimelineItem(
      id: "w\(index)", title: "Work package \(index): replace the bearings on drive \(index % 7)",
      subtitle: "Work Package",
      start: .instant(Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 126)),
      status: ItemStatus.allCases[index % 4], statusLabel: index % 3 == 0 ? "Active" : nil,
      description: index % 2 == 0 ? "Coordinate with the night shift & drain the circuit." : nil,
      attributes: ["Line \(index % 9)"], priority: index % 5)
  }
}

func renderingPerRow(_ configuration: Benchmark.Configuration) {
  let context = TimelineContext(
    now: Date(timeIntervalSince1970: 1_706_000_000),
    timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_US"))
  let presentation = TimelinePresentation(items: rowItems(100_000), context: context)
  let html = HTMLRenderer()
  let svgWindow = presentation.pageWindow(limit: 5_000) ?? 0..<presentation.count
  let formats: [(String, Int, (inout Discard) -> Void)] = [
    ("JSON", presentation.count, { PresentationJSON.write(presentation, to: &$0) }),
    (
      "terminal", presentation.count,
      { TimelineTerminalRenderer(width: 100, style: .plain).render(presentation, to: &$0) }
    ),
    (
      "HTML", presentation.count,
      {
        html.writePage(
          title: "Benchmark", locale: context.locale, body: [html.timeline(presentation)], to: &$0)
      }
    ),
    (
      "SVG", svgWindow.count,
      { $0.write(SVGRenderer().render(presentation, window: svgWindow)) }
    ),
  ]
  for (format, rows, render) in formats {
    var probe = Discard()
    render(&probe)
    let perRow = max(1, probe.count.bytes / rows)
    let piece = String(repeating: "x", count: perRow)
    Benchmark("Baseline write bytes a row at a time rows \(format)", configuration: configuration) {
      benchmark in
      for _ in benchmark.scaledIterations {
        var output = Discard()
        TextSink.writing(to: &output) { sink in
          for _ in 0..<rows { sink.write(piece) }
        }
        blackHole(output.count.bytes)
      }
    }
    Benchmark("Render \(format) 100k rows \(format)", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        var output = Discard()
        render(&output)
        blackHole(output.count.bytes)
      }
    }
  }
}

func feedPages(_ configuration: Benchmark.Configuration) {
  let context = TimelineContext(
    now: Date(timeIntervalSince1970: 1_795_262_400),
    timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_US"))
  let html = HTMLRenderer()
  let dates = CardDateFormatter(context: context)
  func feed(_ count: Int) -> CardFeed {
    CardFeed(
      entries: (0..<count).map { index in
        CardFeed.Entry(
          header: CardChrome(title: "Card \(index)", subtitle: "Project"),
          card: TimelineCard(elements: [
            .item(
              CardItem(
                title: "Kick-off", date: .day(CalendarDay(year: 2026, month: 11, day: 2)!),
                status: .completed)),
            .item(
              CardItem(
                title: "Review", date: .instant(Date(timeIntervalSince1970: 1_795_600_000)),
                status: .inProgress)),
            .item(
              CardItem(
                title: "Ship", date: .instant(Date(timeIntervalSince1970: 1_799_000_000)),
                status: .open)),
          ]))
      })
  }
  for (label, count) in [
    ("Baseline feed of 10 cards page feed", 10),
    ("Cards page of 100k-card feed page feed", 100_000),
  ] {
    let entries = feed(count)
    let window = entries.pageWindow(limit: 1_000, selecting: nil)
    Benchmark(label, configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        var output = Discard()
        html.writePage(
          title: "Feed", locale: context.locale,
          body: [
            html.cards(entries, window: window, dateText: dates.text, strings: .english)
          ], to: &output)
        blackHole(output.count.bytes)
      }
    }
  }
}
