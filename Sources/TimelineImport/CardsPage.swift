import TimelineCore

/// The cards of a JSON feed read for a page (see ``ImportOptions/cardsKept``) in one pass:
/// the parser streams them to it (``JSONElementStream``), so that a long feed's cards never
/// stand on the document's tape. Each batch is checked on every core, keeping nothing, and
/// where each card starts is noted. The first card that fails is set aside, not thrown: a
/// syntax error later in the text still comes first, and the mapper throws the card's error
/// where it reads the cards, exactly as when the whole feed is read. Which cards are kept
/// depends on how many there are, known only at the array's end, so the kept ones are
/// parsed a second time from where they start.
final class CardsPage {
  /// The cards to keep, given how many the feed has.
  let kept: @Sendable (_ count: Int) -> Range<Int>
  /// Where each card streamed so far starts in the text, in file order.
  private(set) var starts: [Int] = []
  private(set) var failure: DocumentError?

  /// Checks cards, keeping nothing.
  private let checker: TimelineJSONMapper

  /// `text` must outlive the page.
  init(
    text: UnsafeBufferPointer<UInt8>, file: String,
    kept: @escaping @Sendable (_ count: Int) -> Range<Int>
  ) {
    checker = TimelineJSONMapper(text: text, file: file)
    self.kept = kept
  }

  /// What the parser hands the `cards` array to; once a card failed, the others are only
  /// noted (the first failure in file order is the one reported).
  var stream: JSONElementStream {
    JSONElementStream(key: Array("cards".utf8), batchSize: 1_024) { tape, cards in
      for card in cards { self.starts.append(JSONValue(borrowing: tape, index: card).offset) }
      guard self.failure == nil else { return }
      nonisolated(unsafe) let checker = self.checker
      do throws(DocumentError) {
        try forEachChunk(count: cards.count, chunkSize: 128) { (_, range) throws(DocumentError) in
          for index in range {
            // A floating time's validity does not depend on the zone, which the document
            // may name after its cards: the kept cards' times are placed when they are mapped.
            let card = JSONValue(borrowing: tape, index: cards[index])
            _ = try checker.entry(card, keeping: false, in: .gmt)
          }
        }
      } catch {
        self.failure = error
      }
    }
  }
}
