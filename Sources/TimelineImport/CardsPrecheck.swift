import Foundation

/// Checks the cards of a long feed on another core while the parser reads the rest of the
/// text, so that checking the cards a page does not show costs little beyond parsing.
///
/// The parser hands over the top-level `cards` array in batches (see ``JSONArrayWatch``).
/// A worker checks each card as strictly as ``TimelineJSONMapper/cards(_:)`` would,
/// keeping nothing, and stops at the first card that fails: the one a pass in file order
/// would have met first. When the parse ends, the parsing thread checks the batches that
/// are left alongside the worker. The mapper then throws that card's error at the place
/// where it maps the cards (after the top-level keys it reads first), or maps only the
/// cards it keeps.
final class CardsPrecheck: JSONArrayWatch, @unchecked Sendable {
  let key = Array("cards".utf8)
  let batchSize = 512

  /// Checks cards; only read.
  private let mapper: TimelineJSONMapper
  /// Guards everything below.
  private let lock = NSLock()
  /// Batches received and not yet taken, from `next` on.
  private var batches: [(tape: JSONTape, elements: [Int], first: Int)?] = []
  private var next = 0
  private var received = 0
  private var parsed: Bool?
  private var firstFailure: (card: Int, error: DocumentError)?
  /// Signalled for each batch received and when the parse ends.
  private let ready = DispatchSemaphore(value: 0)
  /// Signalled when the worker stops.
  private let stopped = DispatchSemaphore(value: 0)

  /// Starts a worker checking the cards of the JSON text `text` (named `file` in errors)
  /// as they are parsed.
  init(text: UnsafeBufferPointer<UInt8>, file: String) {
    mapper = TimelineJSONMapper(text: text, file: file)
    DispatchQueue.global().async { [self] in
      checkBatches()
      stopped.signal()
    }
  }

  /// How many cards were checked: all of the array when the text was valid.
  var checkedCount: Int { lock.withLock { parsed == true ? received : 0 } }

  /// The error of the first card that fails, if one does.
  var failure: DocumentError? { lock.withLock { firstFailure?.error } }

  func receive(_ tape: JSONTape, elements: [Int], first: Int) {
    lock.withLock {
      batches.append((tape, elements, first))
      received += elements.count
    }
    ready.signal()
  }

  func finish(parsed: Bool) {
    lock.withLock { self.parsed = parsed }
    ready.signal()
    checkBatches()
    stopped.wait()
  }

  /// Checks batches until none is left and the parse has ended.
  private func checkBatches() {
    while let batch = nextBatch() {
      for (offset, element) in batch.elements.enumerated() {
        let card = batch.first + offset
        do throws(DocumentError) {
          let value = JSONValue(borrowing: batch.tape, index: element)
          _ = try mapper.entry(value, keeping: false, in: .gmt)
        } catch {
          lock.withLock {
            if card < firstFailure?.card ?? .max { firstFailure = (card, error) }
          }
          break
        }
      }
    }
  }

  /// The next batch to check, waiting for the parser when it has none yet; `nil` when the
  /// parse has ended and none is left, or nothing more needs checking (the parse failed,
  /// or a card before the next batch failed).
  private func nextBatch() -> (tape: JSONTape, elements: [Int], first: Int)? {
    while true {
      let (batch, ended) = lock.withLock {
        () -> ((tape: JSONTape, elements: [Int], first: Int)?, Bool) in
        if parsed == false { return (nil, true) }
        guard next < batches.count else { return (nil, parsed != nil) }
        let batch = batches[next]
        batches[next] = nil
        next += 1
        if let batch, let failed = firstFailure?.card, failed < batch.first { return (nil, true) }
        return (batch, false)
      }
      if let batch { return batch }
      if ended { return nil }
      ready.wait()
    }
  }
}
