extension JSONValue {
  /// The elements, if the value is an array.
  public var elements: [JSONValue]? {
    guard tape.nodes[index].type == .array else { return nil }
    var result: [JSONValue] = []
    result.reserveCapacity(count)
    var child = index + 1
    for _ in 0..<count {
      result.append(JSONValue(tape: tape, index: child))
      child = tape.next(after: child)
    }
    return result
  }

  /// The tape indices of the elements, if the value is an array: for workers that read
  /// the elements apart, each through a handle of its own (see ``JSONTape/init(viewing:)``).
  var elementIndices: [Int]? {
    guard tape.nodes[index].type == .array else { return nil }
    var result: [Int] = []
    result.reserveCapacity(count)
    var child = index + 1
    for _ in 0..<count {
      result.append(child)
      child = tape.next(after: child)
    }
    return result
  }

  /// The members in document order, if the value is an object.
  public var members: [Member]? {
    guard tape.nodes[index].type == .object else { return nil }
    var result: [Member] = []
    result.reserveCapacity(count)
    var key = index + 1
    for _ in 0..<count {
      let value = JSONValue(tape: tape, index: key + 1)
      result.append(
        Member(key: tape.string(at: key), keyOffset: tape.nodes[key].offset, value: value))
      key = tape.next(after: key + 1)
    }
    return result
  }

  /// The value of the member named `key`, if the value is an object that has one (keys
  /// are unique: ``JSONParser`` rejects repeats).
  ///
  /// Keys are compared on the tape, without making strings of them (a non-ASCII key is
  /// compared as a string, so that canonically equal keys still match).
  public subscript(key: String) -> JSONValue? {
    guard tape.nodes[index].type == .object else { return nil }
    var wanted = key
    return wanted.withUTF8 { wanted -> JSONValue? in
      var found: JSONValue?
      var node = index + 1
      for _ in 0..<count {
        let bytes = tape.utf8(ofString: node)
        if bytes.elementsEqual(wanted)
          || (bytes.contains { $0 >= 0x80 } && tape.string(at: node) == key)
        {
          found = JSONValue(tape: tape, index: node + 1)
        }
        node = tape.next(after: node + 1)
      }
      return found
    }
  }

  /// The contents, one level deep.
  public var kind: Kind {
    switch tape.nodes[index].type {
    case .null: .null
    case .true: .bool(true)
    case .false: .bool(false)
    case .number: .number(String(decoding: tape.utf8(ofScalar: index), as: UTF8.self))
    case .string: .string(tape.string(at: index))
    case .array: .array(elements ?? [])
    case .object: .object(members ?? [])
    }
  }

  /// Calls `body` with each member's key (as UTF-8, escapes resolved) and value, in
  /// document order; does nothing unless the value is an object. Cheaper than
  /// ``members`` for one pass, because it creates no arrays and no strings.
  func forEachMember(
    _ body: (_ key: UnsafeBufferPointer<UInt8>, _ value: JSONValue) throws(DocumentError) -> Void
  ) throws(DocumentError) {
    guard tape.nodes[index].type == .object else { return }
    var key = index + 1
    for _ in 0..<count {
      try body(tape.utf8(ofString: key), JSONValue(tape: tape, index: key + 1))
      key = tape.next(after: key + 1)
    }
  }

  /// Calls `body` with each element, in order; does nothing unless the value is an array.
  /// Cheaper than ``elements`` for one pass, because it creates no array.
  func forEachElement(
    _ body: (_ element: JSONValue) throws(DocumentError) -> Void
  ) throws(DocumentError) {
    guard tape.nodes[index].type == .array else { return }
    var child = index + 1
    for _ in 0..<count {
      try body(JSONValue(tape: tape, index: child))
      child = tape.next(after: child)
    }
  }

  /// Calls `body` with the source text of a number value, or returns `nil` for other
  /// values; avoids creating a `String`.
  func withNumberUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard tape.nodes[index].type == .number else { return nil }
    return withExtendedLifetime(tape) { body(tape.utf8(ofScalar: index)) }
  }

  /// Calls `body` with the UTF-8 bytes of a string value (escapes resolved), or returns
  /// `nil` for other values; avoids creating a `String`.
  func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    guard tape.nodes[index].type == .string else { return nil }
    return withExtendedLifetime(tape) { body(tape.utf8(ofString: index)) }
  }
}
