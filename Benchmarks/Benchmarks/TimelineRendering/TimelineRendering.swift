import Benchmark
import Foundation
import TimelineCore
import TimelineHTML

/// Rendering HTML: a 200-row window and a 10,000-row standalone page, each against a
/// baseline measured in the same run: copying the same number of bytes into a String.
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
}
