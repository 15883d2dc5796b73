import Foundation

/// Checks the cards of a long feed without keeping them, so that checking the cards a page
/// does not show costs little beyond reading the text, and parses again only the cards the
/// page keeps.
///
/// First the whole `cards` array is scanned straight from the text (``CardsScan``): half on
/// the parsing thread and half on another, with no tape at all. When the scan is unsure of
/// any card (a flaw, or a form it does not vouch for), the parser reads the array in
/// batches instead (see ``JSONArrayWatch``): a worker thread checks each card as strictly
/// as ``TimelineJSONMapper/cards(_:)`` would, keeping nothing, and notes the first card
/// that fails, the one a pass in file order would have met first. The parsing thread
/// checks batches too: whenever it would wait for a batch's tape to reuse it, and those
/// left when the parse ends. The mapper then throws that card's error at the place where
/// it maps the cards (after the top-level keys it reads first), or maps the cards it keeps
/// from ``cards(in:)``.
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

  /// Scans the cards straight from the text (see ``CardsScan``), the first half on this
  /// thread and, when the array is long, the second half on another from a guessed card
  /// start; the first confirms the guess by stopping exactly there. `nil` when either scan
  /// is unsure: the parser then reads the cards in batches, which finds the first flaw.
  func scanArray(from start: Int, depth: Int) -> (end: Int, count: Int)? {
    var scan = CardsScan(text: text, maxDepth: maxDepth)
    let middle = scan.middleCard(after: start, depth: depth)
    let second = middle.map { SecondScan(text: text, maxDepth: maxDepth, from: $0, depth: depth) }
    defer { second?.stop() }
    var stop = scan.cards(from: start, depth: depth, until: middle ?? .max)
    var found = scan.starts
    if case .reached(let next)? = stop, let second {
      if next == second.start, let (starts, end) = second.result() {
        found += starts
        stop = .closed(end: end)
      } else if next == second.start {
        // The second half's cards really start there, and one of them is flawed.
        stop = nil
      } else {
        // The guess was not a card of this array: the first half goes on alone, from the
        // card that starts after a comma.
        second.stop()
        stop = scan.cards(from: next, depth: depth, opening: false)
        found = scan.starts
      }
    }
    guard case .closed(let end)? = stop else { return nil }
    lock.withLock { starts = found }
    return (end, found.count)
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

/// A scan of cards from a guessed card start on a thread of its own (see
/// ``CardsPrecheck/scanArray(from:depth:)``).
private final class SecondScan: @unchecked Sendable {
  /// Where the scan starts.
  let start: Int
  private let lock = NSLock()
  private var cancelled = false
  private var outcome: (starts: [Int], end: Int)?
  private let finished = DispatchSemaphore(value: 0)
  private var waited = false

  init(text: UnsafeBufferPointer<UInt8>, maxDepth: Int, from start: Int, depth: Int) {
    self.start = start
    nonisolated(unsafe) let text = text
    Thread { [self] in
      var scan = CardsScan(text: text, maxDepth: maxDepth)
      let stop = scan.cards(from: start, depth: depth, opening: false) {
        lock.withLock { cancelled }
      }
      if case .closed(let end)? = stop {
        lock.withLock { outcome = (scan.starts, end) }
      }
      finished.signal()
    }.start()
  }

  /// The cards' starts and the index after the array, once the scan has ended; `nil` when
  /// it was unsure.
  func result() -> (starts: [Int], end: Int)? {
    wait()
    return lock.withLock { outcome }
  }

  /// Asks the scan to stop, and waits until it has: it reads the text, which the parse
  /// may free once it returns.
  func stop() {
    lock.withLock { cancelled = true }
    wait()
  }

  private func wait() {
    guard !waited else { return }
    finished.wait()
    waited = true
  }
}
