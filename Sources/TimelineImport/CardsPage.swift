import Foundation
import TimelineCore

/// The cards of a JSON feed read for a page (see ``ImportOptions/cardsKept``), in one pass:
/// the parser streams the top-level `cards` array to it a batch at a time (see
/// ``JSONElementStream``), so a long feed's cards never stand on the document's tape.
///
/// Each batch is checked on every core by the mapper that maps the kept cards, keeping
/// nothing, and where each card starts is noted. The first card that fails is set aside,
/// not thrown: a syntax error later in the text still comes first, and the mapper throws
/// the card's error where it reads the cards, exactly as when the whole feed is read.
/// Which cards are kept depends on how many there are, known only at the array's end, so
/// the kept ones are parsed a second time from where they start (``cards(in:)``).
final class CardsPage {
  /// The cards to keep, given how many the feed has.
  let kept: @Sendable (_ count: Int) -> Range<Int>
  /// Where each card streamed so far starts in the text, in file order.
  private(set) var starts: [Int] = []
  /// The error of the first card that fails, if one does.
  private(set) var failure: DocumentError?

  /// Checks cards, keeping nothing; its text and file name serve to parse the kept cards
  /// again.
  private let checker: TimelineJSONMapper
  private let maxDepth: Int

  /// The cards of `text`, parsed with `maxDepth`, of which `kept` chooses those to keep.
  /// `text` must outlive the page.
  init(
    text: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int,
    kept: @escaping @Sendable (_ count: Int) -> Range<Int>
  ) {
    checker = TimelineJSONMapper(text: text, file: file)
    self.maxDepth = maxDepth
    self.kept = kept
  }

  /// What the parser hands the `cards` array to.
  var stream: JSONElementStream {
    JSONElementStream(key: Array("cards".utf8), batchSize: 1_024) { tape, cards in
      self.take(cards, on: tape)
    }
  }

  /// Notes where each of `cards` (indices on `tape`) starts and checks them, unless an
  /// earlier card failed: only the first failure in file order is reported.
  private func take(_ cards: [Int], on tape: JSONTape) {
    for card in cards { starts.append(JSONValue(borrowing: tape, index: card).offset) }
    guard failure == nil else { return }
    nonisolated(unsafe) let checker = checker
    do throws(DocumentError) {
      try forEachChunk(count: cards.count, chunkSize: 128) { (_, range) throws(DocumentError) in
        for index in range {
          // Whether a floating time is valid does not depend on the zone, which the
          // document may name after its cards: the kept cards' times are placed when they
          // are mapped.
          let card = JSONValue(borrowing: tape, index: cards[index])
          _ = try checker.entry(card, keeping: false, in: .gmt)
        }
      }
    } catch {
      failure = error
    }
  }

  /// The cards numbered `range`, parsed again: a tape (which must not outlive the text)
  /// and each card's index on it.
  func cards(in range: Range<Int>) throws(DocumentError) -> (tape: JSONTape, indices: [Int]) {
    // A card is an element of the array that is the value of a top-level member.
    try JSONParser.parseValues(
      at: Array(starts[range]), of: checker.text, depth: 2, maxDepth: maxDepth, file: checker.file)
  }
}
