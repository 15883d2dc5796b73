import ArgumentParser
import Foundation
import Logging
import TimelineCore
import TimelineImport
import TimelineServer

#if os(Linux)
  /// glibc's `mallopt` (declared in malloc.h, which the Glibc module leaves out).
  @_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The options every database command shares: an SQLite file, or a PostgreSQL server.
struct DatabaseOptions: ParsableArguments {
  @Option(help: "The SQLite database file (created when missing).")
  var db: String = "timeline.sqlite"

  @Option(
    help: ArgumentHelp(
      "A PostgreSQL database instead of --db: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE. Also TIMELINE_DATABASE.",
      valueName: "url"))
  var database: String?

  @Option(help: "A locale identifier for pages and week sections (default: en_US).")
  var locale: String = "en_US"

  /// The PostgreSQL URL given by option or environment, if any.
  var url: String? {
    database
      ?? ProcessInfo.processInfo.environment["TIMELINE_DATABASE"].flatMap {
        $0.isEmpty ? nil : $0
      }
  }

  /// Where the data is, for messages (a URL without its password).
  var name: String { url.map(Self.withoutPassword) ?? db }

  func open() async throws -> any TimelineStore {
    try await Self.open(url ?? db, locale: Locale(identifier: locale))
  }

  /// Opens `location`: a URL (`postgres://…`), else an SQLite file. Exits 74 when it cannot.
  static func open(_ location: String, locale: Locale) async throws -> any TimelineStore {
    do {
      if location.contains("://") {
        return try await PostgresStore(url: location, locale: locale)
      }
      return try SQLiteStore(path: location, locale: locale)
    } catch {
      Terminal.writeError("\(withoutPassword(location)): \(String(reflecting: error))")
      throw ExitCode(74)
    }
  }

  static func withoutPassword(_ location: String) -> String {
    guard var components = URLComponents(string: location), components.password != nil else {
      return location
    }
    components.password = "***"
    return components.string ?? location
  }
}

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
    help: ArgumentHelp("text (default) or json: one JSON object a line.", valueName: "format"))
  var logFormat = "text"

  @Flag(help: "Fill an empty database with the examples and a generated 100,000-item timeline.")
  var demo = false

  func run() async throws {
    #if os(Linux)
      // Keep up to 64 MB of freed memory for the next requests instead of handing it back
      // at once: giving it back costs a system call and a TLB flush on every core.
      let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in malloc.h (a macro Swift cannot see)
      _ = mallopt(trimThreshold, 64 << 20)
    #endif
    guard ["text", "json"].contains(logFormat) else {
      Terminal.writeError("timeline serve: --log-format must be text or json")
      throw ExitCode(64)
    }
    if logFormat == "json" {
      LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
    }
    let store = try await database.open()
    let configuration = AppConfiguration(
      host: host, port: port,
      token: token ?? ProcessInfo.processInfo.environment["TIMELINE_TOKEN"],
      locale: Locale(identifier: database.locale),
      fastFilters: chips.fastFilterList == nil
        ? AppConfiguration.defaultFastFilters : chips.fastFilters.map(\.token),
      selectionKeys: (try? chips.selectionKeys()) ?? [], filesFolder: files,
      cacheBytes: max(0, cacheMegabytes) * 1024 * 1024, publicURL: publicURL,
      allowedHosts: allowedHosts)
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

  /// The examples next to the working directory, and a generated 100,000-item timeline.
  static func fillDemo(_ store: any TimelineStore) async throws {
    let now = Date()
    let options = ImportOptions(window: ImportOptions.window(around: now))
    let folder = URL(fileURLWithPath: "examples")
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    for file in files where [".json", ".csv", ".ics"].contains(where: file.hasSuffix) {
      _ = try? await TimelineImporter.importFile(
        path: folder.appendingPathComponent(file).path, into: store, title: nil, options: options)
    }
    _ = try await store.importTimeline(
      TimelineHeader(
        title: "Plant maintenance (100,000 items)", timeZone: TimeZone(identifier: "Europe/Berlin")!
      )
    ) { add in
      try DemoTimeline.items(count: 100_000, now: now) { try add($0, nil) }
    }
  }
}

