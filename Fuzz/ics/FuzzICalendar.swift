import Foundation
import TimelineCore
import TimelineImport

/// libFuzzer entry point for the iCalendar reader (see `Scripts/fuzz`).
///
/// Every input must be read without crashing, hanging or leaking, in one piece and in
/// small chunks with the same outcome; a calendar that reads must survive a round trip
/// through ``ICalendarWriter`` and through ``TimelineJSONWriter`` unchanged.
///
/// ```sh
/// Scripts/fuzz run ics 600
/// ```
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let options = ImportOptions(
    timeZone: TimeZone(identifier: "Europe/Berlin")!,
    window: DateInterval(
      start: Date(timeIntervalSince1970: 1_735_689_600),
      end: Date(timeIntervalSince1970: 1_798_761_600)),
    instanceLimit: 300, expansionStepLimit: 100_000)
  let whole = outcome { () throws(DocumentError) in
    try ICalendarReader.read(ChunkedInput(bytes: bytes, name: "fuzz.ics"), options: options)
  }
  let chunked = outcome { () throws(DocumentError) in
    try ICalendarReader.read(
      ChunkedInput(bytes: bytes, name: "fuzz.ics", chunkSize: 7), options: options)
  }
  precondition(
    whole.error == chunked.error && whole.document == chunked.document,
    "chunking changed the outcome")
  guard let document = whole.document else { return 0 }
  let stamp = Date(timeIntervalSince1970: 1_767_225_600)
  let ics = ICalendarWriter.string(document, timestamp: stamp)
  let again = outcome { () throws(DocumentError) in
    try ICalendarReader.read(
      ChunkedInput(bytes: Array(ics.utf8), name: "copy.ics"), options: options)
  }
  precondition(
    again.document == document, "iCalendar round trip: \(again.error ?? "changed the document")")
  let json = TimelineJSONWriter.string(document)
  let back = try? TimelineJSONReader.read(text: json, file: "copy.json")
  precondition(back == document, "JSON round trip changed the document")
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
