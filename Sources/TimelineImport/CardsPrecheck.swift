import Foundation

/// Checks the cards of a long feed on another core while the parser reads the rest of the
/// text, so that checking the cards a page does not show costs little beyond parsing, and
/// parses again only the cards the page keeps.
///
/// The parser hands over the top-level `cards` array in batches (see ``JSONArrayWatch``).
/// A worker thread checks each card as strictly as ``TimelineJSONMapper/cards(_:)`` would,
/// keeping nothing, and notes the first card that fails: the one a pass in file order
/// would have met first. The parsing thread checks batches too: whenever it would wait for
/// a batch's tape to reuse it, and those left when the parse ends. The mapper then throws
/// that card's error at the place where it maps the cards (after the top-level keys it
/// reads first), or maps the cards it keeps from ``cards(in:)``.
final class CardsPrecheck: JSONArrayWatch, @unchecked Sendable {
  let key = Array("cards".utf8)
  let batchSize = 512

  /// A batch of cards: its tape, the cards' indices on it, the number of its first card,
  /// and its own number in the order received.
  private typealias Batch = (tape: JSONTape, elements: [Int], first: Int, number: Int)

  /// Checks cards; only read.
  private let mapper: TimelineJSONMapper
  /// The zone of floating times: any serves, since cards are only checked.
  private let zone = TimeZone.gmt
  /// The text, its name and the parse's nesting limit, to parse kept cards again.
  private let text: UnsafeBufferPointer<UInt8>
  private let file: String
  private let maxDepth: Int
  /// Guards everything below.
  private let lock = NSLock()
  /// Batches received and not yet taken, from `next` on.
  private var batches: [Batch?] = []
  private var next = 0
  /// Which batches are done with, and how many the parser has waited for.
  private var done: [Bool] = []
  private var waited = 0
  /// Where each card received starts in the text.
  private var starts: [Int] = []
  private var parsed: Bool?
  private var firstFailure: (card: Int, error: DocumentError)?
  /// Signalled for each batch received and when the parse ends.
  private let ready = DispatchSemaphore(value: 0)
  /// Signalled for each batch done with, checked or not.
  private let batchDone = DispatchSemaphore(value: 0)
  /// Signalled when the worker stops.
  private let stopped = DispatchSemaphore(value: 0)

  /// Starts a worker checking the cards of the JSON text `text` (named `file` in errors)
  /// as they are parsed with containers nested up to `maxDepth`. The worker is a thread
  /// of its own, so that it runs whatever else waits for the shared queues.
  init(text: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int) {
    mapper = TimelineJSONMapper(text: text, file: file)
    self.text = text
    self.file = file
    self.maxDepth = maxDepth
    let worker = Thread { [self] in
      checkBatches()
      stopped.signal()
    }
    worker.start()
  }

  /// How many cards were checked: all of the array when the text was valid.
  var checkedCount: Int { lock.withLock { parsed == true ? starts.count : 0 } }

  /// The error of the first card that fails, if one does.
  var failure: DocumentError? { lock.withLock { firstFailure?.error } }

  /// The cards numbered `range`, parsed again from the text: a tape that holds them (it
  /// must not outlive the text) and each card's index on it.
  func cards(in range: Range<Int>) throws(DocumentError) -> (tape: JSONTape, indices: [Int]) {
    let offsets = lock.withLock { Array(starts[range]) }
    // A card is an element of the array that is the value of a top-level member.
    return try JSONParser.parseValues(
      at: offsets, of: text, depth: 2, maxDepth: maxDepth, file: file)
  }

  func receive(_ tape: JSONTape, elements: [Int], starts: [Int], first: Int) {
    lock.withLock {
      batches.append((tape, elements, first, batches.count))
      done.append(false)
      self.starts += starts
    }
    ready.signal()
  }

  /// Waits for the oldest batch not waited for yet, checking the next ones meanwhile when
  /// the worker has not taken them: the parser never idles while cards wait.
  func waitForBatch() {
    let awaited = lock.withLock {
      waited += 1
      return waited - 1
    }
    while true {
      let (finished, batch) = lock.withLock { () -> (Bool, Batch?) in
        done[awaited] ? (true, nil) : (false, takeBatch())
      }
      if finished { return }
      if let batch { check(batch) } else { batchDone.wait() }
    }
  }

  func finish(parsed: Bool) {
    lock.withLock { self.parsed = parsed }
    ready.signal()
    checkBatches()
    stopped.wait()
  }

  /// Checks batches until none is left and the parse has ended.
  private func checkBatches() {
    while let batch = nextBatch() { check(batch) }
  }

  /// Checks the cards of `batch`, unless a card before them failed, up to the first that
  /// fails, and marks the batch done.
  private func check(_ batch: Batch) {
    defer {
      lock.withLock { done[batch.number] = true }
      batchDone.signal()
    }
    let failed = lock.withLock { firstFailure?.card ?? .max }
    guard failed > batch.first else { return }
    for (offset, element) in batch.elements.enumerated() {
      let card = batch.first + offset
      do throws(DocumentError) {
        let value = JSONValue(borrowing: batch.tape, index: element)
        _ = try mapper.entry(value, keeping: false, in: zone)
      } catch {
        lock.withLock {
          if card < firstFailure?.card ?? .max { firstFailure = (card, error) }
        }
        return
      }
    }
  }

  /// The next batch not taken yet, if any; the lock is held.
  private func takeBatch() -> Batch? {
    guard next < batches.count else { return nil }
    let batch = batches[next]
    batches[next] = nil
    next += 1
    return batch
  }

  /// The next batch, waiting for the parser when it has none yet; `nil` when the parse has
  /// ended and none is left, or the parse failed.
  private func nextBatch() -> Batch? {
    while true {
      let (batch, ended) = lock.withLock { () -> (Batch?, Bool) in
        if parsed == false { return (nil, true) }
        let batch = takeBatch()
        return (batch, batch == nil && parsed != nil)
      }
      if let batch { return batch }
      if ended { return nil }
      ready.wait()
    }
  }
}
