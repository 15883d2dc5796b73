import Foundation
import Testing
import TimelineImport

/// IO-4: no input crashes the reader and none is half-imported; every failure is a
/// located `DocumentError`.
@Suite struct RobustnessTests {
  let example = Array(specExample.utf8)

  /// Reads `bytes`, returning the error if any; the typed throw guarantees its type.
  func outcome(_ bytes: [UInt8]) -> DocumentError? {
    do {
      _ = try TimelineJSONReader.read(bytes, file: testFile)
      return nil
    } catch {
      return error
    }
  }

  @Test func io4_everyPrefixFailsWithALocatedError() {
    for length in 0..<example.count {
      let prefix = Array(example[0..<length])
      guard let error = outcome(prefix) else {
        Issue.record("prefix of \(length) bytes was accepted")
        continue
      }
      #expect(error.line >= 1 && error.column >= 1)
      let location = SourceLocation(offset: length, in: prefix)
      let atEnd = error.line == location.line && error.column == location.column
      let endOfInput = error.message.hasPrefix("unexpected end of input")
      let cutCharacter = error.message.hasPrefix("invalid UTF-8: incomplete sequence")
      // Truncation is reported at the end, or at the start of the unfinished string.
      #expect(endOfInput || cutCharacter, "\(length): \(error)")
      if endOfInput && !error.message.contains("closing \"") {
        #expect(atEnd, "\(length): \(error)")
      }
    }
    #expect(outcome(example) == nil)
  }

  @Test func io4_cutAndClosedDocumentsNeverCrash() {
    // Cut the document inside each item too, then close it: still never a crash.
    let text = specExample
    var refused = 0
    for length in stride(from: 0, to: text.utf8.count, by: 3) {
      let cut = Array(text.utf8.prefix(length)) + Array("\"}]}".utf8)
      if let error = outcome(cut) {
        refused += 1
        #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "\(length)")
      }
    }
    // Closing a cut document rarely makes a valid one: nearly every cut is refused.
    #expect(refused > text.utf8.count / 3 / 2)
  }

  @Test func io4_mutatedBytesNeverCrash() {
    let replacements: [UInt8] = [
      0x00, 0x09, 0x0A, 0x20, 0x22, 0x2C, 0x2D, 0x30, 0x3A, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D,
      0x75, 0x80, 0xC3, 0xED, 0xF4, 0xFF,
    ]
    var accepted = 0
    for position in example.indices {
      for byte in replacements where example[position] != byte {
        var mutated = example
        mutated[position] = byte
        if let error = outcome(mutated) {
          #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
        } else {
          accepted += 1
        }
      }
      var shorter = example
      shorter.remove(at: position)
      if let error = outcome(shorter) {
        #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
      }
    }
    // Mutations inside string contents and whitespace may leave a valid document.
    #expect(accepted > 0)
  }

  @Test func io4_hostileNumbersAndStringsAreRefusedNamingTheKey() throws {
    // Each value is refused where it stands, and the message says why.
    let priorities: [(String, String)] = [
      ("1e999999999999999999999", "\"priority\" 1e999999999999999999999 is out of range"),
      ("-1e-999999999999999999", "expected an integer for \"priority\""),
      (String(repeating: "9", count: 5000), "\"priority\" 9999"),
      ("\"" + String(repeating: "\\u0000", count: 1000) + "\"", "found string"),
      ("\"" + String(repeating: "\\uD83D\\uDE00", count: 1000) + "\"", "found string"),
    ]
    for (value, reason) in priorities {
      let text = #"{"items": [{"title": "T", "start": "2026-01-01", "priority": \#(value)}]}"#
      let error = outcome(Array(text.utf8))
      #expect(
        error?.message.contains(reason) == true, "\(value.prefix(30)): \(String(describing: error))"
      )
      #expect(error.map { $0.line == 1 && $0.column == 62 } == true)
    }
    // Minus zero with 5,000 zeros after the point is a whole number: priority 0.
    let zero =
      #"{"items": [{"title": "T", "start": "2026-01-01", "priority": -0.\#(String(repeating: "0", count: 5000))}]}"#
    #expect(
      try TimelineJSONReader.read(Array(zero.utf8), file: testFile).items.first?.priority == 0)
    let titles: [(String, String)] = [
      ("1e999999999999999999999", "expected a string for \"title\""),
      ("\"" + String(repeating: "\\u0000", count: 1000) + "\"", "U+0000"),
      ("\"" + String(repeating: "\\uD83D\\uDE00", count: 1000) + "\"", "invalid date"),
    ]
    for (value, reason) in titles {
      let text = #"{"items": [{"title": \#(value), "start": \#(value)}]}"#
      let error = outcome(Array(text.utf8))
      #expect(
        error?.message.contains(reason) == true, "\(value.prefix(30)): \(String(describing: error))"
      )
    }
  }
}
