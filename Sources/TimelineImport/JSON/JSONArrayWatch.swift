/// Takes the elements of one array of a JSON text in batches while the parser reads on:
/// the array that is the value of the top-level object's member named ``key``. A reader
/// uses it to check the elements on another core during the parse.
///
/// The parser calls ``receive(_:elements:first:)`` from its own thread as each batch of
/// elements is complete, and ``finish(parsed:)`` once when it stops, whether or not the
/// text was valid; the tapes it hands over can be read until ``finish(parsed:)`` returns.
protocol JSONArrayWatch: AnyObject {
  /// The UTF-8 of the key (escapes resolved) whose array is watched.
  var key: [UInt8] { get }
  /// How many elements make a batch (at least 1).
  var batchSize: Int { get }
  /// The elements numbered `first` onwards: their tape indices in `tape`, a view of the
  /// nodes parsed so far in which they and their descendants are complete.
  func receive(_ tape: JSONTape, elements: [Int], first: Int)
  /// The parse has stopped: the text was valid (`parsed`), or not, and nothing received
  /// needs checking. Returns when no batch is being read any more.
  func finish(parsed: Bool)
}

extension JSONParser {
  /// Whether the member whose key was just parsed (tape index `key`) of an object at
  /// `depth` 1 is the watched array's; the next ``parseArray()`` then feeds the watch.
  mutating func noteWatchedKey(_ key: Int) {
    guard depth == 1, let watch else { return }
    watchesNextArray = nodes.utf8(ofString: key).elementsEqual(watch.key)
  }

  /// Adds the element at tape index `element` (complete) to the watch's next batch,
  /// handing the batch over when full or when the array is `closing`.
  mutating func noteWatchedElement(_ element: Int?, closing: Bool) {
    guard let watch else { return }
    if let element { watchedBatch.append(element) }
    guard closing || watchedBatch.count >= watch.batchSize, !watchedBatch.isEmpty else { return }
    watch.receive(nodes.snapshot(), elements: watchedBatch, first: watchedCount)
    watchedCount += watchedBatch.count
    watchedBatch.removeAll(keepingCapacity: true)
  }
}
