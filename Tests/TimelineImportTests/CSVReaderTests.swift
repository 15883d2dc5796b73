import Foundation
import Testing
import TimelineCore
import TimelineImport

/// The file name used for in-memory CSV documents in these tests.
let csvFile = "plan.csv"

/// Reads CSV `text` with floating times in `zone`.
func readCSV(
  _ text: String, zone: String = "UTC", chunkSize: Int = ChunkedInput.defaultChunkSize
) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
  try CSVReader.read(
    ChunkedInput(bytes: Array(text.utf8), name: csvFile, chunkSize: chunkSize),
    options: importOptions(zone: zone))
}

/// The error reading CSV `text` reports, or `nil` if it reads.
func csvError(_ text: String) -> String? {
  do {
    _ = try readCSV(text)
    return nil
  } catch {
    return error.description
  }
}

/// IO-3: CSV with a header row naming format v1 keys.
@Suite struct CSVReaderTests {
  @Test func io3_headerRowNamesTheKeysAndAttributesMayRepeat() throws {
    let (document, summary) = try readCSV(
      """
      id,kind,title,subtitle,start,end,status,statusLabel,substatusLabel,description,supportingText,attributes,attributes,priority,icon,statusIcon,substatusIcon
      t1,event,Planned Downtime,Work Package,2026-11-21T09:45:00+01:00,2026-11-21T11:00:00+01:00,inProgress,Active,High,Stop line 4,Maintenance,Line 4,2 h,2,rain,error,flag
      start,start,Project Start,,2015-12-06,,,,,,,,,,,,

      """)
    #expect(summary.isEmpty)
    #expect(document.items.count == 2)
    let expected = TimelineItem(
      id: "t1", title: "Planned Downtime", subtitle: "Work Package",
      start: at("2026-11-21T08:45:00Z"), end: at("2026-11-21T10:00:00Z"), status: .inProgress,
      statusLabel: "Active", substatusLabel: "High", description: "Stop line 4",
      supportingText: "Maintenance", attributes: ["Line 4", "2 h"], priority: 2, icon: "rain",
      statusIcon: "error", substatusIcon: "flag")
    #expect(document.items[0] == expected)
    // Written back as CSV, the row reads back the same.
    let written = CSVWriter.string(TimelineDocument(title: nil, items: [expected]))
    #expect(written.hasPrefix("id,kind,title,"))
    #expect(written.contains(",priority,icon,statusIcon,substatusIcon\r\n"))
    #expect(try readCSV(written).document.items == [expected])
    #expect(
      document.items[1]
        == TimelineItem(
          id: "start", kind: .start, title: "Project Start", start: allDay("2015-12-06")))
  }

  /// What the writer must quote is found in its bytes: a CRLF line break is one Swift
  /// `Character`, and so is a quote, comma or space followed by a combining mark.
  @Test func io3_writtenFieldsWithCRLFOrCombiningMarksReadBackTheSame() throws {
    let item = TimelineItem(
      id: "a", title: "\"\u{301}Quoted", subtitle: ",\u{301}comma",
      start: at("2026-11-21T08:45:00Z"),
      description: "line one\r\nline two", supportingText: " \u{301}edge",
      attributes: ["end \u{301}"])
    let written = CSVWriter.string(TimelineDocument(title: nil, items: [item]))
    #expect(written.contains(",\"line one\r\nline two\","))
    #expect(written.contains(",\"\"\"\u{301}Quoted\","))
    let read = try readCSV(written)
    #expect(read.document.items == [item])
  }

  @Test func io3_quotedFieldsHoldSeparatorsLineBreaksAndQuotes() throws {
    let text =
      "title,start,description\r\n"
      + "\"Review, part 1\",2026-01-05,\"He said \"\"go\"\"\r\nnext line\"\r\n"
      + "5\" pipe,2026-01-06,plain\r\n"
    let items = try readCSV(text).document.items
    #expect(items.map(\.title) == ["Review, part 1", "5\" pipe"])
    #expect(items[0].description == "He said \"go\"\r\nnext line")
  }

  @Test func io3_semicolonAndTabSeparatedFilesAreDetected() throws {
    let semicolons = try readCSV("title;start;attributes\n\"A; B\";2026-01-05;1,5 h\n").document
    #expect(semicolons.items.map(\.title) == ["A; B"])
    #expect(semicolons.items[0].attributes == ["1,5 h"])
    let tabs = try readCSV("title\tstart\nTabbed, really\t2026-01-05\n").document
    #expect(tabs.items.map(\.title) == ["Tabbed, really"])
  }

  @Test func io3_emptyFieldsAreAbsentAndIdsAreGenerated() throws {
    let (document, summary) = try readCSV(
      """
      Title , START,id,status,colour
      A,2026-01-05,,,red
      B,2026-01-06,item-2,,blue

      C,2026-01-07,,,green
      """)
    #expect(document.items.map(\.id) == ["item-1", "item-2", "item-3"])
    #expect(document.items.map(\.status) == [.open, .open, .open])
    #expect(summary.lines == ["1 empty row skipped"])
  }

  @Test func io3_floatingTimesUseTheGivenZoneAndBOMIsSkipped() throws {
    let (document, _) = try readCSV(
      "\u{FEFF}title,start\nA,2026-07-05T09:00:00\n", zone: "Europe/Berlin")
    #expect(document.timeZone.identifier == "Europe/Berlin")
    #expect(document.items[0].start == at("2026-07-05T07:00:00Z"))
  }

  @Test func io3_chunkBoundariesDoNotChangeTheResult() throws {
    let text =
      "id,title,start,description\r\n1,\"Quoted, with \"\"quotes\"\"\",2026-01-05,\"multi\nline\"\r\n2,Café ☕,2026-01-06T10:00:00Z,x\r"
    let whole = try readCSV(text).document
    for size in [1, 2, 3, 5, 8, 13] {
      #expect(try readCSV(text, chunkSize: size).document == whole, "chunk size \(size)")
    }
    #expect(whole.items.map(\.title) == ["Quoted, with \"quotes\"", "Café ☕"])
  }

  @Test func io3_readersAgreeOnTheSameDocument() throws {
    let csv = try readCSV("id,title,start,status\nt1,A,2026-01-05T10:00:00Z,completed\n").document
    let json = try readDocument(
      #"{"items":[{"id":"t1","title":"A","start":"2026-01-05T10:00:00Z","status":"completed"}]}"#)
    #expect(csv.items == json.items)
  }
}

