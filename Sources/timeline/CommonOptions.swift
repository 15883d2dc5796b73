import ArgumentParser
import Foundation
import TimelineCore
import TimelineHTML
import TimelineImport
import TimelineSVG

/// The output formats of `render` and `preview`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case terminal, json, html, svg

  /// The format an output file's extension names (`.html`/`.htm`, `.svg`, `.json`); `nil`
  /// for any other name.
  init?(outputPath path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "html", "htm": self = .html
    case "svg": self = .svg
    case "json": self = .json
    default: return nil
    }
  }
}

/// When to color terminal output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}

extension HeaderUnit: ExpressibleByArgument {}
extension InputFormat: ExpressibleByArgument {}
extension TenseGranularity: ExpressibleByArgument {}
extension PreviewSize: ExpressibleByArgument {}
extension SVGRenderer.Appearance: ExpressibleByArgument {}
extension CardLayout.Orientation: ExpressibleByArgument {}

/// The options `render` and `preview` share: input, the world, and output.
struct CommonOptions: ParsableArguments {
  @Argument(help: "The timeline document (JSON format v1, .ics or .csv), or - for standard input.")
  var file: String

  @Option(
    name: .customLong("input-format"),
    help: "json, csv or ics (default: from the file's extension, else from its content).")
  var inputFormat: InputFormat?

  @Option(
    help:
      "Expand recurring events from this RFC 3339 date or date-time (default: a year before --now)."
  )
  var from: String?

  @Option(
    name: [.customLong("to"), .customLong("until")],
    help: "Expand recurring events up to this date or date-time (default: a year after --now).")
  var to: String?

  @Option(
    name: .customLong("format"),
    help:
      "terminal, json, html (a standalone page) or svg (an image) (default: from the extension of --output, .html, .svg or .json, else terminal)."
  )
  var formatChoice: OutputFormat?

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: "Write to this file instead of standard output.")
  var outputPath: String?

  @Option(help: "For svg: light or dark.")
  var appearance: SVGRenderer.Appearance = .light

  @Option(
    name: .customLong("theme"),
    help: "A theme file (JSON) for html and svg: colors and node icons (see README, Themes).")
  var themePath: String?

  @Option(help: "The current instant, RFC 3339 (default: the clock).")
  var now: String?

  @Option(name: .customLong("time-zone"), help: "An IANA time zone (default: the document's).")
  var timeZone: String?

  @Option(help: "A locale identifier such as en_US or de_DE (default: from LANG).")
  var locale: String?

  @Option(
    help: "Output width in cells (default: the terminal's, 80 otherwise); svg: pixels if >= 200.")
  var width: Int?

  @Option(help: "How tense is decided: day or instant.")
  var granularity: TenseGranularity = .day

  @Option(help: "Colors in terminal output: auto, always or never. NO_COLOR disables auto.")
  var color: ColorChoice = .auto

  func validate() throws {
    if let width, width < 1 { throw ValidationError("--width must be at least 1, not \(width).") }
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      throw ValidationError(
        "Unknown time zone '\(timeZone)'; expected an IANA name like Europe/Berlin.")
    }
    if let now, Self.instant(now) == nil {
      throw ValidationError(
        "--now '\(now)' is not an RFC 3339 date-time like 2026-11-21T12:00:00Z.")
    }
    try loader.validate()
  }

  /// How the input is read: format, zone of floating times, recurrence window.
  var loader: DocumentLoader {
    DocumentLoader(
      file: file, format: inputFormat, timeZone: timeZone, now: now, from: from, to: to)
  }

  /// Reads the document; a bad one ends the command with status 65 and a located message.
  /// `cardsKept` chooses the cards of a feed to keep, given their number (all by default).
  func readDocument(cardsKept: (@Sendable (Int) -> Range<Int>)? = nil) throws -> TimelineDocument {
    var loader = loader
    loader.cardsKept = cardsKept
    return try loader.load()
  }

  /// The theme of html and svg output (``ThemeFile/load(_:)``).
  func theme() throws -> TimelineTheme { try ThemeFile.load(themePath) }

  /// The world the timeline is computed in: `--now`, the zone and the locale.
  func context(for document: TimelineDocument) -> TimelineContext {
    let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? document.timeZone
    let instant = now.flatMap(Self.instant) ?? Date()
    return TimelineContext(now: instant, timeZone: zone, locale: Terminal.locale(locale))
  }

  /// `--now` as an instant: an RFC 3339 date-time, or a date meaning its midnight in UTC.
  static func instant(_ text: String) -> Date? { RFC3339.instant(text, in: .gmt) }

  /// Runs `body` with the output sink (standard output or `-o FILE`), which is completed
  /// only when `body` succeeds.
  func withOutput(_ body: (inout CommandOutput) throws -> Void) throws {
    var output: CommandOutput
    do {
      output = try outputPath.map(CommandOutput.init(path:)) ?? CommandOutput()
    } catch {
      Terminal.writeError("\(error)")
      throw ExitCode(73)
    }
    do {
      try body(&output)
      try output.finish()
    } catch let error as CommandOutputError {
      Terminal.writeError(error.description)
      throw ExitCode(73)
    } catch {
      output.discard()
      throw error
    }
  }

  /// The output format: `--format`, else the one `--output`'s extension names, else
  /// terminal text.
  var format: OutputFormat {
    formatChoice ?? outputPath.flatMap(OutputFormat.init(outputPath:)) ?? .terminal
  }

  var style: TerminalStyleChoice { TerminalStyleChoice(color: color, format: format) }

  var outputWidth: Int { width ?? Terminal.width() ?? 80 }

  /// The SVG width in pixels: `--width` when it is at least 200, 640 otherwise.
  var svgWidth: Double { width.flatMap { $0 >= 200 ? Double($0) : nil } ?? 640 }
}

/// Resolves `--color` against the terminal and the environment.
struct TerminalStyleChoice {
  var color: ColorChoice
  var format: OutputFormat
}
