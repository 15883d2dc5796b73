/// A value in a parsed JSON text, which knows the byte offset at which it starts.
///
/// Offsets let a reader report a wrong value at its exact line and column (see
/// ``SourceLocation``). A value is a light handle into the parsed text (see
/// ``JSONParser``): children, strings and numbers are produced when asked for. Numbers keep
/// their source text, so no precision is lost and no conversion can trap (see
/// ``JSONNumber``). Object members keep their order and the offsets of their keys.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"a": [1, 2.5]}"#.utf8), file: "x.json")
/// value["a"]?.offset              // 6
/// value["a"]?.elements?[1].kind   // .number("2.5")
/// ```
public struct JSONValue: Sendable {
  public enum ValueType: Sendable, Hashable, CaseIterable {
    case null, boolean, number, string, array, object
  }

  /// The contents of a value, one level deep.
  public enum Kind: Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written, e.g. `-12.5e3`; always valid RFC 8259 syntax.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  /// One `"key": value` pair of an object.
  public struct Member: Sendable {
    /// The key with its escapes resolved.
    public var key: String
    /// The byte offset of the key's opening quote.
    public var keyOffset: Int
    public var value: JSONValue
  }

  /// The parsed text, not counted: `owner` or, for a borrowed value, whatever the value
  /// was reached from keeps it alive.
  let unmanagedTape: Unmanaged<JSONTape>
  /// The parsed text again, counted; `nil` for a borrowed value.
  let owner: JSONTape?
  let index: Int

  /// A value that keeps `tape` alive: what the public API hands out.
  init(tape: JSONTape, index: Int) {
    unmanagedTape = Unmanaged.passUnretained(tape)
    owner = tape
    self.index = index
  }

  /// A value that does not keep `tape` alive, so that making, copying and reading it cost
  /// no reference counting: a large document's many values would otherwise each retain
  /// and release the tape (on every core at once). It must not outlive `tape`.
  init(borrowing tape: JSONTape, index: Int) {
    self.init(borrowing: Unmanaged.passUnretained(tape), index: index)
  }

  private init(borrowing tape: Unmanaged<JSONTape>, index: Int) {
    unmanagedTape = tape
    owner = nil
    self.index = index
  }

  /// The value at `index` of the same text, borrowed.
  func borrowed(at index: Int) -> JSONValue { JSONValue(borrowing: unmanagedTape, index: index) }

  var tape: JSONTape { unmanagedTape.takeUnretainedValue() }

  /// The text's nodes, read without reference counting.
  var nodes: UnsafeBufferPointer<JSONTape.Node> {
    unmanagedTape._withUnsafeGuaranteedRef { $0.nodes }
  }

  /// The text's input and decoded strings, read without reference counting.
  var texts: (text: UnsafeBufferPointer<UInt8>, escapes: UnsafeBufferPointer<UInt8>) {
    unmanagedTape._withUnsafeGuaranteedRef { ($0.text, $0.escapes) }
  }

  /// The byte offset of the value's first byte (its quote, bracket, sign or letter).
  public var offset: Int { nodes[index].offset }

  public var type: ValueType {
    switch nodes[index].type {
    case .null: .null
    case .true, .false: .boolean
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// The JSON type name used in messages: null, boolean, number, string, array or object.
  public var typeName: String { String(describing: type) }

  public var isNull: Bool { nodes[index].type == .null }

  public var boolValue: Bool? {
    switch nodes[index].type {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The number's source text, if the value is a number.
  public var numberText: String? {
    withNumberUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  /// The string with escapes resolved, if the value is a string.
  public var stringValue: String? {
    withStringUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  var hasEscapes: Bool {
    let node = nodes[index]
    return node.type == .string && node.detail > 0
  }

  /// Whether the value is an array whose elements were streamed instead of recorded (see
  /// ``JSONElementStream``): it has a ``count`` but no elements to read.
  var isCollapsed: Bool {
    let node = nodes[index]
    return node.type == .array && node.detail > 0 && node.extent == index + 1
  }

  /// The number of elements or members of an array or object; 0 for other values.
  public var count: Int {
    let node = nodes[index]
    return node.type == .array || node.type == .object ? node.detail : 0
  }
}
