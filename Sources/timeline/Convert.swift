import ArgumentParser
import Foundation
import TimelineCore
import TimelineImport

/// `timeline convert`: reads a document in any format and writes it as JSON format v1 or
/// iCalendar.
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Convert a timeline document (JSON, .ics or .csv) to JSON format v1 or iCalendar.")

  enum Target: String, ExpressibleByArgument, CaseIterable { case json, ics }

  @Argument(help: "The document to convert, or - for standard input.")
  var file: String

  @Option(
    name: .customLong("to"),
    help: ArgumentHelp("The format to write: json or ics.", valueName: "format"))
  var target: Target

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
  var output: String?

  @Option(
    name: .customLong("input-format"),
    help: "json, csv or ics (default: from the file's extension, else from its content).")
  var inputFormat: InputFormat?

  @Option(
    name: .customLong("time-zone"), help: "The IANA zone of floating times (default: the system's)."
  )
  var timeZone: String?

  @Option(help: "The current instant, RFC 3339 (default: the clock); also the iCalendar DTSTAMP.")
  var now: String?

  @Option(
    help: "Expand recurring events from this date or date-time (default: a year before --now).")
  var from: String?

  @Option(
    help: "Expand recurring events up to this date or date-time (default: a year after --now).")
  var until: String?

  var loader: DocumentLoader {
    DocumentLoader(
      file: file, format: inputFormat, timeZone: timeZone, now: now, from: from, to: until)
  }

  func validate() throws {
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      throw ValidationError(
        "Unknown time zone '\(timeZone)'; expected an IANA name like Europe/Berlin.")
    }
    if let now, CommonOptions.instant(now) == nil {
      throw ValidationError(
        "--now '\(now)' is not an RFC 3339 date-time like 2026-11-21T12:00:00Z.")
    }
    try loader.validate()
  }

  func run() throws {
    let document = try loader.load()
    let text: String
    switch target {
    case .json: text = TimelineJSONWriter.string(document)
    case .ics: text = ICalendarWriter.string(document, timestamp: loader.instant)
    }
    do {
      var sink = try output.map(CommandOutput.init(path:)) ?? CommandOutput()
      sink.write(text)
      try sink.finish()
    } catch {
      Terminal.writeError("\(error)")
      throw ExitCode(73)
    }
  }
}
