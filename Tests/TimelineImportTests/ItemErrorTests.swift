import Testing
import TimelineImport

/// IO-4: an item that does not fit format v1 is rejected at the offending value with
/// `FILE:LINE:COLUMN: what was expected`.
@Suite struct ItemErrorTests {
  @Test func io4_unknownKindReportsLineAndColumn() {
    let text = """
      {
        "items": [
          { "title": "Go live", "start": "2026-01-01",
            "kind": "milestone" }
        ]
      }
      """
    #expect(
      readError(text)
        == #"doc.json:4:15: unknown kind "milestone"; expected one of event, start, end, inactive, earlyEnd"#
    )
  }

  @Test func io4_missingRequiredKeysPointAtTheObject() {
    #expect(readError("{\n  \"title\": \"x\"\n}") == #"doc.json:1:1: missing required key "items""#)
    #expect(
      readError(
        """
        {"items": [
            {"start": "2026-01-01"}
        ]}
        """) == #"doc.json:2:5: missing required key "title""#)
    #expect(
      readError(
        """
        {"items": [
          {"title": "No start"}
        ]}
        """) == #"doc.json:2:3: missing required key "start""#)
  }

  @Test func io4_wrongTypesReportTheValue() {
    let cases: [(key: String, value: String, message: String)] = [
      ("title", "5", #"expected a string for "title", found number"#),
      ("title", "\"\"", #"expected a non-empty string for "title""#),
      ("start", "20260101", #"expected a string for "start", found number"#),
      ("end", "true", #"expected a string for "end", found boolean"#),
      ("id", "7", #"expected a string for "id", found number"#),
      ("id", "\"\"", #"expected a non-empty string for "id""#),
      ("kind", "[]", #"expected a string for "kind", found array"#),
      ("status", "{}", #"expected a string for "status", found object"#),
      ("statusLabel", "1", #"expected a string for "statusLabel", found number"#),
      ("substatusLabel", "1", #"expected a string for "substatusLabel", found number"#),
      ("subtitle", "false", #"expected a string for "subtitle", found boolean"#),
      ("description", "[]", #"expected a string for "description", found array"#),
      ("supportingText", "{}", #"expected a string for "supportingText", found object"#),
      ("icon", "1", #"expected a string for "icon", found number"#),
      ("attributes", "\"a\"", #"expected an array for "attributes", found string"#),
      ("priority", "\"high\"", #"expected an integer for "priority", found string"#),
      ("priority", "2.5", #"expected an integer for "priority", found 2.5"#),
      ("children", "{}", #"expected an array for "children", found object"#),
    ]
    for (key, value, message) in cases {
      // The value starts in column 7 of line 3 whatever the key.
      let required = [#""title": "T""#, #""start": "2026-01-01""#].filter {
        !$0.hasPrefix("\"\(key)\"")
      }
      let text = """
        {"items": [
          {\(required.joined(separator: ", ")), "\(key)":
              \(value)}
        ]}
        """
      #expect(readError(text) == "doc.json:3:7: \(message)", "\(key)")
    }
  }

  @Test func io4_priorityOutOfRange() {
    #expect(
      readError(
        #"{"items": [{"title": "T", "start": "2026-01-01", "priority": 9223372036854775808}]}"#)
        == #"doc.json:1:62: "priority" 9223372036854775808 is out of range; expected an integer in -9223372036854775808...9223372036854775807"#
    )
    #expect(
      readError(#"{"items": [{"title": "T", "start": "2026-01-01", "priority": -1e400}]}"#)?
        .hasPrefix(#"doc.json:1:62: "priority" -1e400 is out of range"#) == true)
  }

  @Test func io4_attributesMustBeStrings() {
    #expect(
      readError(
        """
        {"items": [{"title": "T", "start": "2026-01-01",
                    "attributes": ["Line 4", 2]}]}
        """) == #"doc.json:2:38: expected a string in "attributes", found number"#)
  }

  @Test func io4_duplicateIdsAcrossItemsAndChildren() {
    let text = """
      {"items": [
        {"id": "t1", "title": "A", "start": "2026-01-01"},
        {"id": "p", "title": "B", "start": "2026-01-01", "children": [
          {"id": "t1", "title": "C", "start": "2026-01-01"}
        ]}
      ]}
      """
    #expect(readError(text) == #"doc.json:4:12: duplicate id "t1" (first used at 2:10)"#)
  }

  @Test func io4_childrenNestOnlyOneLevel() {
    let text = """
      {"items": [
        {"title": "A", "start": "2026-01-01", "children": [
          {"title": "B", "start": "2026-01-01", "children": [
            {"title": "C", "start": "2026-01-01"}
          ]}
        ]}
      ]}
      """
    #expect(readError(text) == "doc.json:3:55: children may nest only one level deep")
    #expect(
      readError(
        """
        {"items": [{"title": "A", "start": "2026-01-01", "children": [
            7
        ]}]}
        """) == #"doc.json:2:5: expected an object for an item in "children", found number"#)
  }

  @Test func io4_anErrorAfterStringsWithEscapesIsPlacedOnTheInputAsWritten() {
    // The decoded title holds two newlines and a two-byte "é"; the place of the bad date
    // counts the escapes as they are written.
    let text = #"{"items": [{"title": "A\nB\n\u00e9", "start": "2026-13-01"}]}"#
    #expect(
      readError(text)
        == #"doc.json:1:47: invalid date "2026-13-01" for "start": month must be 1...12"#)
  }

  @Test func io4_invalidDatesReportTheValueAndTheMember() {
    let text = """
      {"items": [
        {"title": "A",
         "start": "2026-13-01"}
      ]}
      """
    #expect(
      readError(text)
        == #"doc.json:3:13: invalid date "2026-13-01" for "start": month must be 1...12"#)
    #expect(
      readError(#"{"items": [{"title": "A", "start": "2023-02-29"}]}"#)
        == #"doc.json:1:36: invalid date "2023-02-29" for "start": day must be 1...28 in 2023-02"#)
  }

  @Test func io4_endMustMatchStartAndNotPrecedeIt() {
    func error(start: String, end: String) -> String? {
      readError(
        """
        {"items": [{"title": "A", "start": "\(start)",
                    "end": "\(end)"}]}
        """)
    }
    #expect(
      error(start: "2026-01-02", end: "2026-01-01")
        == #"doc.json:2:20: "end" must not be before "start""#)
    #expect(
      error(start: "2026-01-01T10:00:00+01:00", end: "2026-01-01T09:59:59Z")
        == nil)
    #expect(
      error(start: "2026-01-01T10:00:00Z", end: "2026-01-01T10:59:59+01:00")
        == #"doc.json:2:20: "end" must not be before "start""#)
    #expect(
      error(start: "2026-01-01", end: "2026-01-01T10:00:00Z")
        == #"doc.json:2:20: expected an all-day date for "end" because "start" is one, found a date-time"#
    )
    #expect(
      error(start: "2026-01-01T10:00:00Z", end: "2026-01-02")
        == #"doc.json:2:20: expected a date-time for "end" because "start" is one, found an all-day date"#
    )
    #expect(
      error(start: "2026-01-01", end: "2026-02-30")
        == #"doc.json:2:20: invalid date "2026-02-30" for "end": day must be 1...28 in 2026-02"#)
  }
}
