import Benchmark
import BenchmarkSupport
import Foundation
import TimelineCore
import TimelineImport

/// Reading .ics, .csv and JSON feed files into the document model, against a baseline measured in the
/// same run on the same file: reading its bytes line by line (in chunks, one `String` per
/// line), which is the least any reader must do. `Scripts/bench` prints the ratios; the
/// custom metric "Model (estimate)" is the size of the resulting items, so that peak
/// memory beyond the model can be told apart.
let benchmarks: @Sendable () -> Void = {
  let options = ImportOptions(
    timeZone: TimeZone(identifier: "Europe/Berlin")!,
    window: DateInterval(
      start: Date(timeIntervalSince1970: 1_735_689_600),
      end: Date(timeIntervalSince1970: 1_830_297_600)))
  var pageOptions = options
  pageOptions.cardsKept = {
    CardFeed.pageWindow(limit: 1_000, selectingCard: nil, count: $0) ?? 0..<$0
  }
  let cases: [(label: String, make: () -> String, read: (String) throws -> TimelineDocument)] = [
    (
      "10k-ics", { BenchmarkFiles.calendar(events: 10_000) },
      { try DocumentReader.read(path: $0, format: .ics, options: options).document }
    ),
    (
      "100k-ics", { BenchmarkFiles.calendar(events: 100_000) },
      { try DocumentReader.read(path: $0, format: .ics, options: options).document }
    ),
    (
      "100k-csv", { BenchmarkFiles.csv(rows: 100_000) },
      { try DocumentReader.read(path: $0, format: .csv, options: options).document }
    ),
    (
      "1M-csv", { BenchmarkFiles.csv(rows: 1_000_000) },
      { try DocumentReader.read(path: $0, format: .csv, options: options).document }
    ),
    // A feed read whole, and read for its first page: 1,000 cards kept, every other card
    // checked as it is parsed but not kept.
    (
      "100k-card-feed", { BenchmarkFiles.feed(cards: 100_000) },
      { try DocumentReader.read(path: $0, format: .json, options: options).document }
    ),
    (
      "100k-card-page", { BenchmarkFiles.feed(cards: 100_000) },
      { try DocumentReader.read(path: $0, format: .json, options: pageOptions).document }
    ),
    // The page of a feed of 10 cards, which the 100,000-card page is judged beside.
    (
      "10-card-page", { BenchmarkFiles.feed(cards: 10) },
      { try DocumentReader.read(path: $0, format: .json, options: pageOptions).document }
    ),
  ]
  // Streaming the items one at a time (a database import) keeps none of them: peak memory
  // stays at the baseline's whatever the file's size.
  let streams: [(label: String, make: () -> String)] = [
    ("100k-csv", { BenchmarkFiles.csv(rows: 100_000) }),
    ("1M-csv", { BenchmarkFiles.csv(rows: 1_000_000) }),
    ("100k-ics", { BenchmarkFiles.calendar(events: 100_000) }),
  ]
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
    warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 10)
  for entry in streams {
    Benchmark("Stream \(entry.label)", configuration: configuration) { benchmark, path in
      for _ in benchmark.scaledIterations {
        var count = 0
        _ = try DocumentReader.forEachItem(path: path, options: options) { streamed in
          count &+= streamed.item.title.utf8.count
        }
        blackHole(count)
      }
    } setup: {
      entry.make()
    }
  }
  for entry in cases {
    Benchmark("Baseline lines of \(entry.label)", configuration: configuration) { benchmark, path in
      benchmark.startMeasurement()
      let lines = try LineBaseline.count(path: path)
      benchmark.stopMeasurement()
      blackHole(lines)
    } setup: {
      entry.make()
    }
    var readerConfiguration = configuration
    readerConfiguration.metrics += [
      .custom("Items/s", polarity: .prefersLarger), .custom("Model (estimate, bytes)"),
    ]
    // Reading is measured; freeing the document afterwards is not.
    Benchmark("Reader \(entry.label)", configuration: readerConfiguration) { benchmark, path in
      benchmark.startMeasurement()
      let start = DispatchTime.now().uptimeNanoseconds
      let document = try entry.read(path)
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      benchmark.stopMeasurement()
      benchmark.measurement(
        .custom("Items/s", polarity: .prefersLarger),
        Int(Double(document.items.count) * 1e9 / Double(elapsed)))
      benchmark.measurement(.custom("Model (estimate, bytes)"), ModelSize.estimate(document))
      blackHole(document)
    } setup: {
      entry.make()
    }
  }
}
