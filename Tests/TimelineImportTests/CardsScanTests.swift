import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineImport

/// The cards a page does not show are checked straight from the text (``CardsScan``): the
/// scan may be unsure of a valid card, which is then read the full way, but it never
/// accepts a card the full read refuses (IO-4, CARD-5, TL-11).
@Suite("IO-4 CARD-5 TL-11 cards checked from the text")
struct CardsScanTests {
  typealias Feed = KeptCardsTests

  /// Whether the scan accepts the JSON array `array` of cards whole.
  static func scanAccepts(_ array: String) -> Bool {
    let bytes = Array(array.utf8)
    return bytes.withUnsafeBufferPointer { text in
      var scan = CardsScan(text: text, maxDepth: JSONParser.defaultMaxDepth)
      return scan.cards(from: 1, depth: 2) == .closed(end: text.count)
    }
  }

  /// Whether a feed whose cards are `array` reads without error, every card checked.
  static func readAccepts(_ array: String) -> Bool {
    let text = #"{"version":1,"items":[],"cards":"# + array + "}"
    return (try? TimelineJSONReader.read(Array(text.utf8), file: "feed.json")) != nil
  }

  /// Cards the full read accepts, in the shapes feeds use, and near misses it refuses that
  /// only a byte or a key tells apart.
  static let accepted = [
    #"{"items":[]}"#, #"{"title":null,"items":[{"content":"c"}]}"#,
    #"{"header":{"title":"t","other":[1,{"a":null}]},"items":[{"description":"d"}]}"#,
    #"{"items":[{"title":"t","start":"2026-02-01T10:00:00+02:00","status":"inProgress"}]}"#,
    #"{"items":[{"title":"t","start":"2026-02-01T10:00:00","children":[{"title":"c","children":[]}]}]}"#,
    #"{"appearance":{"margins":[0,1.5,2e1,200],"itemShape":"square","borderWidth":-0},"items":[]}"#,
    #"{"title":"\u00e9\ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t","items":[],"x":-1.5e-3}"#,
    " {\n\t\"items\" : [ ] , \"footer\" : \"f\" } ",
    // Keys that a known name begins or ends: others, ignored whatever their value.
    #"{"titles":1,"titl":[],"items":[{"title":"t","statuses":5,"stat":null,"xstart":{}}]}"#,
    #"{"items":[{"title":"t","status":"completed","start":"2026-02-01T10:00:00.5Z"}]}"#,
  ]
  static let refused = [
    #"{"items":null}"#, #"{"items":[],"items":[]}"#, #"{"x":1,"x":2,"items":[]}"#,
    #"{"items":[{"title":"t","status":"Open"}]}"#,
    #"{"items":[{"title":"t","start":"2026-02-30"}]}"#,
    #"{"items":[{"title":"t","children":[{"title":"c","children":[{"title":"g"}]}]}]}"#,
    #"{"items":[{"start":"2026-01-01"}]}"#, #"{"items":[{"title":"t","icon":null,"icon":"x"}]}"#,
    #"{"appearance":{"margins":[0,1,2]},"items":[]}"#,
    #"{"appearance":{"borderWidth":16.5},"items":[]}"#,
    #"{"appearance":{"itemShape":"star"},"items":[]}"#,
    ##"{"appearance":{"background":"#12345g"},"items":[]}"##,
    #"{"appearance":{"margins":[0,1,2,null]},"items":[]}"#,
    #"{"title":"\ud800","items":[]}"#, #"{"title":"\x","items":[]}"#, #"{"title":1,"items":[]}"#,
    #"{"header":{"content":true},"items":[]}"#, #"{"items":[],}"#, #"{"items":[01]}"#,
    #"{"items":[{"title":"t"}],"z":tru}"#, "{\"title\":\"tab\there\",\"items\":[]}",
    "{\"title\":\"\u{FFFD}\",\"items\":[],\"y\":\"\\u00\"}",
    #"{"items":[{"title":"t","status":"opened"}]}"#, #"{"items":[{"title":"t","status":"ope"}]}"#,
    #"{"items":[{"title":"t","start":"2026-02-01T10:00:00Zx"}]}"#,
    #"{"items":[{"title":"t","start":"2026-02-31T10:00:00Z"}]}"#,
  ]

