/// Takes the elements of one array, the value of the top-level member named ``key``, a
/// batch at a time as the parser reads them, instead of the document's tape: a page of a
/// feed checks every card and keeps only a few (see ``CardsPage``).
///
/// A batch is ``batchSize`` elements, or fewer once they take ``batchNodes`` nodes, parsed
/// onto a small tape that the next batch reuses, so nothing read from it may be kept past
/// the call (see ``JSONValue/init(borrowing:index:)``). The document's tape records the
/// array with its count and no elements (``JSONValue/isCollapsed``). The parse goes on
/// whatever `body` makes of an element, so a later syntax error is still found: `body`
/// notes what it finds wrong instead of stopping the parse.
struct JSONElementStream {
  /// The UTF-8 of the key (escapes resolved) whose array is streamed.
  let key: [UInt8]
  /// How many elements make a batch.
  let batchSize: Int
  /// How many tape nodes a batch may take before it is handed over: a batch of large
  /// elements goes early, so the tape holds little more than this or the largest element.
  var batchNodes = 65_536
  /// Called with each batch of elements, in order: their tape and their indices on it.
  let body: (_ tape: JSONTape, _ elements: [Int]) -> Void
}

extension JSONParser {
  /// Notes whether the key just parsed (tape index `key`) names the streamed array, so
  /// that the next ``parseArray()`` streams its elements.
  mutating func noteStreamedKey(_ key: Int) {
    guard depth == 1, let stream else {
      streamsNextArray = false
      return
    }
    streamsNextArray = nodes.utf8(ofString: key).elementsEqual(stream.key)
  }

  /// Parses an element of the streamed array onto the small reused tape, and hands the
  /// batch to the stream when it is full.
  mutating func parseStreamedElement() throws(Failure) {
    guard let stream else { return try parseValue() }
    // Nodes go where `nodes` says, so the element's tape stands in for the document's
    // while the element is parsed; offsets stay those of the whole text.
    var element = elementNodes ?? JSONTapeBuilder(input: bytes, capacity: 4_096)
    if streamedBatch.isEmpty { element.reset() }
    streamedBatch.append(element.count)
    swap(&nodes, &element)
    do {
      defer {
        swap(&nodes, &element)
        elementNodes = element
      }
      try parseValue()
    }
    if streamedBatch.count == stream.batchSize || element.count >= stream.batchNodes {
      handOverStreamedBatch()
    }
  }

  /// Hands the elements parsed since the last batch to the stream.
  mutating func handOverStreamedBatch() {
    guard let stream, let elementNodes, !streamedBatch.isEmpty else { return }
    // The elements are borrowed (see ``JSONValue/init(borrowing:index:)``): the view of
    // their tape is kept alive until the stream is done with them.
    let tape = elementNodes.tape(.none)
    withExtendedLifetime(tape) { stream.body(tape, streamedBatch) }
    streamedBatch.removeAll(keepingCapacity: true)
  }
}
