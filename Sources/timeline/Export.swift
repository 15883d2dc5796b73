import ArgumentParser
import Foundation
import Logging
import TimelineCore
import TimelineImport
import TimelineServer

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
