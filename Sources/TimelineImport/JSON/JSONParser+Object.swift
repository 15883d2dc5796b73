extension JSONParser {
  /// Objects with this many members or more find repeated keys with a dictionary.
  private static let hashedKeyThreshold = 12

  /// Parses an object; `index` is at its `{`. Repeated keys are errors at the repeat.
  ///
  /// Repeats are found cheaply: each key sets one bit of a 64-bit signature, and only a
  /// key whose bit is already set is compared with the earlier keys; from a dozen members
  /// on, a dictionary takes over.
  mutating func parseObject() throws(Failure) {
    let node = try openContainer(.object)
    var count = 0
    var signature: UInt64 = 0
    var keyIndex: [String: Int] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == 0x7D {  // }
      return closeContainer(node, count: count)
    }
    while true {
      guard index < bytes.count, bytes[index] == 0x22 else {
        throw unexpected(expecting: "a string key in double quotes")
      }
      try parseString()
      let key = nodes.count - 1
      let bit: UInt64 = 1 << keyBit(key)
      if count >= Self.hashedKeyThreshold {
        try checkRepeat(of: key, hashedIn: node, count: count, index: &keyIndex)
      } else if signature & bit != 0 {
        try checkRepeat(of: key, in: node, count: count)
      }
      signature |= bit
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x3A else {
        throw unexpected(expecting: #"":" after object key"#)
      }
      index += 1
      skipWhitespace()
      try parseValue()
      count += 1
      skipWhitespace()
      guard index < bytes.count else {
        throw unexpected(expecting: #""," or "}" after object member"#)
      }
      switch bytes[index] {
      case 0x2C:  // ,
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x7D {
          throw unexpected(expecting: #"a string key after ","; trailing commas are not allowed"#)
        }
      case 0x7D:  // }
        return closeContainer(node, count: count)
      default:
        throw unexpected(expecting: #""," or "}" after object member"#)
      }
    }
  }

  /// A signature bit (0..<64) from the length and the first and last bytes of the
  /// decoded text of the string node `key`.
  private func keyBit(_ key: Int) -> UInt64 {
    let node = nodes.buffer[key]
    let end = node.detail > 0 ? node.offset + node.detail : node.extent - 1
    let length = end - node.offset - 1
    guard length > 0 else { return 0 }
    let first = Int(nodes.text[node.offset + 1])
    let last = Int(nodes.text[end - 1])
    return UInt64((length &* 0x9E37 ^ first &* 0x2F ^ last &* 0x3B1) >> 3 & 63)
  }

  /// Fails if the key at tape index `key` repeats one of the `count` earlier keys of the
  /// object at tape index `object`, comparing them one by one.
  private func checkRepeat(of key: Int, in object: Int, count: Int) throws(Failure) {
    var earlier = object + 1
    for _ in 0..<count {
      if sameKey(earlier, key) { throw repeated(key, first: earlier) }
      let value = nodes.buffer[earlier + 1]
      earlier = value.type == .array || value.type == .object ? value.extent : earlier + 2
    }
  }

  /// Fails if the key at tape index `key` is already in `index`, which is filled from the
  /// object's earlier keys on first use.
  private func checkRepeat(
    of key: Int, hashedIn object: Int, count: Int, index: inout [String: Int]
  ) throws(Failure) {
    if index.isEmpty {
      var earlier = object + 1
      for _ in 0..<count {
        index[keyText(earlier)] = earlier
        let value = nodes.buffer[earlier + 1]
        earlier = value.type == .array || value.type == .object ? value.extent : earlier + 2
      }
    }
    if let first = index.updateValue(key, forKey: keyText(key)) {
      throw repeated(key, first: first)
    }
  }

  /// The failure for the key at tape index `key`, first used at tape index `first`.
  private func repeated(_ key: Int, first: Int) -> Failure {
    let location = SourceLocation(offset: nodes.buffer[first].offset, in: bytes)
    return Failure(
      offset: nodes.buffer[key].offset,
      message: "duplicate key \(keyText(key).quotedForMessage) (first used at \(location))")
  }

  /// The decoded text of the string node `node`.
  private func keyText(_ node: Int) -> String {
    let string = nodes.buffer[node]
    let end = string.detail > 0 ? string.offset + string.detail : string.extent - 1
    let content = nodes.text[string.offset + 1..<end]
    return String(decoding: UnsafeMutableBufferPointer(rebasing: content), as: UTF8.self)
  }

  /// Whether the string nodes `first` and `second` have the same decoded text.
  private func sameKey(_ first: Int, _ second: Int) -> Bool {
    let a = nodes.buffer[first]
    let b = nodes.buffer[second]
    let aEnd = a.detail > 0 ? a.offset + a.detail : a.extent - 1
    let bEnd = b.detail > 0 ? b.offset + b.detail : b.extent - 1
    guard aEnd - a.offset == bEnd - b.offset else { return false }
    var position = 1
    while a.offset + position < aEnd {
      if nodes.text[a.offset + position] != nodes.text[b.offset + position] { return false }
      position += 1
    }
    return true
  }
}
