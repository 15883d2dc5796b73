import Foundation
import Testing
import TimelineCore

@testable import TimelineImport

/// A page of a long feed keeps only the cards it shows; the others are checked as strictly
/// as ever and counted (IO-4, CARD-5, TL-11).
@Suite("IO-4 CARD-5 TL-11 feeds read for a page")
struct KeptCardsTests {
  /// A card with every kind of field: feed header, header and footer, items with dates,
  /// statuses, icons, contents, a group, and an appearance.
  static func card(_ index: Int, _ flaw: String? = nil) -> String {
    var fields = [
      #""title":"Card \#(index)""#, #""subtitle":"Project""#,
      #""header":{"title":"Head \#(index)","subtitle":"h","content":"c"}"#, #""footer":"Foot""#,
      ##""appearance":{"background":"#fafafa","borderWidth":2,"itemShape":"diamond"}"##,
      #""items":[{"title":"Task \#(index)","subtitle":"st","icon":"bolt","content":"c","#
        + #""start":"2026-01-0\#(index % 9 + 1)T09:00:00Z","status":"open","#
        + #""children":[{"title":"Child","status":"completed","start":"2026-01-02"}]},"#
        + #"{"description":"Only a description","start":"2026-02-01"}]"#,
    ]
    switch flaw {
    case "card not an object": return "5"
    case "title a number": fields[0] = #""title":5"#
    case "title with NUL": fields[0] = #""title":"Card\u0000""#
    case "subtitle an array": fields[1] = #""subtitle":["x"]"#
    case "header a number": fields[2] = #""header":7"#
    case "header content a boolean": fields[2] = #""header":{"content":true}"#
    case "footer title null then a number": fields[3] = #""footer":{"title":null,"subtitle":1}"#
    case "bad color": fields[4] = #""appearance":{"background":"red"}"#
    case "bad size before bad color":
      fields[4] = #""appearance":{"borderWidth":99,"background":"red"}"#
    case "three margins": fields[4] = #""appearance":{"margins":[1,2,3]}"#
    case "no items": fields.removeLast()
    case "items an object": fields[5] = #""items":{}"#
    case "item title a number": fields[5] = #""items":[{"title":1}]"#
    case "item icon a number": fields[5] = #""items":[{"title":"t","icon":2}]"#
    case "item content an object": fields[5] = #""items":[{"content":{}}]"#
    case "item description a number": fields[5] = #""items":[{"description":3}]"#
    case "item without title or content": fields[5] = #""items":[{"start":"2026-01-01"}]"#
    case "item bad date": fields[5] = #""items":[{"title":"t","start":"2026-13-01"}]"#
    case "item unknown status": fields[5] = #""items":[{"title":"t","status":"done"}]"#
    case "children a number": fields[5] = #""items":[{"title":"t","children":4}]"#
    case "child title a number": fields[5] = #""items":[{"title":"t","children":[{"title":9}]}]"#
    case "children nested twice":
      fields[5] = #""items":[{"title":"t","children":[{"title":"c","children":[{"title":"g"}]}]}]"#
    case "duplicate key": fields.append(#""title":"again""#)
    default: break
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  static func feed(_ count: Int, flaws: [Int: String] = [:]) -> String {
    let cards = (0..<count).map { card($0, flaws[$0]) }
    return "{\"version\":1,\"items\":[],\"cards\":[\n" + cards.joined(separator: ",\n") + "\n]}"
  }

  static let flaws = [
    "card not an object", "title a number", "title with NUL", "subtitle an array",
    "header a number", "header content a boolean", "footer title null then a number",
    "bad color", "bad size before bad color", "three margins", "no items",
    "items an object", "item title a number", "item icon a number", "item content an object",
    "item description a number", "item without title or content", "item bad date",
    "item unknown status", "children a number", "child title a number", "children nested twice",
    "duplicate key",
  ]

  /// A file for this test run: the same name in every read, as errors name it.
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("kept-cards-\(UUID().uuidString).json")

  /// Reads `text` from `file`, keeping `kept` of its cards (all when `nil`).
  func read(_ text: String, kept: Range<Int>?) throws -> TimelineDocument {
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    var options = ImportOptions(
      window: ImportOptions.window(around: Date(timeIntervalSince1970: 0)))
    if let kept { options.cardsKept = { _ in kept } }
    return try DocumentReader.read(path: file.path, format: .json, options: options).document
  }

  @Test func tl11_card5_theKeptCardsAreTheWholeFeedsAndTheOthersAreCounted() throws {
    let text = Self.feed(10)
    let whole = try #require(try read(text, kept: nil).cards)
    let page = try #require(try read(text, kept: 3..<6).cards)
    #expect(page.entries == Array(whole.entries[3..<6]))
    #expect((page.cardsBefore, page.cardsAfter, page.totalCount) == (3, 4, 10))
    #expect(page.heldIndices == 3..<6)
    #expect(page.entry(at: 4) == whole.entries[4] && page.entry(at: 2) == nil)
    // Indices count in the whole feed: the page's window and a selection are the whole's.
    #expect(page.pageWindow(limit: 3, selecting: .elementSelected(card: 4, element: 0)) == 3..<6)
    #expect(CardEvent(path: "4/0/0", in: page) == CardEvent(path: "4/0/0", in: whole))
    #expect(CardEvent(path: "2/0", in: page) == nil)
    // A range past the end keeps what there is.
    let tail = try #require(try read(text, kept: 8..<20).cards)
    #expect(tail.entries == Array(whole.entries[8..<10]) && tail.cardsAfter == 0)
  }

  /// Each flaw, in a card before, inside and after the kept ones: the error is the whole
  /// read's, word for word and place for place; with two flawed cards, the first in the file.
  @Test(arguments: flaws)
  func io4_aCardThatIsNotKeptIsCheckedAsStrictly(flaw: String) throws {
    for flawed in [
      [1: flaw], [4: flaw], [8: flaw], [1: flaw, 4: flaw], [4: flaw, 8: "bad color"],
    ] {
      let text = Self.feed(10, flaws: flawed)
      var expected: DocumentError?
      do { _ = try read(text, kept: nil) } catch let error as DocumentError { expected = error }
      let whole = try #require(expected, "\(flaw) at \(flawed.keys.sorted())")
      #expect(throws: whole) { try read(text, kept: 3..<6) }
    }
  }

  /// The same in a longer feed, whose cards are checked as they are parsed, a batch at a
  /// time on every core: flaws near its start, in the middle and near the end, one in the
  /// kept cards, two at once (also in one batch, far enough apart to be checked on two
  /// cores); and a flaw that is not the first problem in the file.
  @Test(arguments: flaws)
  func io4_cardsCheckedDuringTheParseGiveTheWholeReadsError(flaw: String) throws {
    let count = 2_400
    for flawed in [
      [3: flaw], [1_300: flaw], [2_350: flaw], [2_350: flaw, 1_600: "bad color"],
      [1_100: flaw, 1_600: "bad color"],
    ] {
      let text = Self.feed(count, flaws: flawed)
      var expected: DocumentError?
      do { _ = try read(text, kept: nil) } catch let error as DocumentError { expected = error }
      let whole = try #require(expected, "\(flaw) at \(flawed.keys.sorted())")
      #expect(throws: whole) { try read(text, kept: 1_000..<1_200) }
    }
    // A problem after the cards comes first when it is in the text's syntax (a trailing
    // comma in the document or in the cards, the cards repeated), and after them when it is
    // in a key read before them (the version).
    let flawed = Self.feed(count, flaws: [5: flaw])
    for text in [
      String(flawed.dropLast()) + ",}",
      flawed.replacingOccurrences(of: "\n]}", with: ",\n]}"),
      String(flawed.dropLast()) + #","cards":[]}"#,
      flawed.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),
    ] {
      var expected: DocumentError?
      do { _ = try read(text, kept: nil) } catch let error as DocumentError { expected = error }
      let whole = try #require(expected)
      #expect(!whole.message.isEmpty)
      #expect(throws: whole) { try read(text, kept: 0..<10) }
    }
  }

  /// A header's or footer's members are checked in the file's order, like every other
  /// object's: the first wrong one is the error.
  @Test func io4_aHeadersFirstWrongMemberInTheFileIsTheError() throws {
    let text = #"{"items":[],"cards":[{"header":{"subtitle":1,"title":2},"items":[]}]}"#
    #expect(
      throws: DocumentError(
        file: file.path, line: 1, column: 44,
        message: #"expected a string for "subtitle", found number"#)
    ) {
      try read(text, kept: nil)
    }
  }

  /// A page's cards are the top-level `cards` member's, wherever it stands: a zone named
  /// after the cards places the kept cards' floating times, an escaped key names the same
  /// member, a `cards` member nested elsewhere is an ordinary value, and a page of an empty
  /// feed holds nothing.
  @Test func tl11_aPageReadsTheTopLevelCardsWhereverTheyStand() throws {
    let cards = (0..<6).map { Self.card($0) }.joined(separator: ",")
    let floating = #"{"items":[{"title":"Floating","start":"2026-03-01T09:00:00"}]}"#
    for text in [
      #"{"items":[],"cards":[\#(cards),\#(floating)],"timeZone":"Europe/Berlin"}"#,
      #"{"items":[],"extra":{"cards":[1,2]},"card\u0073":[\#(cards),\#(floating)]}"#,
    ] {
      let whole = try #require(try read(text, kept: nil).cards)
      let page = try #require(try read(text, kept: 4..<7).cards)
      #expect(page.entries == Array(whole.entries[4..<7]))
      #expect((page.cardsBefore, page.cardsAfter, page.totalCount) == (4, 0, 7))
    }
    let empty = try #require(try read(#"{"items":[],"cards":[]}"#, kept: 0..<10).cards)
    #expect(empty.entries.isEmpty && empty.totalCount == 0)
  }

  @Test func tl11_aLongFeedCheckedDuringTheParseKeepsTheSameCards() throws {
    let text = Self.feed(2_400)
    let whole = try #require(try read(text, kept: nil).cards)
    for kept in [0..<1_000, 1_400..<2_400, 2_399..<2_400] {
      let page = try #require(try read(text, kept: kept).cards)
      #expect(page.entries == Array(whole.entries[kept]))
      #expect((page.cardsBefore, page.totalCount) == (kept.lowerBound, 2_400))
    }
  }
}
