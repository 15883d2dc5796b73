import ArgumentParser
import Foundation
import Logging
import TimelineCore
import TimelineImport
import TimelineServer

/// `timeline serve`: the interactive web app on an embedded SQLite database (WEB-1).
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run the web app on an SQLite database, or on PostgreSQL (--database).",
    discussion:
      "Stops cleanly on SIGINT or SIGTERM. Listens on 127.0.0.1 unless --host says otherwise; any other host needs a token."
  )

  @OptionGroup var database: DatabaseOptions

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port (0 picks a free one).")
  var port = 8080

  @Option(
    help:
      "Require this token (the API as a Bearer token; browsers sign in once). Also TIMELINE_TOKEN.")
  var token: String?

  @Option(help: "A folder to serve as it is under /files/ (e.g. pages from `timeline render`).")
  var files: String?

  @Option(
    name: .customLong("public-url"),
    help: ArgumentHelp(
      "The address clients use (behind a proxy, or with --host 0.0.0.0); its host name is accepted in Host.",
      valueName: "url"))
  var publicURL: String?

  @Option(
    name: .customLong("allow-host"),
    help: ArgumentHelp(
      "Another host name clients may use (repeat for more); others are refused with 421.",
      valueName: "name"))
  var allowedHosts: [String] = []

  @Option(
    name: .customLong("cache-mb"),
    help: "Megabytes of rendered pages kept per timeline revision (0 turns the cache off).")
  var cacheMegabytes = 64

  @OptionGroup var chips: ChipOptions

  @Option(
    name: .customLong("log-format"),
    help: ArgumentHelp("text or json (one JSON object a line).", valueName: "format"))
  var logFormat = "text"

  @Option(
    name: .customLong("theme"),
    help: "A theme file (JSON): the pages' colors and node icons (see README, Themes).")
  var themePath: String?

  @Flag(help: "Fill an empty database with the examples and a generated 100,000-item timeline.")
  var demo = false

  func run() async throws {
    keepFreedMemory()
    guard ["text", "json"].contains(logFormat) else {
      Terminal.writeError("timeline serve: --log-format must be text or json")
      throw ExitCode(64)
    }
    if logFormat == "json" {
      LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
    }
    // A bad theme file is said before a database is opened (or made).
    let theme = try ThemeFile.load(themePath)
    let store = try await database.open()
    var configuration = AppConfiguration(
      host: host, port: port,
      token: token ?? ProcessInfo.processInfo.environment["TIMELINE_TOKEN"],
      locale: Locale(identifier: database.locale),
      fastFilters: chips.fastFilterList == nil
        ? AppConfiguration.defaultFastFilters : chips.fastFilters.map(\.token),
      selectionKeys: (try? chips.selectionKeys()) ?? [], filesFolder: files,
      cacheBytes: max(0, cacheMegabytes) * 1024 * 1024, publicURL: publicURL,
      allowedHosts: allowedHosts)
    configuration.theme = theme
    do { try configuration.validate() } catch {
      Terminal.writeError("timeline serve: \(error)")
      throw ExitCode(64)
    }
    if demo, try await store.timelines().isEmpty {
      let started = Date()
      try await Self.fillDemo(store)
      Terminal.writeError(
        String(format: "Demo data ready in %.1f s.", Date().timeIntervalSince(started)))
    }
    if let sqlite = store as? SQLiteStore { try await sqlite.prepareForServing() }
    var logger = Logger(label: "timeline")
    logger.logLevel = .info
    let app = try buildApplication(
      configuration: configuration, store: store, logger: logger,
      onServerRunning: { port in
        let shown = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardOutput.write(Data("timeline serve: http://\(shown):\(port)/\n".utf8))
      })
    try await app.runService()
  }

  /// The examples (the working directory's `examples` folder, else that of the checkout the
  /// binary was built in), and a generated 100,000-item timeline. Says on standard error
  /// what it imported, and what it could not.
  static func fillDemo(_ store: any TimelineStore) async throws {
    let now = Date()
    let options = ImportOptions(window: ImportOptions.window(around: now))
    if let folder = examplesFolder() {
      let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .sorted().filter { file in [".json", ".csv", ".ics"].contains(where: file.hasSuffix) }
      var imported = 0
      for file in files {
        do {
          _ = try await TimelineImporter.importFile(
            path: folder.appendingPathComponent(file).path, into: store, title: nil,
            options: options)
          imported += 1
        } catch {
          Terminal.writeError("--demo: \(file) was not imported: \(error)")
        }
      }
      Terminal.writeError("Demo: \(imported) examples from \(folder.path).")
    } else {
      Terminal.writeError(
        "Demo: no examples folder in the working directory or the binary's checkout;"
          + " the generated timeline only.")
    }
    _ = try await store.importTimeline(
      TimelineHeader(
        title: "Plant maintenance (100,000 items)", timeZone: TimeZone(identifier: "Europe/Berlin")!
      )
    ) { add in
      try DemoTimeline.items(count: 100_000, now: now) { try add($0, nil) }
    }
  }

  /// `examples` in the working directory, else in a folder above the binary (a checkout's
  /// `.build/debug/timeline` is three levels below it).
  static func examplesFolder() -> URL? {
    var candidates = [URL(fileURLWithPath: "examples")]
    var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
      .resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(folder.appendingPathComponent("examples"))
      folder.deleteLastPathComponent()
    }
    return candidates.first { url in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
  }
}