/// IO-4: CSV problems are errors at the field's line and column.
@Suite struct CSVErrorTests {
  @Test(arguments: [
    ("", "plan.csv:1:1: expected a header row naming the columns, such as title,start,end,status"),
    (
      "name,when\nA,2026-01-05\n",
      #"plan.csv:1:1: missing required column "title" in the header row"#
    ),
    ("title,start,Title\n", #"plan.csv:1:13: duplicate column "title" (first in column 1)"#),
    (
      "title,start,children\n",
      #"plan.csv:1:13: the column "children" is not supported in CSV; use JSON for child items"#
    ),
    (
      "title,start\nA,2026-02-30\n",
      #"plan.csv:2:3: invalid date "2026-02-30": day must be 1...28 in 2026-02"#
    ),
    (
      "title,start,status\nA,2026-01-05,done\n",
      #"plan.csv:2:14: unknown status "done"; expected one of open, inProgress, completed, empty"#
    ),
    (
      "title,start\nA,2026-01-05,extra\n",
      "plan.csv:2:14: expected 2 fields as in the header row, found 3"
    ),
    (
      "title,start,end\nA,2026-01-05\n",
      "plan.csv:2:13: expected 3 fields as in the header row, found 2"
    ),
    (
      "title,start\n\"A,2026-01-05\n",
      "plan.csv:2:1: expected a closing quote for the field that starts here"
    ),
    (
      "title,start\n\"A\"x,2026-01-05\n",
      "plan.csv:2:4: expected a separator or a line break after the closing quote"
    ),
    (
      "id,title,start\na,A,2026-01-05\na,B,2026-01-06\n",
      #"plan.csv:3:1: duplicate id "a" (first used at 2:1)"#
    ),
    ("title,start\n,2026-01-05\n", #"plan.csv:2:1: expected a non-empty "title""#),
    // Spaces only read as no title (a quoted field is located at its text).
    ("title,start\n\"   \",2026-01-05\n", #"plan.csv:2:2: expected a non-empty "title""#),
    (
      "title,start,end\nA,2026-01-05T10:00:00Z,2026-01-05T09:00:00Z\n",
      #"plan.csv:2:24: "end" must not be before "start""#
    ),
    (
      "title,start,priority\nA,2026-01-05,high\n",
      #"plan.csv:2:14: expected an integer for "priority", found "high""#
    ),
    ("title,start\n\"x\ny\",2026-01-05\nB,\n", #"plan.csv:4:3: expected a date for "start""#),
  ])
  func io4_csvErrorsNameLineAndColumn(text: String, expected: String) {
    #expect(csvError(text) == expected)
  }

  @Test func io4_invalidUTF8InAFieldIsLocated() throws {
    var bytes = Array("title,start\nCaf".utf8) + [0xE9] + Array(",2026-01-05\n".utf8)
    do {
      _ = try CSVReader.read(ChunkedInput(bytes: bytes, name: csvFile), options: importOptions())
      Issue.record("accepted invalid UTF-8")
    } catch {
      #expect(
        error.description
          == "plan.csv:2:4: invalid UTF-8: incomplete sequence starting with byte 0xE9")
    }
    bytes = Array("title,start\n\"Caf".utf8) + [0xFF] + Array("\",2026-01-05\n".utf8)
    #expect(throws: DocumentError.self) {
      try CSVReader.read(ChunkedInput(bytes: bytes, name: csvFile), options: importOptions())
    }
  }

  @Test func io4_everyPrefixAndMutationOfACSVFileFailsCleanlyOrReads() {
    let text = Array(
      "id,title,start,end,attributes\r\nt1,\"A, \"\"B\"\"\",2026-01-05T10:00:00+01:00,2026-01-05T11:00:00+01:00,x\r\nt2,C,2026-01-06,2026-01-07,y\r\n"
        .utf8)
    // A prefix reads (a cut between rows or inside a row's last field) or fails with a
    // located error; the header alone reads as no items, and every cut inside the quoted
    // title is an unclosed quote.
    var read = 0
    for length in 0...text.count {
      do {
        _ = try CSVReader.read(
          ChunkedInput(bytes: Array(text[0..<length]), name: csvFile), options: importOptions())
        read += 1
      } catch {
        #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "\(length)")
        let quoteOpened = text[0..<length].filter { $0 == 0x22 }.count % 2 == 1
        if quoteOpened { #expect(error.message.contains("quote"), "\(length): \(error)") }
      }
    }
    #expect(read > 0 && read < text.count)
    for position in text.indices {
      for byte: UInt8 in [0x00, 0x22, 0x2C, 0x3B, 0x0A, 0x0D, 0xFF, 0x41] {
        var mutated = text
        mutated[position] = byte
        do {
          _ = try CSVReader.read(
            ChunkedInput(bytes: mutated, name: csvFile), options: importOptions())
        } catch {
          #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
        }
      }
    }
  }
}
