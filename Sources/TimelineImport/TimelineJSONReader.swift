import Foundation
import TimelineCore

/// Reads timeline documents in JSON format version 1 (SPEC IO-1) from bytes or files.
///
/// Reading is all or nothing (SPEC IO-4): a document either maps completely or the
/// first problem is thrown as a ``DocumentError`` at its line and column.
///
/// - Unknown keys are ignored, whatever their type; `null` for an optional key counts as
///   absent; a key repeated within one object is an error.
/// - `version` (optional) must be 1; `items` is required; `timeZone` defaults to UTC and
///   `headerUnit` to `day`.
/// - Items need a non-empty `title` and a `start`; a missing `id` is generated as
///   `item-1`, `item-2`, … in document order (parents before their children), skipping
///   ids the document uses itself. Ids are unique across items and children.
/// - Dates follow `RFC3339`; date-times without an offset are floating times in the
///   document's `timeZone`, wherever that key appears. `end` has the form of `start`
///   (both all-day or both date-times) and is not before it.
///
/// ```swift
/// let document = try TimelineJSONReader.read(path: "plan.json")
/// document.items.first?.title
/// ```
public enum TimelineJSONReader {
  /// Reads a document from UTF-8 `bytes`; `file` names the input in errors.
  public static func read(_ bytes: [UInt8], file: String) throws(DocumentError) -> TimelineDocument
  {
    let root = try JSONParser.parse(bytes, file: file)
    return try TimelineJSONMapper(valuesOf: root, file: file).document(from: root)
  }

  /// Reads a document from the UTF-8 in `buffer`, which is taken over (see
  /// ``JSONParser/parse(taking:file:stream:)``). When `cardsKept` keeps only some
  /// cards, they are read in one pass as they are parsed (see ``CardsPage``).
  static func read(
    taking buffer: UnsafeBufferPointer<UInt8>, file: String,
    cardsKept: (@Sendable (Int) -> Range<Int>)? = nil,
    idProblem: (@Sendable (String) -> String?)? = nil
  ) throws(DocumentError) -> TimelineDocument {
    let page = cardsKept.map { CardsPage(text: buffer, file: file, kept: $0) }
    let root = try JSONParser.parse(taking: buffer, file: file, stream: page?.stream)
    let mapper = TimelineJSONMapper(valuesOf: root, file: file)
    mapper.page = page
    mapper.idProblem = idProblem
    return try mapper.document(from: root)
  }

  /// `item` changed by a JSON merge patch (RFC 7386): `patch` names the fields to replace
  /// (`null` removes one), which are read with the rules of a whole document; floating
  /// date-times are placed in `timeZone`. Errors name `file` and the place in the text
  /// `patch` was parsed from.
  ///
  /// ```swift
  /// let body = Array(#"{"status": "completed", "priority": null}"#.utf8)
  /// let changed = try TimelineJSONReader.patch(
  ///   item, with: try JSONParser.parse(body, file: "body"), file: "body", timeZone: zone)
  /// ```
  public static func patch(
    _ item: TimelineItem, with patch: JSONValue, file: String, timeZone: TimeZone
  ) throws(DocumentError) -> TimelineItem {
    let mapper = TimelineJSONMapper(valuesOf: patch, file: file)
    mapper.timeZone = timeZone
    return try mapper.patch(item, with: patch)
  }

  /// Reads a document from UTF-8 `text`; `file` names the input in errors.
  public static func read(text: String, file: String) throws(DocumentError) -> TimelineDocument {
    try read(Array(text.utf8), file: file)
  }

  /// Reads the document at `path`, or standard input when `path` is `-` (shown as
  /// `<stdin>` in errors). An unreadable file is an error at 1:1 with the system's reason.
  public static func read(path: String) throws(DocumentError) -> TimelineDocument {
    let input = try ChunkedInput(path: path)
    return try read(taking: input.readAll {}, file: input.name)
  }
}