/// `timeline import`: files into the database, one timeline each.
struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import JSON, CSV or iCalendar files into the database, one timeline per file.",
    discussion:
      "Prints each new timeline's id. A bad file exits with 65 and FILE:LINE:COLUMN, and nothing of it is written."
  )

  @OptionGroup var database: DatabaseOptions

  @Argument(help: "The files to import.")
  var files: [String]

  @Option(help: "The new timeline's title (default: the document's, else the file name).")
  var title: String?

  @Option(
    name: .customLong("time-zone"),
    help: "The zone of CSV files and floating iCalendar times (default: UTC).")
  var timeZone: String?

  func run() async throws {
    #if os(Linux)
      // Keep up to 64 MB of freed memory for the next requests instead of handing it back
      // at once: giving it back costs a system call and a TLB flush on every core.
      let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in malloc.h (a macro Swift cannot see)
      _ = mallopt(trimThreshold, 64 << 20)
    #endif
    let store = try await database.open()
    for file in files {
      var options = ImportOptions(
        timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .gmt,
        window: ImportOptions.window(around: Date()))
      let progress = ProgressBar.forStandardError(file: file)
      if let progress { options.progress = { @Sendable value in progress.update(value) } }
      do {
        let summary = try await TimelineImporter.importFile(
          path: file, into: store, title: title, options: options)
        progress?.finish()
        print(summary.id)
      } catch let error as DocumentError {
        progress?.finish()
        Terminal.writeError(error.description)
        throw ExitCode(65)
      } catch let error as StoreError {
        progress?.finish()
        Terminal.writeError("\(file): \(error.description); nothing was imported")
        throw ExitCode(65)
      }
    }
  }
}

/// `timeline export`: a stored timeline as JSON, iCalendar or CSV on standard output.
struct Export: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a stored timeline as JSON, iCalendar or CSV.")

  @OptionGroup var database: DatabaseOptions

  @Argument(help: "The timeline's id (see `timeline import`).")
  var id: Int64

  @Option(help: "json, ics or csv.")
  var format: String = "json"

  @Option(help: "Only the items with all these words (as `render --search`); in the view's order.")
  var search: String?

  @Option(name: .customLong("filter"), help: "KEY=VALUE, repeatable (as `render --filter`).")
  var filters: [String] = []

  @Option(help: "Criteria in order, e.g. priority:desc,date (as `render --sort`).")
  var sort: String?

  func run() async throws {
    guard let chosen = TimelineImporter.Format(rawValue: format) else {
      Terminal.writeError("--format must be json, ics or csv")
      throw ExitCode(64)
    }
    let view: TimelineQuery
    do { view = try TimelineQuery(search: search, filters: filters, sort: sort) } catch {
      Terminal.writeError("--\(error.parameter): \(error.reason)")
      throw ExitCode(64)
    }
    let store = try await database.open()
    guard
      let exported = try await TimelineImporter.export(
        id, from: store, format: chosen, timestamp: Date(), view: view,
        locale: Locale(identifier: database.locale),
        to: { FileHandle.standardOutput.write(Data($0.utf8)) })
    else {
      Terminal.writeError("no timeline \(id) in \(database.name)")
      throw ExitCode(66)
    }
    let children = exported.childrenLeftOut
    if children > 0 {
      Terminal.writeError(
        "timeline export: \(children) child item\(children == 1 ? "" : "s") left out: CSV has no place for children; --format json or ics keeps them"
      )
    }
  }
}

/// `timeline copy`: timelines from one database to another (SQLite to PostgreSQL and back).
struct Copy: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Copy timelines between databases: an SQLite file and a PostgreSQL URL, either way.",
    discussion:
      "Each copied timeline gets a new id in the target; prints `FROM -> TO TITLE` per timeline. The copy is streamed page by page, and a timeline is written in one transaction: a failure leaves nothing of it in the target."
  )

  @Option(
    help: ArgumentHelp(
      "The database to read: an SQLite file or a postgres:// URL.", valueName: "location"))
  var from: String

  @Option(
    help: ArgumentHelp(
      "The database to write: an SQLite file or a postgres:// URL.", valueName: "location"))
  var to: String

  @Option(
    name: .customLong("timeline"), help: "Copy only this timeline (repeat for more; default: all).")
  var timelines: [Int64] = []

  @Option(help: "A locale identifier for week sections and title order (default: en_US).")
  var locale: String = "en_US"

  func run() async throws {
    let locale = Locale(identifier: locale)
    let source = try await DatabaseOptions.open(from, locale: locale)
    let target = try await DatabaseOptions.open(to, locale: locale)
    let ids = timelines.isEmpty ? try await source.timelines().map(\.id) : timelines
    for id in ids {
      guard let info = try await source.timeline(id) else {
        Terminal.writeError("no timeline \(id) in \(DatabaseOptions.withoutPassword(from))")
        throw ExitCode(66)
      }
      let bar = ProgressBar.forCopy(label: "Copying \(info.header.title)", count: info.count)
      let copied = try await TimelineCopier.copy(id, from: source, to: target) { done, total in
        bar?.update(ReadProgress(bytesRead: min(done, total), totalBytes: max(total, 1)))
      }
      bar?.finish()
      if let copied { print("\(id) -> \(copied.id) \(copied.title)") }
    }
  }
}
