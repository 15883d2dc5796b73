import ArgumentParser
import Foundation
import TimelineCore
import TimelineImport

/// Reads the command's input document in any format: builds the import options from the
/// command line, shows a progress bar for large files on a terminal, prints the import
/// summary on standard error, and turns a bad document into exit status 65.
struct DocumentLoader {
  var file: String
  var format: InputFormat?
  var timeZone: String?
  var now: String?
  var from: String?
  var to: String?
  /// The cards of a feed to keep (see `ImportOptions.cardsKept`); all when `nil`.
  var cardsKept: (@Sendable (Int) -> Range<Int>)?

  /// The instant `--now` names, or the clock.
  var instant: Date { now.flatMap(CommonOptions.instant) ?? Date() }

  /// The recurrence window: `--from` and `--to`, each defaulting to a year from now.
  var window: DateInterval {
    let around = ImportOptions.window(around: instant)
    let start = from.flatMap(CommonOptions.instant) ?? around.start
    let end = to.flatMap(CommonOptions.instant) ?? around.end
    return DateInterval(start: start, end: max(start, end))
  }

  /// Checks `--from` and `--to`; failures are usage errors.
  func validate() throws {
    for (name, value) in [("--from", from), ("--to", to)] {
      if let value, CommonOptions.instant(value) == nil {
        throw ValidationError(
          "\(name) '\(value)' is not an RFC 3339 date or date-time like 2026-11-21.")
      }
    }
    if let from, let to, let start = CommonOptions.instant(from),
      let end = CommonOptions.instant(to), end < start
    {
      throw ValidationError("--to must not be before --from.")
    }
  }

  /// Reads the document; a bad one ends the command with status 65 and a located message.
  func load() throws -> TimelineDocument {
    var options = ImportOptions(
      timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current, window: window)
    options.cardsKept = cardsKept
    let progress = ProgressBar.forStandardError(file: file)
    if let progress { options.progress = { @Sendable value in progress.update(value) } }
    do {
      let (document, summary) = try DocumentReader.read(
        path: file, format: format, options: options)
      progress?.finish()
      for line in summary.lines { Terminal.writeError("\(displayName): \(line)") }
      return document
    } catch {
      progress?.finish()
      Terminal.writeError(error.description)
      throw ExitCode(65)
    }
  }

  private var displayName: String { file == "-" ? InputFile.standardInputName : file }
}
