import ArgumentParser
import Foundation
import Logging
import TimelineCore
import TimelineImport
import TimelineServer

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

  @Option(help: "A locale identifier for week sections and title order.")
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
