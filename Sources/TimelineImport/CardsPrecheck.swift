import Foundation

/// Checks the cards of a long feed on another core while the parser reads the rest of the
/// text, so that checking the cards a page does not show costs little beyond parsing, and
/// parses again only the cards the page keeps.
///
/// The parser hands over the top-level `cards` array in batches (see ``JSONArrayWatch``).
/// A worker thread checks each card as strictly as ``TimelineJSONMapper/cards(_:)`` would,
/// keeping nothing, and notes the first card that fails: the one a pass in file order
/// would have met first. When the parse ends, the parsing thread checks the batches that
/// are left alongside the worker. The mapper then throws that card's error at the place
/// where it maps the cards (after the top-level keys it reads first), or maps the cards it
/// keeps from ``cards(in:)``.
final class CardsPrecheck: JSONArrayWatch, @unchecked Sendable {
  let key = Array("cards".utf8)
  let batchSize = 512

  private typealias Batch = (tape: JSONTape, elements: [Int], first: Int)

  /// Checks cards; only read.
  private let mapper: TimelineJSONMapper
  /// The text and its name, to parse kept cards again.
  private let text: UnsafeBufferPointer<UInt8>
  private let file: String
  /// Guards everything below.
  private let lock = NSLock()
  /// Batches received and not yet taken, from `next` on.
  private var batches: [Batch?] = []
  private var next = 0
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
  /// as they are parsed. The worker is a thread of its own, so that it runs whatever else
  /// waits for the shared queues.
  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    mapper = TimelineJSONMapper(text: text, file: file)
    self.text = text
    self.file = file
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
    return try JSONParser.parseValues(at: offsets, of: text, depth: 2, file: file)
  }

  func receive(_ tape: JSONTape, elements: [Int], starts: [Int], first: Int) {
    lock.withLock {
      batches.append((tape, elements, first))
      self.starts += starts
    }
    ready.signal()
  }

  func waitForBatch() { batchDone.wait() }

  func finish(parsed: Bool) {
    lock.withLock { self.parsed = parsed }
    ready.signal()
    checkBatches()
    stopped.wait()
  }

  /// Checks batches until none is left and the parse has ended, skipping those after a
  /// card that failed.
  private func checkBatches() {
    // Only checked, so any zone serves for floating times.
    let zone = TimeZone.gmt
    while let batch = nextBatch() {
      defer { batchDone.signal() }
      let failed = lock.withLock { firstFailure?.card ?? .max }
      guard failed > batch.first else { continue }
      for (offset, element) in batch.elements.enumerated() {
        let card = batch.first + offset
        do throws(DocumentError) {
          let value = JSONValue(borrowing: batch.tape, index: element)
          _ = try mapper.entry(value, keeping: false, in: zone)
        } catch {
          lock.withLock {
            if card < firstFailure?.card ?? .max { firstFailure = (card, error) }
          }
          break
        }
      }
    }
  }

  /// The next batch, waiting for the parser when it has none yet; `nil` when the parse has
  /// ended and none is left, or the parse failed.
  private func nextBatch() -> Batch? {
    while true {
      let (batch, ended) = lock.withLock { () -> (Batch?, Bool) in
        if parsed == false { return (nil, true) }
        guard next < batches.count else { return (nil, parsed != nil) }
        let batch = batches[next]
        batches[next] = nil
        next += 1
        return (batch, false)
      }
      if let batch { return batch }
      if ended { return nil }
      ready.wait()
    }
  }
}
