/// A buffer of UTF-8 bytes that every renderer writes into, and that hands its contents on in
/// pieces of about 64 KiB: output of any size costs a bounded buffer, and the many small
/// writes of a document (a tag, a key, a value) are copies into memory rather than calls
/// through a generic stream.
///
/// A piece always ends where a write ended, so it is whole UTF-8 text.
///
/// ```swift
/// var text = ""
/// TextSink.writing(to: &text) { sink in
///   sink.write("Hello, ")
///   sink.write(name)
/// }
/// ```
public final class TextSink {
  /// The size after which the buffer is handed on.
  public static let pieceSize = 1 << 16

  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0
  private var target: ((String) -> Void)?
  private var byteTarget: ((UnsafeBufferPointer<UInt8>) -> Void)?

  private init() {
    capacity = Self.pieceSize + 4096
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Calls `body` with a sink whose text goes to `output`, in pieces, and at the end. An
  /// output that takes bytes (``UTF8OutputStream``) gets them without a string between.
  public static func writing<Output: TextOutputStream>(
    to output: inout Output, _ body: (TextSink) throws -> Void
  ) rethrows {
    let sink = TextSink()
    if let bytesOutput = output as? any UTF8OutputStream {
      sink.byteTarget = { bytesOutput.write(utf8: $0) }
      defer {
        sink.handOn()
        sink.byteTarget = nil
      }
      return try body(sink)
    }
    try withoutActuallyEscaping({ (piece: String) in output.write(piece) }) { target in
      sink.target = target
      defer {
        sink.handOn()
        sink.target = nil
      }
      try body(sink)
    }
  }

  /// The text `body` writes, as one string (for tests and small documents).
  public static func text(_ body: (TextSink) throws -> Void) rethrows -> String {
    var text = ""
    try writing(to: &text, body)
    return text
  }

  /// Appends `string`.
  public func write(_ string: String) {
    var string = string
    string.withUTF8 { append($0) }
  }

  /// Appends `string`.
  public func write(_ string: Substring) {
    var string = string
    string.withUTF8 { append($0) }
  }

  /// Appends a literal.
  public func write(_ literal: StaticString) {
    if literal.hasPointerRepresentation {
      append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    } else {
      write(literal.description)
    }
  }

  /// Appends one ASCII byte.
  public func write(ascii byte: UInt8) {
    if count == capacity { handOn() }
    storage[count] = byte
    count += 1
  }

  /// Appends `value` in decimal.
  public func write(decimal value: Int) {
    if value < 0 {
      write(ascii: UInt8(ascii: "-"))
      if value == .min {
        write(String(value).dropFirst())
        return
      }
      write(decimal: -value)
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
    var length = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      var rest = value
      repeat {
        length += 1
        buffer[24 - length] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(24 - length)...]))
    }
  }

  /// Appends `count` copies of `string` (a padding or a rule).
  public func write(_ string: String, repeating times: Int) {
    for _ in 0..<max(0, times) { write(string) }
  }

  /// Appends bytes that end on a character boundary.
  public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    if count + bytes.count > capacity {
      handOn()
      if bytes.count > capacity {
        if let byteTarget { return byteTarget(bytes) }
        target?(String(decoding: bytes, as: UTF8.self))
        return
      }
    }
    (storage + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  private func handOn() {
    guard count > 0 else { return }
    defer { count = 0 }
    if let byteTarget { return byteTarget(UnsafeBufferPointer(start: storage, count: count)) }
    target?(String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self))
  }
}

/// An output stream that takes UTF-8 bytes as they are (a file or a socket), so that a
/// ``TextSink`` hands its pieces on without making strings of them. The stream keeps its
/// state in a reference: a copy writes to the same place.
public protocol UTF8OutputStream: TextOutputStream {
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}
