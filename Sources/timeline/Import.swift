import ArgumentParser
import Foundation
import Logging
import TimelineCore
import TimelineImport
import TimelineServer

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
    keepFreedMemory()
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
