// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "swift-timeline",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "TimelineCore", targets: ["TimelineCore"]),
    .library(name: "TimelineImport", targets: ["TimelineImport"]),
    .library(name: "TimelineTerminal", targets: ["TimelineTerminal"]),
    .library(name: "TimelineHTML", targets: ["TimelineHTML"]),
    .library(name: "TimelineSVG", targets: ["TimelineSVG"]),
    .library(name: "TimelineServer", targets: ["TimelineServer"]),
    .executable(name: "timeline", targets: ["timeline"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    // `swift package generate-documentation` (Scripts/docs); a command plugin, linked into
    // no product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(name: "TimelineCore"),
    .target(name: "TimelineImport", dependencies: ["TimelineCore"]),
    .target(name: "TimelineTerminal", dependencies: ["TimelineCore"]),
    .target(name: "_TimelineMarkup", dependencies: ["TimelineCore"]),
    .target(
      name: "TimelineHTML", dependencies: ["TimelineCore", "_TimelineMarkup"],
      resources: [
        .copy("Resources/dialog.js"), .copy("Resources/controls.js"), .copy("Resources/page.js"),
      ]
    ),
    .target(name: "TimelineSVG", dependencies: ["TimelineCore", "_TimelineMarkup"]),
    .target(
      name: "TimelineServer",
      dependencies: [
        "TimelineCore", "TimelineImport", "TimelineHTML", "TimelineSVG",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      resources: [
        .copy("Resources/openapi.json"), .copy("Resources/app.js"), .copy("Resources/app.css"),
      ]
    ),
    .executableTarget(
      name: "timeline",
      dependencies: [
        "TimelineCore", "TimelineImport", "TimelineTerminal", "TimelineHTML", "TimelineSVG",
        "TimelineServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "_TimelineTestSupport",
      dependencies: ["TimelineCore", "TimelineImport"],
      path: "Tests/_TimelineTestSupport"
    ),
    .testTarget(
      name: "TimelineCoreTests",
      dependencies: [
        "TimelineCore", "_TimelineTestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TimelineImportTests",
      dependencies: ["TimelineImport", "_TimelineTestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "TimelineTerminalTests",
      dependencies: [
        "TimelineTerminal", "TimelineImport", "_TimelineTestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TimelineMarkupTests",
      dependencies: [
        "_TimelineMarkup", "TimelineHTML", "TimelineSVG", "TimelineImport", "_TimelineTestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TimelineServerTests",
      dependencies: [
        "TimelineServer", "TimelineImport", "TimelineSVG", "_TimelineTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "TimelineCLITests",
      dependencies: ["timeline", "_TimelineTestSupport"]
    ),
  ]
)
