extension JSONValue {
  /// The elements, if the value is an array.
  public var elements: [JSONValue]? { elementIndices?.map(child(at:)) }

  /// The tape indices of the elements, if the value is an array.
  var elementIndices: [Int]? {
    guard nodes[index].type == .array else { return nil }
    var result: [Int] = []
    result.reserveCapacity(count)
    forEachChild { result.append($0) }
    return result
  }

  /// The members in document order, if the value is an object.
  public var members: [Member]? {
    guard nodes[index].type == .object else { return nil }
    var result: [Member] = []
    result.reserveCapacity(count)
    forEachChild { key in
      result.append(
        Member(
          key: String(decoding: utf8(ofKey: key), as: UTF8.self), keyOffset: nodes[key].offset,
          value: child(at: key + 1)))
    }
    return result
  }

  /// The value of the member named `key`, if the value is an object that has one (keys are
  /// unique: ``JSONParser`` rejects repeats). Non-ASCII keys match canonically equal ones.
  public subscript(key: String) -> JSONValue? {
    guard nodes[index].type == .object else { return nil }
    var wanted = key
    return wanted.withUTF8 { wanted -> JSONValue? in
      var found: JSONValue?
      forEachChild { node in
        let bytes = utf8(ofKey: node)
        if bytes.sameBytes(as: wanted)
          || (bytes.contains { $0 >= 0x80 } && String(decoding: bytes, as: UTF8.self) == key)
        {
          // Keys equal as text may differ in bytes; the last one counts, as everywhere.
          found = child(at: node + 1)
        }
      }
      return found
    }
  }

  public var kind: Kind {
    switch nodes[index].type {
    case .null: .null
    case .true: .bool(true)
    case .false: .bool(false)
    case .number: .number(numberText ?? "")
    case .string: .string(stringValue ?? "")
    case .array: .array(elements ?? [])
    case .object: .object(members ?? [])
    }
  }

  /// Calls `body` with each member's key (UTF-8, escapes resolved) and borrowed value, in
  /// order, if the value is an object: the values must not outlive this value's text.
  func forEachMember(
    _ body: (_ key: UnsafeBufferPointer<UInt8>, _ value: JSONValue) throws(DocumentError) -> Void
  ) throws(DocumentError) {
    guard nodes[index].type == .object else { return }
    try forEachChild { (key) throws(DocumentError) in
      try body(utf8(ofKey: key), borrowed(at: key + 1))
    }
  }

  /// Calls `body` with each element, in order, if the value is an array. The elements are
  /// borrowed (``init(borrowing:index:)``): they must not outlive this value's text.
  func forEachElement(
    _ body: (_ element: JSONValue) throws(DocumentError) -> Void
  ) throws(DocumentError) {
    guard nodes[index].type == .array else { return }
    try forEachChild { (child) throws(DocumentError) in try body(borrowed(at: child)) }
  }

  /// Calls `body` with the source text of a number value, or returns `nil` for other values.
  func withNumberUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    let node = nodes[index]
    guard node.type == .number else { return nil }
    return withExtendedLifetime(owner) {
      body(UnsafeBufferPointer(rebasing: texts.text[node.offset..<node.extent]))
    }
  }

  /// Calls `body` with the decoded UTF-8 of a string value, or returns `nil` for other values.
  func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard nodes[index].type == .string else { return nil }
    return withExtendedLifetime(owner) { body(utf8(ofKey: index)) }
  }

  /// The value at tape index `index` of the same text, owned if this value is.
  private func child(at index: Int) -> JSONValue {
    owner.map { JSONValue(tape: $0, index: index) } ?? borrowed(at: index)
  }

  /// Calls `body` with the tape index of each element, or of each key (its value follows).
  private func forEachChild<Failure: Error>(
    _ body: (Int) throws(Failure) -> Void
  ) throws(Failure) {
    let nodes = nodes
    let step = nodes[index].type == .object ? 1 : 0
    precondition(!isCollapsed, "the elements of a streamed array were not recorded")
    var child = index + 1
    for _ in 0..<count {
      try body(child)
      child = JSONTape.next(after: child + step, in: nodes)
    }
  }

  /// The decoded UTF-8 of the string (such as a key) at tape index `index`.
  private func utf8(ofKey index: Int) -> UnsafeBufferPointer<UInt8> {
    let (text, escapes) = texts
    return JSONTape.utf8(ofString: nodes[index], text: text, escapes: escapes)
  }
}
