/// Takes the elements of one array of a JSON text in batches while the parser reads on:
/// the array that is the value of the top-level object's member named ``key``. A reader
/// uses it to check the elements on another core during the parse, and to parse again
/// only the elements it keeps (see ``JSONParser/parseValues(at:of:depth:file:)``).
///
/// The watched array's elements are not recorded on the document's tape: each batch goes
/// on a small tape of its own, reused once the watch is done with it, so a long array
/// costs no more memory than a few batches. The document's tape records the array with
/// its count and no elements (``JSONValue/isCollapsed``).
///
/// The parser first offers the whole array to ``scanArray(from:depth:)``. Failing that, it
/// calls ``receive(_:elements:starts:first:)`` from its own thread as each
/// batch is complete, ``waitForBatch()`` before it reuses the tape of the oldest batch it
/// handed over, and ``finish(parsed:)`` once when it stops, whether or not the text was
/// valid. Batches may be done with in any order; ``waitForBatch()`` waits for them by
/// their number in the order received.
protocol JSONArrayWatch: AnyObject {
  /// The UTF-8 of the key (escapes resolved) whose array is watched.
  var key: [UInt8] { get }
  /// How many elements make a batch (at least 1).
  var batchSize: Int { get }
  /// Checks the whole array straight from the text instead, if the watch can vouch for
  /// every element without a tape: `start` is just inside its `[`, and the array is nested
  /// `depth` deep. Returns the index just after its `]` and how many elements it has, or
  /// `nil` to have it parsed in batches.
  func scanArray(from start: Int, depth: Int) -> (end: Int, count: Int)?
  /// The elements numbered `first` onwards: their tape indices in `tape`, where they and
  /// their descendants are complete, and the byte offsets in the text where they start.
  /// `tape` can be read until the batch is done with.
  func receive(_ tape: JSONTape, elements: [Int], starts: [Int], first: Int)
  /// Returns when the oldest batch not yet waited for is done with.
  func waitForBatch()
  /// The parse has stopped: the text was valid (`parsed`), or not, and nothing received
  /// needs checking. Returns when no batch is being read any more.
  func finish(parsed: Bool)
}

extension JSONParser {
  /// How many batch tapes the watched array's elements go round.
  static let watchedTapes = 3

  /// Whether the member whose key was just parsed (tape index `key`) of an object at
  /// `depth` 1 is the watched array's; the next ``parseArray()`` then feeds the watch.
  mutating func noteWatchedKey(_ key: Int) {
    guard depth == 1, let watch else {
      watchesNextArray = false
      return
    }
    watchesNextArray = nodes.utf8(ofString: key).elementsEqual(watch.key)
  }

  /// Parses an element of the watched array onto the current batch's tape, handing the
  /// batch over when full.
  mutating func parseWatchedElement() throws(Failure) {
    var batch = watchedNodes ?? nextWatchedTape()
    watchedStarts.append(index)
    watchedBatch.append(batch.count)
    swap(&nodes, &batch)
    defer {
      swap(&nodes, &batch)
      watchedNodes = batch
    }
    try parseValue()
  }

  /// Hands the batch of elements parsed so far to the watch, if there is one, when it is
  /// full or the array is `closing`.
  mutating func handOverWatchedBatch(closing: Bool) {
    guard let watch, !watchedBatch.isEmpty, closing || watchedBatch.count >= watch.batchSize,
      var batch = watchedNodes
    else { return }
    watch.receive(
      batch.snapshot(), elements: watchedBatch, starts: watchedStarts, first: watchedCount)
    watchedCount += watchedBatch.count
    watchedBatch.removeAll(keepingCapacity: true)
    watchedStarts.removeAll(keepingCapacity: true)
    handedOver.append(batch)
    watchedNodes = nil
  }

  /// A tape for the next batch: a new one while fewer than ``watchedTapes`` are out, else
  /// the oldest batch's once the watch is done with it.
  private mutating func nextWatchedTape() -> JSONTapeBuilder {
    guard let watch, handedOver.count >= Self.watchedTapes else {
      let nodesPerElement = 64
      return JSONTapeBuilder(
        input: bytes, capacity: (watch?.batchSize ?? 1) * nodesPerElement, prefault: false)
    }
    watch.waitForBatch()
    var tape = handedOver.removeFirst()
    tape.reset()
    return tape
  }

  /// Frees the batch tapes, once the watch has finished.
  mutating func discardWatchedTapes() {
    watchedNodes?.discard()
    watchedNodes = nil
    for tape in handedOver { tape.discard() }
    handedOver.removeAll()
  }
}
