import TimelineCore

/// Reads a document in any supported format into the one `TimelineDocument` model,
/// choosing the reader by explicit format, by extension, or by content.
///
/// ```swift
/// let (document, summary) = try DocumentReader.read(
///   path: "team.ics", options: ImportOptions(window: ImportOptions.window(around: now)))
/// ```
public enum DocumentReader {
  /// Reads the file at `path` (`-` for standard input) as `format`, or as the format its
  /// extension or, failing that, its first bytes imply.
  public static func read(
    path: String, format: InputFormat? = nil, options: ImportOptions
  ) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    try read(ChunkedInput(path: path), format: format ?? InputFormat(path: path), options: options)
  }

  /// Reads `input` as `format`, or as the format its first bytes imply.
  public static func read(
    _ input: ChunkedInput, format: InputFormat?, options: ImportOptions
  ) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    var chosen = format
    if chosen == nil { chosen = InputFormat.detect(prefix: try input.peekPrefix()) }
    switch chosen ?? .json {
    case .ics: return try ICalendarReader.read(input, options: options)
    case .csv: return try CSVReader.read(input, options: options)
    case .json:
      let text = try input.readAll {
        options.progress?(ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes))
      }
      let document = try TimelineJSONReader.read(
        taking: text, file: input.name, cardsKept: options.cardsKept,
        idProblem: options.idProblem)
      return (document, ImportSummary())
    }
  }
}
