import Testing
import TimelineImport

/// IO-4: the JSON layer is strict RFC 8259 and reports every problem at its line and
/// column instead of crashing.
@Suite struct JSONParserTests {
  @Test func io4_valuesKeepTheirOffsetsAndContents() throws {
    let text = #"{"a": [1, -2.5e3, true, false, null], "b": "x\ny", "c": {}}"#
    let root = try JSONParser.parse(Array(text.utf8), file: testFile)
    #expect(root.type == .object && root.offset == 0 && root.count == 3)
    let members = try #require(root.members)
    #expect(members.map(\.key) == ["a", "b", "c"])
    #expect(members.map(\.keyOffset) == [1, 38, 51])
    let array = try #require(root["a"]?.elements)
    #expect(array.map(\.offset) == [7, 10, 18, 24, 31])
    #expect(array.map(\.typeName) == ["number", "number", "boolean", "boolean", "null"])
    #expect(array[1].numberText == "-2.5e3")
    #expect(array[2].boolValue == true && array[3].boolValue == false && array[4].isNull)
    #expect(root["b"]?.stringValue == "x\ny")
    #expect(root["c"]?.members?.isEmpty == true)
    #expect(root["missing"] == nil)
    guard case .number(let text) = array[0].kind else {
      Issue.record("expected a number")
      return
    }
    #expect(text == "1")
  }

