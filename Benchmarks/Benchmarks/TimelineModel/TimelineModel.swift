import Benchmark
import Foundation
import TimelineCore

/// Building the presentation model (order, tense, nodes, sections, now indicator) against a
/// baseline measured in the same run: a plain sort of the same start dates. `Scripts/bench`
/// prints the ratios.
let benchmarks: @Sendable () -> Void = {
  feedBenchmarks()
  let context = TimelineContext(
    now: Date(timeIntervalSince1970: 1_795_262_400),  // 2026-11-21T12:00:00Z
    timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_US"))
  for count in [100_000, 1_000_000] {
    let configuration = Benchmark.Configuration(
      metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
      warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(20), maxIterations: 15)
    let label = count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"
    Benchmark("Baseline sort of dates \(label)", configuration: configuration) { benchmark, dates in
      for _ in benchmark.scaledIterations { blackHole(dates.sorted()) }
    } setup: {
      BenchmarkData.items(count).map { item -> Date in
        switch item.start {
        case .instant(let date): date
        case .day(let day): Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400)
        }
      }
    }
    Benchmark("Presentation model \(label)", configuration: configuration) { benchmark, items in
      for _ in benchmark.scaledIterations {
        blackHole(TimelinePresentation(items: items, context: context))
      }
    } setup: {
      BenchmarkData.items(count)
    }
    let query = TimelineQuery(
      search: "item 1",
      filters: [
        try! FilterToken(parsing: "status=open"), try! FilterToken(parsing: "status=inProgress"),
        try! FilterToken(parsing: "priority=1..4"),
      ],
      sort: try! SortOrder(parsing: "priority:desc,status,date:desc"))
    Benchmark("Query search+2 filters+3-criteria sort \(label)", configuration: configuration) {
      benchmark, items in
      for _ in benchmark.scaledIterations {
        blackHole(TimelinePresentation(items: items, context: context, query: query))
      }
    } setup: {
      BenchmarkData.items(count)
    }
  }
}

/// Opening a feed of cards and scrolling to its middle (CARD-5), against opening a feed of
/// 10 cards in the same run.
let feedBenchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
    warmupIterations: 2, scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 200)
  func feed(_ count: Int) -> CardFeed {
    CardFeed(
      entries: (0..<count).map { index in
        CardFeed.Entry(
          header: CardChrome(title: "Card \(index)"),
          card: TimelineCard(
            elements: (0...(index % 5)).map {
              .item(CardItem(title: "Milestone \($0) of card \(index)", subtitle: "Details"))
            }))
      })
  }
  Benchmark("Baseline open feed of 10 cards feed", configuration: configuration) {
    benchmark, feed in
    for _ in benchmark.scaledIterations {
      var layout = FeedLayout(
        feed: feed, width: 360, metrics: BenchmarkMetrics(), dateText: { _ in "" },
        strings: .english)
      blackHole(layout.window(offset: 0, viewport: 800))
    }
  } setup: {
    feed(10)
  }
  // Opening the feed and going straight to its middle (a restored position, a link to a
  // card): the first screen is never shown, so only the middle one is laid out.
  Benchmark("Open feed of 100k cards and scroll to middle feed", configuration: configuration) {
    benchmark, feed in
    for _ in benchmark.scaledIterations {
      var layout = FeedLayout(
        feed: feed, width: 360, metrics: BenchmarkMetrics(), dateText: { _ in "" },
        strings: .english)
      blackHole(layout.window(offset: layout.totalHeight / 2, viewport: 800))
    }
  } setup: {
    feed(100_000)
  }
  // Showing the first screen, then scrolling to the middle: two screens of layout.
  Benchmark("Open feed of 100k cards show top then middle feed", configuration: configuration) {
    benchmark, feed in
    for _ in benchmark.scaledIterations {
      var layout = FeedLayout(
        feed: feed, width: 360, metrics: BenchmarkMetrics(), dateText: { _ in "" },
        strings: .english)
      blackHole(layout.window(offset: 0, viewport: 800))
      blackHole(layout.window(offset: layout.totalHeight / 2, viewport: 800))
    }
  } setup: {
    feed(100_000)
  }
}

/// Fixed-advance metrics: 8 units a character, 20 a line.
struct BenchmarkMetrics: TextMetrics {
  func width(of character: Character, style: TextStyle) -> Double { 8 }
  func lineHeight(_ style: TextStyle) -> Double { 20 }
}

/// Deterministic items over about three years: mostly timed events with every status, a
/// tenth all-day, some with an end, and start/end markers.
enum BenchmarkData {
  static func items(_ count: Int) -> [TimelineItem] {
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    let origin = 1_730_000_000.0
    let statuses = ItemStatus.allCases
    return (0..<count).map { index in
      let offset = Double(next() % 94_608_000)
      let start = Date(timeIntervalSince1970: origin + offset)
      let kind: ItemKind = index == 0 ? .start : index == count - 1 ? .end : .event
      let allDay = next() % 10 == 0
      let startDate: TimelineDate =
        allDay
        ? .day(CalendarDay(daysSinceEpoch: Int((origin + offset) / 86_400)))
        : .instant(start)
      let end: TimelineDate? =
        allDay || next() % 3 != 0 ? nil : .instant(start.addingTimeInterval(Double(next() % 7200)))
      return TimelineItem(
        id: "i\(index)", kind: kind, title: "Item \(index)", start: startDate, end: end,
        status: statuses[Int(next() % UInt64(statuses.count))],
        priority: next() % 4 == 0 ? nil : Int(next() % 6))
    }
  }
}
