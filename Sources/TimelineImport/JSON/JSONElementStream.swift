/// Takes the elements of one array of a JSON text one at a time, as the parser reads them,
/// instead of the document's tape: the array that is the value of the top-level object's
/// member named ``key``. A reader uses it to read a long array in one pass without holding
/// it: a page of a feed checks every card and keeps only a few (see ``CardsPage``).
///
/// Each element is parsed onto a small tape of its own, which the next element reuses, and
/// handed to ``body`` as soon as it is complete, borrowed (see
/// ``JSONValue/init(borrowing:index:)``): it must not be kept past the call. The document's
/// tape records the array with its count and no elements (``JSONValue/isCollapsed``). The
/// parser goes on whatever `body` makes of an element, so a syntax error later in the text
/// is still found: `body` notes what it finds wrong for later instead of stopping the parse.
///
/// ```swift
/// var starts: [Int] = []
/// let stream = JSONElementStream(key: Array("cards".utf8)) { starts.append($0.offset) }
/// let root = try JSONParser.parse(taking: text, file: "feed.json", stream: stream)
/// ```
struct JSONElementStream {
  /// The UTF-8 of the key (escapes resolved) whose array is streamed.
  let key: [UInt8]
  /// Called with each element of the array, in order.
  let body: (_ element: JSONValue) -> Void
}

extension JSONParser {
  /// Notes whether the member whose key was just parsed (tape index `key`) of an object at
  /// `depth` 1 is the streamed array's: the next ``parseArray()`` then streams its
  /// elements.
  mutating func noteStreamedKey(_ key: Int) {
    guard depth == 1, let stream else {
      streamsNextArray = false
      return
    }
    streamsNextArray = nodes.utf8(ofString: key).elementsEqual(stream.key)
  }

  /// Parses an element of the streamed array onto the small reused tape, and hands it to
  /// the stream.
  mutating func parseStreamedElement() throws(Failure) {
    guard let stream else { return try parseValue() }
    // Nodes go where `nodes` says, so the element's tape stands in for the document's
    // while the element is parsed; offsets stay those of the whole text.
    var element = elementNodes ?? JSONTapeBuilder(input: bytes, capacity: 256)
    element.reset()
    swap(&nodes, &element)
    defer {
      swap(&nodes, &element)
      elementNodes = element
    }
    try parseValue()
    // The element is borrowed (see ``JSONValue/init(borrowing:index:)``): its view of the
    // tape is kept alive until the stream is done with it.
    let tape = nodes.view()
    withExtendedLifetime(tape) { stream.body(JSONValue(borrowing: tape, index: 0)) }
  }
}
