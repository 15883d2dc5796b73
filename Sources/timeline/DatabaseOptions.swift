import ArgumentParser
import Foundation
import Logging
import TimelineCore
import TimelineImport
import TimelineServer

/// The options every database command shares: an SQLite file, or a PostgreSQL server.
struct DatabaseOptions: ParsableArguments {
  @Option(help: "The SQLite database file (created when missing).")
  var db: String = "timeline.sqlite"

  @Option(
    help: ArgumentHelp(
      "A PostgreSQL database instead of --db: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE. Also TIMELINE_DATABASE.",
      valueName: "url"))
  var database: String?

  @Option(help: "A locale identifier for pages and week sections.")
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
