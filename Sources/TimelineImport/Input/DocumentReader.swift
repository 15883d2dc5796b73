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

  /// Reads the file at `path` (`-` for standard input) and hands each item to `body` as
  /// soon as it is read, keeping none of them, so that a file of any size can go straight
  /// into a database in one transaction.
  ///
  /// CSV rows are handed over one by one, so memory stays the same whatever the file's
  /// size. iCalendar events are handed over when their component ends; recurring events
  /// (and their `RECURRENCE-ID` overrides) are held until the end of the file, where
  /// overrides may still appear, and then expanded. JSON documents are read whole first.
  ///
  /// The steps that need every item are left to the receiver, which sees them all: ids
  /// are not checked for repeats (a database's unique key does that), iCalendar duplicates
  /// are not suffixed, and children are not nested but come with ``StreamedItem/parentID``.
  /// Rows without an id get `item-1`, `item-2`, … in order. Errors are ``DocumentError``s
  /// as in ``read(path:format:options:)``, after the items before them were handed over;
  /// an error thrown by `body` stops reading and is rethrown.
  ///
  /// ```swift
  /// try database.write { db in
  ///   _ = try DocumentReader.forEachItem(path: "tasks.csv", options: options) { streamed in
  ///     try ItemRecord(streamed).insert(db)
  ///   }
  /// }
  /// ```
  public static func forEachItem(
    path: String, format: InputFormat? = nil, options: ImportOptions,
    _ body: (StreamedItem) throws -> Void
  ) throws -> ImportSummary {
    try forEachItem(
      ChunkedInput(path: path), format: format ?? InputFormat(path: path), options: options, body)
  }

  /// Streams the items of `input`, read as `format` or as its first bytes imply, like
  /// ``forEachItem(path:format:options:_:)``.
  public static func forEachItem(
    _ input: ChunkedInput, format: InputFormat?, options: ImportOptions,
    _ body: (StreamedItem) throws -> Void
  ) throws -> ImportSummary {
    let chosen = try format ?? InputFormat.detect(prefix: input.peekPrefix())
    return try withoutActuallyEscaping(body) { body in
      var failure: (any Error)?
      let deliver = { (streamed: StreamedItem) in
        guard failure == nil else { return }
        do { try body(streamed) } catch { failure = error }
      }
      let summary: ImportSummary
      switch chosen {
      case .csv:
        var parser = CSVParser(file: input.name, options: options)
        parser.sink = { deliver(StreamedItem(item: $0)) }
        try CSVReader.run(input, options: options, parser: &parser) { failure != nil }
        summary = failure == nil ? try parser.finishStream() : parser.summary
      case .ics:
        var parser = ICalendarParser(file: input.name, options: options)
        parser.sink = { deliver(StreamedItem(item: $0, parentID: $1)) }
        summary = try ICalendarReader.run(input, options: options, parser: &parser) {
          failure != nil
        }.summary
      case .json:
        let (document, read) = try read(input, format: .json, options: options)
        for item in document.items where failure == nil {
          var top = item
          top.children = []
          deliver(StreamedItem(item: top))
          for child in item.children { deliver(StreamedItem(item: child, parentID: item.id)) }
        }
        summary = read
      }
      if let failure { throw failure }
      return summary
    }
  }
}

/// One item read from a file by ``DocumentReader/forEachItem(path:format:options:_:)``,
/// with the id of the item it belongs under, if any.
public struct StreamedItem: Sendable, Hashable {
  public var item: TimelineItem
  /// The id named by iCalendar `RELATED-TO`, or of the item a JSON child sits in.
  public var parentID: String?

  public init(item: TimelineItem, parentID: String? = nil) {
    self.item = item
    self.parentID = parentID
  }
}
