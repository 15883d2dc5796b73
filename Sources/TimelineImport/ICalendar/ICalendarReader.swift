import Foundation
import TimelineCore

/// Reads iCalendar files (RFC 5545, SPEC IO-2) into a `TimelineDocument`, streaming:
/// the input is read in chunks and lines are unfolded as they arrive, so memory beyond the
/// resulting items does not grow with the file.
///
/// - `VEVENT` and `VTODO` become items; `VJOURNAL`, `VFREEBUSY` and other components are
///   skipped and counted in the ``ImportSummary``.
/// - DTSTART, DTEND, DUE and DURATION give start and end; DATE values are all-day items
///   (DTEND exclusive, DUE inclusive); a to-do without DTSTART starts at its DUE.
/// - UTC, floating (in the document's zone) and `TZID` times (a `VTIMEZONE` of the file,
///   an IANA name, or a Windows zone name) are supported.
/// - RRULE, RDATE, EXDATE and RECURRENCE-ID are expanded inside ``ImportOptions/window``,
///   at most ``ImportOptions/instanceLimit`` instances per event.
/// - `X-WR-CALNAME` is the title, `X-WR-TIMEZONE` the document's zone; see
///   ``ICalendarWriter`` for the `X-TIMELINE-*` properties that carry the model's other
///   fields.
///
/// ```swift
/// let options = ImportOptions(window: ImportOptions.window(around: now))
/// let (document, _) = try ICalendarReader.read(ChunkedInput(path: "team.ics"), options: options)
/// ```
public enum ICalendarReader {
  /// Reads `input` (a file, standard input or bytes) to its end.
  public static func read(
    _ input: ChunkedInput, options: ImportOptions
  ) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    var parser = ICalendarParser(file: input.name, options: options)
    return try run(input, options: options, parser: &parser) { false }
  }

  /// Feeds `input` to `parser` chunk by chunk until it ends or `stop()` says so, then finishes.
  static func run(
    _ input: ChunkedInput, options: ImportOptions, parser: inout ICalendarParser,
    stop: () -> Bool
  ) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    var unfolder = ContentLineUnfolder()
    while !stop(),
      try input.withNextChunk({ (chunk) throws(DocumentError) in
        try unfolder.consume(chunk) { (line) throws(DocumentError) in try parser.handle(line) }
        options.progress?(ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes))
      })
    {}
    guard !stop() else { return (parser.document, parser.summary) }
    let end = try unfolder.finish { (line) throws(DocumentError) in try parser.handle(line) }
    return try parser.finish(at: end)
  }
}
