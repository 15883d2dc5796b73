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
    for length in stride(from: 0, to: text.utf8.count, by: 3) {
      let cut = Array(text.utf8.prefix(length)) + Array("\"}]}".utf8)
      _ = outcome(cut)
    }
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
      _ = outcome(shorter)
    }
    // Mutations inside string contents and whitespace may leave a valid document.
    #expect(accepted > 0)
  }

  @Test func io4_hostileNumbersAndStringsNeverCrash() {
    let values = [
      "1e999999999999999999999", "-1e-999999999999999999", String(repeating: "9", count: 5000),
      "-" + String(repeating: "0", count: 1) + "." + String(repeating: "0", count: 5000),
      "\"" + String(repeating: "\\u0000", count: 1000) + "\"",
      "\"" + String(repeating: "\\uD83D\\uDE00", count: 1000) + "\"",
    ]
    for value in values {
      let text = #"{"items": [{"title": "T", "start": "2026-01-01", "priority": \#(value)}]}"#
      _ = outcome(Array(text.utf8))
      let asTitle = #"{"items": [{"title": \#(value), "start": \#(value)}]}"#
      _ = outcome(Array(asTitle.utf8))
    }
  }
}
