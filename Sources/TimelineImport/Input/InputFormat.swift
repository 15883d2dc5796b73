/// The document formats the readers understand, chosen by file extension, by content, or
/// explicitly (`--input-format`).
///
/// ```swift
/// InputFormat(path: "team.ics")                   // .ics
/// InputFormat.detect(prefix: Array("{\"items\"".utf8))  // .json
/// ```
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
  /// JSON format version 1 (SPEC IO-1).
  case json
  /// CSV with a header row naming format v1 keys (SPEC IO-3).
  case csv
  /// iCalendar, RFC 5545 (SPEC IO-2).
  case ics

  /// The format a file name's extension implies: `.json`; `.csv` and `.tsv`; `.ics`,
  /// `.ical`, `.icalendar` and `.ifb`. Case does not matter.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "json": self = .json
    case "csv", "tsv": self = .csv
    case "ics", "ical", "icalendar", "ifb": self = .ics
    default: return nil
    }
  }

  /// The format the first bytes of a document suggest: `BEGIN:VCALENDAR` is iCalendar,
  /// `{` or `[` JSON, anything else CSV. A byte order mark and whitespace are skipped.
  public static func detect(prefix: [UInt8]) -> InputFormat {
    var index = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[index]) { index += 1 }
    guard index < prefix.count else { return .json }
    if prefix[index] == 0x7B || prefix[index] == 0x5B { return .json }  // { [
    let begin = Array("BEGIN:VCALENDAR".utf8)
    let head = prefix[index..<min(prefix.count, index + begin.count)].map { $0 & 0xDF }
    return head.elementsEqual(begin.map { $0 & 0xDF }) ? .ics : .csv
  }
}
