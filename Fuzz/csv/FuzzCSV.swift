import Foundation
import TimelineCore
import TimelineImport

/// libFuzzer entry point for the CSV reader (see `Scripts/fuzz`).
///
/// Every input must be read without crashing, hanging or leaking, in one piece and in
/// small chunks with the same outcome; streaming must hand over the document's items (ids
/// aside, which only the document makes unique) or fail the same way; a document that
/// reads must be written as JSON and iCalendar that read back with the same items.
///
/// ```sh
/// Scripts/fuzz run csv 600
/// ```
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let options = ImportOptions(
    timeZone: TimeZone(identifier: "America/New_York")!,
    window: DateInterval(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 1))
  )
  let whole = outcome { () throws(DocumentError) in
    try CSVReader.read(ChunkedInput(bytes: bytes, name: "fuzz.csv"), options: options)
  }
  let chunked = outcome { () throws(DocumentError) in
    try CSVReader.read(ChunkedInput(bytes: bytes, name: "fuzz.csv", chunkSize: 5), options: options)
  }
  precondition(
    whole.error == chunked.error && whole.document == chunked.document,
    "chunking changed the outcome")
  var streamed: [TimelineItem] = []
  let streamError: String?
  do {
    _ = try DocumentReader.forEachItem(
      ChunkedInput(bytes: bytes, name: "fuzz.csv", chunkSize: 3), format: .csv, options: options
    ) { streamed.append($0.item) }
    streamError = nil
  } catch {
    streamError = (error as? DocumentError)?.description ?? "\(error)"
  }
  if let document = whole.document {
    precondition(streamError == nil, "streaming failed where reading did not: \(streamError!)")
    precondition(
      streamed.map { item in
        var item = item
        item.id = ""
        return item
      }
        == document.items.map { item in
          var item = item
          item.id = ""
          return item
        }, "streaming handed over other items")
  } else if whole.error?.contains("duplicate id") == false {
    precondition(
      streamError == whole.error, "streaming failed otherwise: \(streamError ?? "no error")")
  }
  guard let document = whole.document else { return 0 }
  let json = TimelineJSONWriter.string(document)
  guard let back = try? TimelineJSONReader.read(text: json, file: "copy.json") else {
    preconditionFailure("the JSON writer wrote a document the JSON reader rejects")
  }
  precondition(
    back.items.map(\.id) == document.items.map(\.id)
      && back.items.map(\.title) == document.items.map(\.title))
  let ics = ICalendarWriter.string(document, timestamp: Date(timeIntervalSince1970: 0))
  let again = outcome { () throws(DocumentError) in
    try ICalendarReader.read(
      ChunkedInput(bytes: Array(ics.utf8), name: "copy.ics"), options: options)
  }
  precondition(
    again.document?.items.map(\.id) == document.items.map(\.id),
    "iCalendar round trip: \(again.error ?? "changed ids")")
  return 0
}

/// The document or the error message of a read.
func outcome(
  _ read: () throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary)
) -> (document: TimelineDocument?, error: String?) {
  do {
    return (try read().document, nil)
  } catch {
    return (nil, error.description)
  }
}
