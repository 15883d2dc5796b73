import TimelineCore

extension TimelineJSONMapper {
  /// An error at the start of `value`.
  func failure(at value: JSONValue, _ message: String) -> DocumentError {
    DocumentError(
      file: file, location: SourceLocation(offset: value.offset, in: text), message: message)
  }

  func failure(at object: JSONValue, missingKey key: String) -> DocumentError {
    failure(at: object, "missing required key \(key.quotedForMessage)")
  }

  func mismatch(_ value: JSONValue, expected: String, for key: String) -> DocumentError {
    failure(at: value, "expected \(expected) for \(key.quotedForMessage), found \(value.typeName)")
  }

  func expectObject(_ value: JSONValue, for key: String) throws(DocumentError) {
    guard value.type == .object else { throw mismatch(value, expected: "an object", for: key) }
  }

  func string(_ value: JSONValue, for key: String) throws(DocumentError) -> String {
    try text(value, for: key, true)!
  }

  /// The string `value` of `key`; when not `keeping`, only checked (`nil`).
  func text(
    _ value: JSONValue, for key: String, _ keeping: Bool
  ) throws(DocumentError) -> String? {
    guard value.type == .string else { throw mismatch(value, expected: "a string", for: key) }
    try refuseNUL(at: value, for: key)
    return keeping ? value.stringValue : nil
  }

  /// Text with U+0000 is refused: no store keeps it whole (SQLite's text ends there, PostgreSQL
  /// refuses it). Only an escape can write one, so only strings with escapes are looked at.
  func refuseNUL(at value: JSONValue, for key: String) throws(DocumentError) {
    guard value.hasEscapes, value.withStringUTF8({ $0.contains(0) }) == true else { return }
    throw failure(
      at: value, "\(key.quotedForMessage) contains U+0000 (NUL), which a timeline cannot store")
  }

  /// The string `value` of `key`, which must have visible text (not only spaces).
  func nonEmptyString(_ value: JSONValue, for key: String) throws(DocumentError) -> String {
    let text = try string(value, for: key)
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw failure(at: value, "expected a non-empty string for \(key.quotedForMessage)")
    }
    return text
  }

  /// The whole-number `value` of `key` within `Int`'s range.
  func integer(_ value: JSONValue, for key: String) throws(DocumentError) -> Int {
    guard let converted = value.withNumberUTF8(JSONNumber.integer(utf8:)) else {
      throw mismatch(value, expected: "an integer", for: key)
    }
    if case .value(let integer) = converted { return integer }
    let text = value.numberText ?? ""
    if converted == .notInteger {
      throw failure(at: value, "expected an integer for \(key.quotedForMessage), found \(text)")
    }
    throw failure(
      at: value,
      "\(key.quotedForMessage) \(text) is out of range; expected an integer "
        + "in \(Int.min)...\(Int.max)")
  }

  func forEachElement(
    of value: JSONValue, for key: String, _ body: (JSONValue) throws(DocumentError) -> Void
  ) throws(DocumentError) {
    guard value.type == .array else { throw mismatch(value, expected: "an array", for: key) }
    try value.forEachElement(body)
  }

  /// The `children` of a child, which must be an empty array: children nest one level deep.
  func refuseGrandchildren(_ value: JSONValue, for key: String) throws(DocumentError) {
    guard value.type == .array else { throw mismatch(value, expected: "an array", for: key) }
    if value.count > 0 { throw failure(at: value, "children may nest only one level deep") }
  }

  func strings(_ value: JSONValue, for key: String) throws(DocumentError) -> [String] {
    var result: [String] = []
    try forEachElement(of: value, for: key) { element throws(DocumentError) in
      guard let text = element.stringValue else {
        throw failure(
          at: element,
          "expected a string in \(key.quotedForMessage), found \(element.typeName)")
      }
      try refuseNUL(at: element, for: key)
      result.append(text)
    }
    return result
  }

  func status(_ value: JSONValue, for key: String) throws(DocumentError) -> ItemStatus {
    try choice(
      value, for: key, among: ItemStatus.allCases.map(\.rawValue), ItemStatus.init(rawValue:))
  }

  /// One of a fixed set of names, such as a `kind`, converted by `make`.
  func choice<Value>(
    _ value: JSONValue, for key: String, among names: @autoclosure () -> [String],
    _ make: (String) -> Value?
  ) throws(DocumentError) -> Value {
    let text = try string(value, for: key)
    guard let result = make(text) else {
      throw failure(
        at: value,
        "unknown \(key) \(text.quotedForMessage); expected one of "
          + names().joined(separator: ", "))
    }
    return result
  }
}