  @Test func io4_escapesAndSurrogatePairsDecode() throws {
    let text = #"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC", "\uD83D\uDE00", "a\u0000b", "é😀"]"#
    let strings = try #require(JSONParser.parse(Array(text.utf8), file: testFile).elements)
    #expect(
      strings.compactMap(\.stringValue) == ["\"\\/\u{8}\u{C}\n\r\t", "é€", "😀", "a\u{0}b", "é😀"])
  }

  @Test func io4_stringsWithEscapesLeaveTheInputAsItWas() throws {
    // Thousands of decoded strings between plain ones, keys among them: every one reads
    // back, and an error after them is placed on the input as written (an escaped newline
    // is not a line, an escaped "é" is six columns).
    let count = 3_000
    let elements = (0..<count).map { index in
      #"{"k\u00e9y\#(index)": "line\n\#(index)\u00e9", "plain": "p\#(index)"}"#
    }
    let text = "[" + elements.joined(separator: ", ") + "]"
    let values = try #require(JSONParser.parse(Array(text.utf8), file: testFile).elements)
    #expect(values.count == count)
    for (index, value) in values.enumerated() {
      #expect(value["kéy\(index)"]?.stringValue == "line\n\(index)é")
      #expect(value.members?.first?.key == "kéy\(index)")
      #expect(value["plain"]?.stringValue == "p\(index)")
    }
    let broken = #"{"a\n": "\u00e9\n\t", "b": tru}"#
    #expect(parseError(broken) == #"doc.json:1:28: expected "true""#)
    #expect(
      parseError(#"{"\u00e9": 1, "\u00e9": 2}"#)
        == #"doc.json:1:15: duplicate key "é" (first used at 1:2)"#)
  }

  @Test func io4_syntaxErrorsSayWhatWasExpected() {
    let cases: [(text: String, error: String)] = [
      ("", "1:1: unexpected end of input; expected a JSON value"),
      ("  \n ", "2:2: unexpected end of input; expected a JSON value"),
      ("{\n  \"a\": 1\n  \"b\": 2\n}", #"3:3: expected "," or "}" after object member"#),
      (#"{"a": 1,}"#, #"1:9: expected a string key after ","; trailing commas are not allowed"#),
      ("[1, 2,]", #"1:7: expected a JSON value after ","; trailing commas are not allowed"#),
      ("[1 2]", #"1:4: expected "," or "]" after array element"#),
      (#"{"a" 1}"#, #"1:6: expected ":" after object key"#),
      ("{1: 2}", "1:2: expected a string key in double quotes"),
      ("{'a': 2}", "1:2: expected a string key in double quotes"),
      ("// comment\n{}", "1:1: expected a JSON value"),
      ("{} /* comment */", "1:4: expected end of input after the JSON value"),
      ("[NaN]", "1:2: expected a JSON value"),
      ("[Infinity]", "1:2: expected a JSON value"),
      ("[01]", "1:2: expected a number without leading zeros"),
      ("[-01]", "1:2: expected a number without leading zeros"),
      ("[-]", #"1:3: expected a digit after "-""#),
      ("[1.]", #"1:4: expected a digit after ".""#),
      ("[1e]", "1:4: expected a digit in the exponent"),
      ("[1e+]", "1:5: expected a digit in the exponent"),
      ("[.5]", "1:2: expected a JSON value"),
      ("[+1]", "1:2: expected a JSON value"),
      ("[tru]", #"1:2: expected "true""#),
      ("[True]", "1:2: expected a JSON value"),
      ("[nul", #"1:5: unexpected end of input; expected "null""#),
      ("{} {}", "1:4: expected end of input after the JSON value"),
      ("[\"é\", x]", "1:7: expected a JSON value"),
    ]
    for (text, error) in cases {
      #expect(parseError(text) == "doc.json:\(error)", "\(text)")
    }
  }

  @Test func io4_stringErrors() {
    let cases: [(text: String, error: String)] = [
      (
        "\n  \"abc",
        #"2:3: unexpected end of input; expected a closing " for the string that starts here"#
      ),
      (#"["a\x"]"#, #"1:4: invalid escape; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#),
      (#"["\u12G4"]"#, #"1:3: expected four hex digits after "\u""#),
      ("[\"a\tb\"]", #"1:4: control character 0x09 in a string; expected it escaped, e.g. \n"#),
      ("[\"a\nb\"]", #"1:4: control character 0x0A in a string; expected it escaped, e.g. \n"#),
    ]
    for (text, error) in cases {
      #expect(parseError(text) == "doc.json:\(error)", "\(text)")
    }
  }

  @Test func io4_loneSurrogatesAreErrors() {
    let high = #"1:3: lone surrogate \uD83D; expected a low surrogate \uDC00...\uDFFF after it"#
    #expect(parseError(#"["\uD83D"]"#) == "doc.json:\(high)")
    #expect(parseError(#"["\uD83Dx"]"#) == "doc.json:\(high)")
    #expect(parseError(#"["\uD83D\u0041"]"#) == "doc.json:\(high)")
    #expect(parseError(#"["\uD83D\uD83D"]"#) == "doc.json:\(high)")
    #expect(
      parseError(#"["x\uDE00"]"#)
        == #"doc.json:1:4: lone low surrogate \uDE00; expected a high surrogate before it"#)
  }

  @Test func io4_duplicateKeysAreErrors() {
    let text = """
      {
        "a": 1,
        "b": 2,
        "a": 3
      }
      """
    #expect(parseError(text) == #"doc.json:4:3: duplicate key "a" (first used at 2:3)"#)
    // Keys are compared after decoding escapes.
    #expect(
      parseError(#"{"a": 1, "\u0061": 2}"#)
        == #"doc.json:1:10: duplicate key "a" (first used at 1:2)"#)
    // Large objects switch to hashing; the repeat is still found.
    let members = (0..<100).map { #""k\#($0)": \#($0)"# } + [#""k42": 0"#]
    let large = "{" + members.joined(separator: ", ") + "}"
    #expect(parseError(large) == #"doc.json:1:1082: duplicate key "k42" (first used at 1:444)"#)
    // Distinct keys with equal signatures are not confused.
    let distinct = "{" + (0..<11).map { #""\#($0)x\#($0)": 1"# }.joined(separator: ",") + "}"
    #expect(parseError(distinct) == nil)
  }

  @Test func io4_invalidUTF8IsReportedAtItsLocation() {
    func bytes(_ before: String, _ bad: [UInt8], _ after: String) -> [UInt8] {
      Array(before.utf8) + bad + Array(after.utf8)
    }
    #expect(parseError(bytes("[\"a", [0xFF], "\"]")) == "doc.json:1:4: invalid UTF-8 byte 0xFF")
    #expect(parseError(bytes("[\n\"é", [0xFE], "\"]")) == "doc.json:2:3: invalid UTF-8 byte 0xFE")
    // An overlong encoding of "/".
    #expect(
      parseError(bytes("[\"a", [0xC0, 0xAF], "\"]")) == "doc.json:1:4: invalid UTF-8 byte 0xC0")
    #expect(
      parseError(bytes("[\"a", [0xE0, 0x80, 0xAF], "\"]"))
        == "doc.json:1:4: invalid UTF-8: overlong, surrogate or out-of-range sequence starting with byte 0xE0"
    )
    // An encoded surrogate and a code point beyond U+10FFFF.
    #expect(
      parseError(bytes("[\"", [0xED, 0xA0, 0x80], "\"]"))?.hasPrefix("doc.json:1:3: invalid UTF-8")
        == true)
    #expect(
      parseError(bytes("[\"", [0xF4, 0x90, 0x80, 0x80], "\"]"))?.hasPrefix(
        "doc.json:1:3: invalid UTF-8") == true)
    // Truncated sequences, inside a string and at the end of the input.
    #expect(
      parseError(bytes("[\"a", [0xE2, 0x82], "\"]"))
        == "doc.json:1:4: invalid UTF-8: incomplete sequence starting with byte 0xE2")
    #expect(
      parseError(bytes("[\"a", [0xF0, 0x9F, 0x98], ""))
        == "doc.json:1:4: invalid UTF-8: incomplete sequence starting with byte 0xF0")
    // A stray continuation byte, and invalid bytes outside strings.
    #expect(parseError(bytes("[\"a", [0x80], "\"]")) == "doc.json:1:4: invalid UTF-8 byte 0x80")
    #expect(parseError(bytes("[1, ", [0xFF], "]")) == "doc.json:1:5: invalid UTF-8 byte 0xFF")
    #expect(readError(bytes("{\"items\": [], \"x\": \"", [0xC3], "\"}")) != nil)
  }

  @Test func io4_deepNestingIsAnErrorNotACrash() {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    #expect(parseError(deep) == "doc.json:1:129: nesting deeper than 128 levels")
    let objects = String(repeating: #"{"a":"#, count: 200)
    #expect(parseError(objects) == "doc.json:1:641: nesting deeper than 128 levels")
    #expect(readError(Array(objects.utf8)) == "doc.json:1:641: nesting deeper than 128 levels")
    let deepest = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
    #expect(parseError(deepest) == nil)
  }

  @Test func io4_integerConversionIsExact() {
    #expect(JSONNumber.integer("0") == .value(0))
    #expect(JSONNumber.integer("-0") == .value(0))
    #expect(JSONNumber.integer("42") == .value(42))
    #expect(JSONNumber.integer("4.20e1") == .value(42))
    #expect(JSONNumber.integer("4200e-2") == .value(42))
    #expect(JSONNumber.integer("0.0e99999999999999999999") == .value(0))
    #expect(JSONNumber.integer("9223372036854775807") == .value(Int.max))
    #expect(JSONNumber.integer("-9223372036854775808") == .value(Int.min))
    #expect(JSONNumber.integer("9223372036854775808") == .outOfRange)
    #expect(JSONNumber.integer("1e19") == .outOfRange)
    #expect(JSONNumber.integer("1e99999999999999999999") == .outOfRange)
    #expect(JSONNumber.integer("2.5") == .notInteger)
    #expect(JSONNumber.integer("1e-99999999999999999999") == .notInteger)
    #expect(JSONNumber.integer("abc") == .notInteger)
    #expect(JSONNumber.integer("") == .notInteger)
  }

  @Test func io4_sourceLocationsCountScalars() {
    let bytes = Array("a\tb\r\nc\rdé😀x".utf8)
    #expect(SourceLocation(offset: 0, in: bytes) == SourceLocation(line: 1, column: 1))
    #expect(SourceLocation(offset: 2, in: bytes).description == "1:3")
    #expect(SourceLocation(offset: 5, in: bytes).description == "2:1")
    #expect(SourceLocation(offset: 7, in: bytes).description == "3:1")
    #expect(SourceLocation(offset: bytes.count - 1, in: bytes).description == "3:4")
    #expect(SourceLocation(offset: 10_000, in: bytes).description == "3:5")
    #expect(SourceLocation(offset: -5, in: bytes).description == "1:1")
  }
}
