/// Takes the elements of the array that is the value of the top-level member ``key``, a
/// batch at a time as the parser reads them, instead of the document's tape, which records
/// only their count (``JSONValue/isCollapsed``): a feed's page checks every card and keeps a
/// few (``CardsPage``). Each batch's small tape is reused for the next, so nothing read from
/// it may be kept past the call. The parse goes on whatever `body` makes of an element, so
/// that a later syntax error is still found: `body` notes what it finds wrong instead.
struct JSONElementStream {
  /// The UTF-8 of the key (escapes resolved) whose array is streamed.
  let key: [UInt8]
  let batchSize: Int
  /// A batch goes early once it takes this many nodes, so large elements keep the tape small.
  var batchNodes = 65_536
  /// Called with each batch of elements, in order: their tape and their indices on it.
  let body: (_ tape: JSONTape, _ elements: [Int]) -> Void
}

extension JSONParser {
  /// Parses an element of the streamed array onto the reused tape; hands over a full batch.
  mutating func parseStreamedElement() throws(Failure) {
    guard let stream else { return try parseValue() }
    // The element's tape stands in for `nodes` while it is parsed; offsets stay the text's.
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

  mutating func handOverStreamedBatch() {
    guard let stream, let elementNodes, !streamedBatch.isEmpty else { return }
    // The elements are borrowed: their tape (a view) lives until the stream is done.
    let tape = elementNodes.tape(.none)
    withExtendedLifetime(tape) { stream.body(tape, streamedBatch) }
    streamedBatch.removeAll(keepingCapacity: true)
  }
}
