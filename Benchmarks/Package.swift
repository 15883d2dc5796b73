// swift-tools-version: 6.1
// The benchmarks live in their own package so that building and testing swift-timeline does
// not build the benchmark harness. Run them with `Scripts/bench` from the repository root.
import Foundation
import PackageDescription

// A path dependency is identified by its directory's name, which is whatever the clone is
// called; derive it instead of assuming "swift-timeline".
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "swift-timeline-benchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "BenchmarkSupport",
      dependencies: [.product(name: "TimelineCore", package: rootPackage)],
      path: "Sources/BenchmarkSupport"
    ),
    // Reads one file once in a fresh process and prints peak memory against the size of the
    // model it built (the benchmark harness runs many iterations in one process, where the
    // allocator keeps what earlier ones freed).
    .executableTarget(
      name: "import-memory",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "TimelineImport", package: rootPackage),
      ],
      path: "Sources/ImportMemory"
    ),
    .executableTarget(
      name: "TimelineModel",
      dependencies: [
        .product(name: "TimelineCore", package: rootPackage),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/TimelineModel",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "TimelineRendering",
      dependencies: [
        .product(name: "TimelineCore", package: rootPackage),
        .product(name: "TimelineHTML", package: rootPackage),
        .product(name: "TimelineSVG", package: rootPackage),
        .product(name: "TimelineTerminal", package: rootPackage),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/TimelineRendering",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ImportReaders",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "TimelineCore", package: rootPackage),
        .product(name: "TimelineImport", package: rootPackage),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ImportReaders",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
