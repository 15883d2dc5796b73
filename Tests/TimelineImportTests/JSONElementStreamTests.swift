import Testing

@testable import TimelineImport

/// TL-11, CARD-5: a page of a long feed reads its cards as they are parsed, a batch at a
/// time, without holding them (``JSONElementStream``).
@Suite("TL-11 CARD-5 a streamed array")
struct JSONElementStreamTests {
  /// Parses `text`, streaming its top-level `cards` array in batches of at most `size`
  /// elements or `nodes` tape nodes; returns the document and, per batch, each element's
  /// `n` member and offset.
  func stream(_ text: String, size: Int, nodes: Int) throws -> (JSONValue, [[(Int, Int)]]) {
    var batches: [[(Int, Int)]] = []
    var stream = JSONElementStream(key: Array("cards".utf8), batchSize: size) { tape, cards in
      batches.append(
        cards.map { index in
          let card = JSONValue(borrowing: tape, index: index)
          return (Int(card["n"]?.numberText ?? "") ?? -1, card.offset)
        })
    }
    stream.batchNodes = nodes
    let bytes = Array(text.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    let root = try JSONParser.parse(
      taking: UnsafeBufferPointer(buffer), file: "feed.json", stream: stream)
    return (root, batches)
  }

  @Test func tl11_card5_aStreamedArrayComesInBatchesOfACountOrOfNodes() throws {
    // Ten cards of three nodes each (the object, its key and its number).
    let cards = (0..<10).map { #"{"n":\#($0)}"# }
    let text = #"{"cards":["# + cards.joined(separator: ",") + #"],"version":1}"#
    let offsets = cards.indices.map { index in
      10 + cards[..<index].reduce(0) { $0 + $1.utf8.count + 1 }
    }

    let (root, byCount) = try stream(text, size: 4, nodes: 1_000)
    #expect(byCount.map { $0.map(\.0) } == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
    #expect(byCount.flatMap { $0.map(\.1) } == offsets)
    // The document keeps the array's count, not its elements, and the members after it.
    #expect(root["cards"]?.count == 10 && root["cards"]?.isCollapsed == true)
    #expect(root["version"]?.numberText == "1")

    // Large elements go early: a batch is handed over once it takes 7 nodes (3 cards).
    let (_, byNodes) = try stream(text, size: 4, nodes: 7)
    #expect(byNodes.map { $0.map(\.0) } == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]])
  }

  @Test func tl11_anEmptyStreamedArrayHandsOverNothing() throws {
    let (root, batches) = try stream(#"{"cards":[]}"#, size: 4, nodes: 1_000)
    #expect(batches.isEmpty && root["cards"]?.count == 0)
  }
}
