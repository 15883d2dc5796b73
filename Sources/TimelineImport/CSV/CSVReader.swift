import TimelineCore

/// Reads CSV documents (RFC 4180, SPEC IO-3) whose header row names JSON format v1 keys,
/// streaming: the input is read in chunks and each row becomes an item when it ends.
///
/// ```csv
/// id,title,start,end,status,attributes,attributes
/// t1,Planned downtime,2026-11-21T09:45:00+01:00,2026-11-21T11:00:00+01:00,inProgress,Line 4,2 h
/// ```
///
/// Fields may be quoted (with doubled quotes and line breaks inside); `,`, `;` or tab
/// separate them (detected from the header). An empty field counts as absent; unknown
/// columns are ignored; date-times without an offset are in ``ImportOptions/timeZone``,
/// which is also the document's zone. Any problem is a ``DocumentError`` at the field's
/// line and column, and nothing is returned.
///
/// ```swift
/// let (document, _) = try CSVReader.read(ChunkedInput(path: "plan.csv"), options: options)
/// ```
public enum CSVReader {
  /// Reads `input` (a file, standard input or bytes) to its end.
  public static func read(
    _ input: ChunkedInput, options: ImportOptions
  ) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    var parser = CSVParser(file: input.name, options: options)
    try run(input, options: options, parser: &parser) { false }
    return try parser.finish()
  }

  /// Feeds `input` to `parser` chunk by chunk until it ends or `stop()` says so.
  static func run(
    _ input: ChunkedInput, options: ImportOptions, parser: inout CSVParser,
    stop: () -> Bool
  ) throws(DocumentError) {
    var tokenizer = CSVTokenizer(file: input.name)
    while !stop(),
      try input.withNextChunk({ (chunk) throws(DocumentError) in
        try tokenizer.consume(chunk) { (row) throws(DocumentError) in try parser.take(row) }
        options.progress?(ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes))
      })
    {}
    guard !stop() else { return }
    try tokenizer.finish { (row) throws(DocumentError) in try parser.take(row) }
  }
}