  @Test func io4_theScanAcceptsTheCardsFeedsUse() {
    for card in Self.accepted + [Feed.card(7)] {
      #expect(Self.readAccepts("[\(card)]"), "\(card)")
      #expect(Self.scanAccepts("[\(card)]"), "\(card)")
    }
    #expect(Self.scanAccepts("[]") && Self.scanAccepts("[\(Feed.card(1)),\(Feed.card(2))]"))
  }

  /// Every flaw the full read refuses, and near misses, leave the scan unsure.
  @Test func io4_theScanAcceptsNoCardTheReadRefuses() {
    for card in Self.refused + Feed.flaws.map({ Feed.card(3, $0) }) {
      #expect(!Self.readAccepts("[\(card)]"), "\(card)")
      #expect(!Self.scanAccepts("[\(card)]"), "\(card)")
    }
    // Nesting past the parse's limit.
    let bytes = Array(#"[{"items":[],"x":[[[]]]}]"#.utf8)
    bytes.withUnsafeBufferPointer { text in
      var deep = CardsScan(text: text, maxDepth: 4)
      var shallow = CardsScan(text: text, maxDepth: 5)
      #expect(deep.cards(from: 1, depth: 1) == nil)
      #expect(shallow.cards(from: 1, depth: 1) == .closed(end: text.count))
    }
  }

  /// Thousands of random edits of a feed's cards: whenever the scan accepts the result, so
  /// does the full read.
  @Test func io4_editedCardsTheScanAcceptsAreAllValid() {
    let base = Array(("[" + (0..<6).map { Feed.card($0) }.joined(separator: ",") + "]").utf8)
    let pieces = [
      "null", "1", "-0", "01", "[]", "{}", "\"x\"", "\\u", "\\ud800", "\"items\":",
      "\"title\":1,", "\"status\":\"done\"", "\"start\":\"2026-02-30\"", "\"children\":[{}]",
      "\"borderWidth\":17", "\"margins\":[1,2]", "\"itemShape\":\"star\"", "\"a\":1,\"a\":2",
      "é", "\u{7}", "\\\"", "1e999", "\"titles\":", "s", "Z", "\"statu\":",
    ].map { Array($0.utf8) }
    let bytes = Array("\"{}[],:\\ ntfurle0123456789.-+#aE".utf8) + [0x80, 0xC3, 0xFF, 0xED]
    var random = SeededGenerator(seed: 13)
    func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
    var acceptedEdits = 0
    for _ in 0..<3_000 {
      var text = base
      for _ in 0...below(3) {
        let at = 1 + below(text.count - 2)
        switch below(4) {
        case 0: text[at] = bytes[below(bytes.count)]
        case 1: text.removeSubrange(at..<min(text.count - 1, at + 1 + below(6)))
        case 2: text.insert(contentsOf: pieces[below(pieces.count)], at: at)
        default: text.insert(bytes[below(bytes.count)], at: at)
        }
      }
      let array = String(decoding: text, as: UTF8.self)
      guard text.elementsEqual(array.utf8), Self.scanAccepts(array) else { continue }
      acceptedEdits += 1
      #expect(Self.readAccepts(array), "\(array)")
    }
    // Some edits keep the cards valid (in a string, say): the property was put to work.
    #expect(acceptedEdits > 100)
  }

  /// A long array is scanned in two halves, the second from a guessed card start that the
  /// first confirms; a guess that is really an item passes to the first half alone.
  @Test func tl11_aLongArrayIsScannedInTwoHalves() throws {
    for itemsReadAsCards in [false, true] {
      var text = Feed.feed(5_000)
      if itemsReadAsCards {
        text = text.replacingOccurrences(of: #""title":"Child""#, with: #""title":"C","items":[]"#)
      }
      #expect(text.utf8.count >= 2 << 20)
      let bytes = Array(text.utf8)
      let start = try #require(text.range(of: #""cards":["#)).upperBound.utf16Offset(in: text)
      try bytes.withUnsafeBufferPointer { text in
        let scan = CardsScan(text: text, maxDepth: JSONParser.defaultMaxDepth)
        let middle = try #require(scan.middleCard(after: start, depth: 2))
        #expect(middle > text.count / 2 && text[middle] == UInt8(ascii: "{"))
        let precheck = CardsPrecheck(
          text: text, file: "feed.json", maxDepth: JSONParser.defaultMaxDepth)
        let scanned = precheck.scanArray(from: start, depth: 2)
        precheck.finish(parsed: true)
        let end = try #require(text.lastIndex(of: UInt8(ascii: "]"))) + 1
        #expect(scanned?.end == end && scanned?.count == 5_000 && precheck.checkedCount == 5_000)
        let (tape, indices) = try precheck.cards(in: 4_998..<5_000)
        #expect(indices.map { JSONValue(borrowing: tape, index: $0).type } == [.object, .object])
      }
    }
  }

  /// End to end, a feed long enough to be scanned in two halves keeps the whole read's
  /// cards, and a flaw in either half (or in both) gives the whole read's error.
  @Test(arguments: ["item bad date", "duplicate key", "bad color", "children nested twice"])
  func io4_aFlawInEitherHalfOfALongFeedGivesTheWholeReadsError(flaw: String) throws {
    let reader = KeptCardsTests()
    for flawed in [[100: flaw], [4_000: flaw], [4_900: flaw, 2_600: "item unknown status"]] {
      let text = Feed.feed(5_000, flaws: flawed)
      var expected: DocumentError?
      do { _ = try reader.read(text, kept: nil) } catch let error as DocumentError {
        expected = error
      }
      let whole = try #require(expected, "\(flaw) at \(flawed.keys.sorted())")
      #expect(throws: whole) { try reader.read(text, kept: 3_000..<3_100) }
    }
    let text = Feed.feed(5_000)
    let whole = try #require(try reader.read(text, kept: nil).cards)
    for kept in [0..<10, 2_495..<2_505, 4_990..<5_000] {
      let page = try #require(try reader.read(text, kept: kept).cards)
      #expect(page.entries == Array(whole.entries[kept]) && page.totalCount == 5_000)
    }
  }

  /// A guess in the middle that is not a card of the array (here, one of many card-shaped
  /// objects in the last card's unknown member) leaves the first half to go on alone, and
  /// it still refuses what the parser refuses, such as a comma before the closing `]`.
  @Test func io4_aWrongGuessStillRefusesATrailingComma() throws {
    let card = #"{"items":[{"title":"t"}]}"#
    let many = Array(repeating: card, count: 43_000).joined(separator: ",")
    let last = #"{"items":[{"title":"t"}],"pad":[{},"# + many + "]}"
    let reader = KeptCardsTests()
    for (closing, valid) in [("]", true), (",]", false)] {
      let text = #"{"items":[],"cards":["# + many + "," + last + closing + "}"
      #expect(text.utf8.count >= 2 << 20)
      if valid {
        #expect(try reader.read(text, kept: 0..<2).cards?.totalCount == 43_001)
        continue
      }
      var expected: DocumentError?
      do { _ = try reader.read(text, kept: nil) } catch let error as DocumentError {
        expected = error
      }
      let whole = try #require(expected)
      #expect(whole.message.contains("trailing commas are not allowed"))
      #expect(throws: whole) { try reader.read(text, kept: 0..<2) }
    }
  }
}
