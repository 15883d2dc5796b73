import Foundation
import Testing
import TimelineImport

/// IO-4: a document that does not fit format v1 is rejected at the offending value with
/// `FILE:LINE:COLUMN: what was expected`.
@Suite struct DocumentErrorTests {
  @Test func io4_descriptionIsFileLineColumnMessage() {
    let error = DocumentError(file: "plan.json", line: 3, column: 12, message: "boom")
    #expect(error.description == "plan.json:3:12: boom")
    #expect(error == DocumentError(file: "plan.json", line: 3, column: 12, message: "boom"))
    #expect(error.localizedDescription == "plan.json:3:12: boom")
  }

  @Test func io4_unknownStatusAndHeaderUnit() {
    #expect(
      readError(
        """
        {"items": [
          {"title": "T", "start": "2026-01-01", "status": "done"}
        ]}
        """)
        == #"doc.json:2:51: unknown status "done"; expected one of open, inProgress, completed, empty"#
    )
    #expect(
      readError(
        """
        {"headerUnit": "decade",
         "items": []}
        """)
        == #"doc.json:1:16: unknown headerUnit "decade"; expected one of day, week, month, year"#)
  }

  @Test func io4_wrongTypesAtTheTopLevel() {
    #expect(readError("[]") == "doc.json:1:1: expected an object at the top level, found array")
    #expect(
      readError("\n  \"x\"") == "doc.json:2:3: expected an object at the top level, found string")
    #expect(
      readError(#"{"title": 3, "items": []}"#)
        == #"doc.json:1:11: expected a string for "title", found number"#)
    #expect(
      readError(#"{"items": {}}"#) == #"doc.json:1:11: expected an array for "items", found object"#
    )
    #expect(
      readError(#"{"timeZone": 1, "items": []}"#)
        == #"doc.json:1:14: expected a string for "timeZone", found number"#)
    #expect(
      readError(
        """
        {"items": [
          "not an item"
        ]}
        """) == #"doc.json:2:3: expected an object for an item in "items", found string"#)
  }

  @Test func io4_unsupportedVersion() {
    #expect(
      readError(#"{"version": 2, "items": []}"#)
        == "doc.json:1:13: unsupported version 2; expected 1")
    #expect(
      readError(#"{"version": 1.5, "items": []}"#)
        == "doc.json:1:13: unsupported version 1.5; expected 1")
    #expect(
      readError(#"{"version": "1", "items": []}"#)
        == #"doc.json:1:13: expected an integer for "version", found string"#)
  }

  @Test func io4_unknownTimeZone() {
    #expect(
      readError(
        """
        {"items": [],
         "timeZone": "Mars/Olympus_Mons"}
        """)
        == #"doc.json:2:14: unknown time zone "Mars/Olympus_Mons"; expected an IANA identifier such as "Europe/Berlin""#
    )
  }

  @Test func io4_columnsCountUnicodeScalarsAndTabs() {
    // "é" is two bytes and "😀" four, but each is one column; a tab is one column.
    let text = "{\"items\": [{\"title\": \"é😀\",\t\"start\": \"2026-01-01\", \"kind\": 1}]}"
    #expect(readError(text) == #"doc.json:1:59: expected a string for "kind", found number"#)
  }

  @Test func io4_linesEndAtLFCRLFAndCR() {
    let kind = #""kind": 1"#
    let lf = "{\"items\": [\n{\"title\": \"T\", \"start\": \"2026-01-01\",\n \(kind)}]}"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    let cr = lf.replacingOccurrences(of: "\n", with: "\r")
    for text in [lf, crlf, cr] {
      #expect(readError(text) == #"doc.json:3:10: expected a string for "kind", found number"#)
    }
  }

  @Test func io4_fileNameIsTheOneGiven() {
    do {
      _ = try TimelineJSONReader.read(text: "{}", file: "plans/line4.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.file == "plans/line4.json" && error.line == 1 && error.column == 1)
      #expect(error.message == #"missing required key "items""#)
    }
  }
}
