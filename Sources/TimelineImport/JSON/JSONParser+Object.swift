extension JSONParser {
  private static let hashedKeyThreshold = 12

  /// Parses an object; `index` is at its `{`. A repeated key is an error at the repeat;
  /// from a dozen members on, a dictionary of the keys finds it (so a hostile object of
  /// many keys costs no more than its length).
  mutating func parseObject() throws(Failure) {
    let node = try openContainer(.object)
    var count = 0
    var keyIndex: [String: Int]?
    skipWhitespace()
    if index < bytes.count, bytes[index] == 0x7D { return closeContainer(node, count: 0) }  // }
    repeat {
      guard index < bytes.count, bytes[index] == 0x22 else {
        throw unexpected(expecting: "a string key in double quotes")
      }
      try parseString()
      let key = nodes.count - 1
      if count >= Self.hashedKeyThreshold {
        try checkRepeat(of: key, hashedIn: node, count: count, index: &keyIndex)
      } else if let first = nodes.earlierKey(sameAs: key, in: node, count: count) {
        // Asked of the tape builder: a method of the parser would copy it for every key.
        throw repeated(key, first: first)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x3A else {
        throw unexpected(expecting: #"":" after object key"#)
      }
      index += 1
      skipWhitespace()
      if depth == 1, let stream, index < bytes.count, bytes[index] == 0x5B,
        nodes.utf8(ofString: key).elementsEqual(stream.key)
      {
        try parseArray(streamed: true)
      } else {
        try parseValue()
      }
      count += 1
    } while try continues(.object)
    closeContainer(node, count: count)
  }

  /// Fails if the key at tape index `key` is in `index`, filled on first use.
  private func checkRepeat(
    of key: Int, hashedIn object: Int, count: Int, index: inout [String: Int]?
  ) throws(Failure) {
    if index == nil {
      var earlier = object + 1
      var keys: [String: Int] = [:]
      for _ in 0..<count {
        keys[keyText(earlier)] = earlier
        earlier = JSONTape.next(after: earlier + 1, in: UnsafeBufferPointer(nodes.buffer))
      }
      index = keys
    }
    if let first = index?.updateValue(key, forKey: keyText(key)) {
      throw repeated(key, first: first)
    }
  }

  /// The failure for the key at tape index `key`, first used at `first`.
  private func repeated(_ key: Int, first: Int) -> Failure {
    let location = SourceLocation(offset: nodes.buffer[first].offset, in: bytes)
    return Failure(
      offset: nodes.buffer[key].offset,
      message: "duplicate key \(keyText(key).quotedForMessage) (first used at \(location))")
  }

  private func keyText(_ node: Int) -> String {
    String(decoding: nodes.utf8(ofString: node), as: UTF8.self)
  }
}
