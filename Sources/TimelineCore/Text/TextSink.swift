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

  // One writer at a time by design (the sink is not shared across threads), so accesses
  // need no dynamic exclusivity checks: they would cost more than the copies themselves.
  @usableFromInline @exclusivity(unchecked) var storage: UnsafeMutablePointer<UInt8>
  @usableFromInline @exclusivity(unchecked) var capacity: Int
  /// A sink that keeps everything written, growing as needed, instead of handing it on.
  @usableFromInline let grows: Bool
  @usableFromInline @exclusivity(unchecked) var count = 0
  @exclusivity(unchecked) private var target: ((String) -> Void)?
  @exclusivity(unchecked) private var byteTarget: ((UnsafeBufferPointer<UInt8>) -> Void)?

  private init(grows: Bool = false, capacity: Int = TextSink.pieceSize + 4096) {
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
    self.grows = grows
  }

  /// A sink that keeps what is written until ``removeAll()``, for a part written apart and
  /// appended to another sink later; its memory is kept for the next part.
  package static func growing() -> TextSink { TextSink(grows: true) }

  /// What a growing sink holds.
  package var contents: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: storage, count: count)
  }

  /// Empties a growing sink, keeping its memory.
  package func removeAll() { count = 0 }

  @usableFromInline
  func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStorage.update(from: storage, count: count)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
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
    let write = { (piece: String) in output.write(piece) }
    try withoutActuallyEscaping(write) { target in
      sink.target = target
      defer {
        sink.handOn()
        sink.target = nil
      }
      try body(sink)
    }
  }

  /// The text `body` writes, as one string (a quoted value, a test, a small document): a
  /// small sink that grows, so that a short text costs a short buffer.
  public static func text(_ body: (TextSink) throws -> Void) rethrows -> String {
    let sink = TextSink(grows: true, capacity: 64)
    try body(sink)
    return String(decoding: sink.contents, as: UTF8.self)
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
  @inlinable
  public func write(_ literal: StaticString) {
    if literal.hasPointerRepresentation {
      append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    } else {
      write(literal.description)
    }
  }

  /// Appends one ASCII byte.
  @inlinable
  public func write(ascii byte: UInt8) {
    if count == capacity {
      if grows { grow(toHold: count + 1) } else { handOn() }
    }
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

  /// Appends `count` spaces.
  public func write(spaces count: Int) {
    let block: StaticString = "                                                                "
    var left = count
    while left > 0 {
      let length = min(left, block.utf8CodeUnitCount)
      append(UnsafeBufferPointer(start: block.utf8Start, count: length))
      left -= length
    }
  }

  /// Appends bytes that end on a character boundary.
  @inlinable
  public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    if count + bytes.count > capacity {
      if grows {
        grow(toHold: count + bytes.count)
      } else {
        handOn()
      }
      if bytes.count > capacity {
        handOnDirectly(bytes)
        return
      }
    }
    (storage + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  @usableFromInline
  func handOnDirectly(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let byteTarget { return byteTarget(bytes) }
    target?(String(decoding: bytes, as: UTF8.self))
  }

  @usableFromInline
  func handOn() {
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

/// Finds, eight bytes at a time, where plain text ends: the escapers of JSON and markup copy
/// the long runs between the few bytes they replace.
public enum PlainRun {
  /// The first index at or after `index` whose 8-byte word may hold a control character, a
  /// byte of 0x80 or more, or one of `special` (up to 5 ASCII bytes); `index` itself when
  /// fewer than 8 bytes remain. Bytes before it need no escaping.
  @inlinable
  public static func end(
    in bytes: UnsafeBufferPointer<UInt8>, from index: Int,
    special: (UInt8, UInt8, UInt8, UInt8, UInt8)
  ) -> Int {
    guard let base = bytes.baseAddress else { return index }
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = index
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      var found = ((word &- ones &* 0x20) & ~word) | word
      found |= matches(word, special.0) | matches(word, special.1) | matches(word, special.2)
      found |= matches(word, special.3) | matches(word, special.4)
      if found & 0x8080_8080_8080_8080 != 0 { return index }
      index += 8
    }
    return index
  }

  @inlinable
  static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let zeroWhereEqual = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (zeroWhereEqual &- 0x0101_0101_0101_0101) & ~zeroWhereEqual
  }
}
