import Foundation
import TimelineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file, standard input or a byte array read in fixed-size chunks, so that readers can
/// parse input of any size while holding one chunk at a time.
///
/// Failures to open or read are ``DocumentError``s at 1:1 with the system's reason.
/// ``peekPrefix()`` lets a caller look at the start of the input (to detect its format)
/// without consuming it.
///
/// ```swift
/// let input = try ChunkedInput(path: "calendar.ics")
/// while try input.withNextChunk({ chunk in parser.consume(chunk) }) {}
/// ```
public final class ChunkedInput {
  /// The default chunk size: 256 KiB.
  public static let defaultChunkSize = 1 << 18

  /// The input's name in errors: the path, or `<stdin>`.
  public let name: String
  /// The input's size in bytes when known (regular files and byte arrays).
  public let totalBytes: Int?
  /// How many bytes have been handed out so far.
  public private(set) var bytesRead = 0

  private enum Source {
    case descriptor(Int32, owned: Bool)
    case memory([UInt8], position: Int)
  }

  private var source: Source
  private var buffer: [UInt8]
  /// A chunk read by ``peekPrefix()`` and not handed out yet.
  private var peeked: Int?
  private var atEnd = false

  /// Opens the file at `path`, or standard input when `path` is `-`.
  public init(path: String, chunkSize: Int = defaultChunkSize) throws(DocumentError) {
    buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
    if path == "-" {
      name = InputFile.standardInputName
      source = .descriptor(STDIN_FILENO, owned: false)
      totalBytes = nil
      return
    }
    name = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure(path, errno) }
    var info = stat()
    let isFile = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    totalBytes = isFile ? Int(info.st_size) : nil
    source = .descriptor(descriptor, owned: true)
  }

  /// Serves `bytes` in chunks of `chunkSize`, as if they were a file named `name`.
  public init(bytes: [UInt8], name: String, chunkSize: Int = defaultChunkSize) {
    self.name = name
    totalBytes = bytes.count
    buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
    source = .memory(bytes, position: 0)
  }

  deinit {
    if case .descriptor(let descriptor, owned: true) = source { close(descriptor) }
  }

  /// Calls `body` with the next chunk and returns `true`, or returns `false` at the end.
  public func withNextChunk(
    _ body: (UnsafeBufferPointer<UInt8>) throws(DocumentError) -> Void
  ) throws(DocumentError) -> Bool {
    var count = peeked ?? 0
    if peeked == nil { count = try fill() }
    peeked = nil
    guard count > 0 else { return false }
    bytesRead += count
    try buffer.withUnsafeBufferPointer { (whole) throws(DocumentError) in
      try body(UnsafeBufferPointer(rebasing: whole[0..<count]))
    }
    return true
  }

  /// Reads the rest of the input into one buffer allocated with `allocate`, which the
  /// caller then owns; `progress` is called after each chunk.
  ///
  /// The bytes go straight from the system into the buffer, sized by ``totalBytes`` when
  /// known (and grown if the file grows meanwhile): a large document is copied once, and
  /// the copy stays as it was read, whatever another program then does to the file.
  func readAll(progress: () -> Void) throws(DocumentError) -> UnsafeBufferPointer<UInt8> {
    // One byte more than the file holds, so that its end is found without growing.
    var whole = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: max(totalBytes.map { $0 - bytesRead + 1 } ?? buffer.count, buffer.count))
    var count = 0
    do throws(DocumentError) {
      if let peeked {
        self.peeked = nil
        count = whole.initialize(fromContentsOf: buffer[0..<peeked])
        bytesRead += peeked
        progress()
      }
      while true {
        if count == whole.count {
          let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: whole.count * 2)
          _ = larger.initialize(fromContentsOf: whole)
          whole.deallocate()
          whole = larger
        }
        let target = UnsafeMutableBufferPointer(
          rebasing: whole[count..<min(whole.count, count + buffer.count)])
        let read = try fill(target)
        guard read > 0 else { break }
        count += read
        bytesRead += read
        progress()
      }
    } catch {
      whole.deallocate()
      throw error
    }
    return UnsafeBufferPointer(rebasing: whole[0..<count])
  }

  /// The first bytes of the input (up to one chunk), without consuming them.
  public func peekPrefix() throws(DocumentError) -> [UInt8] {
    if peeked == nil, bytesRead == 0 { peeked = try fill() }
    return Array(buffer[0..<(peeked ?? 0)])
  }

  /// Reads up to one chunk into `buffer`; 0 at the end.
  private func fill() throws(DocumentError) -> Int {
    try buffer.withUnsafeMutableBufferPointer { (target) throws(DocumentError) in
      try fill(target)
    }
  }

  /// Reads up to `target.count` bytes into `target`, filling it whole where possible (so
  /// that pipes deliver chunks of full size); 0 at the end.
  private func fill(_ target: UnsafeMutableBufferPointer<UInt8>) throws(DocumentError) -> Int {
    if atEnd || target.isEmpty { return 0 }
    switch source {
    case .memory(let bytes, let position):
      let chunk = bytes[position..<min(bytes.count, position + target.count)]
      let count = target.update(fromContentsOf: chunk)
      source = .memory(bytes, position: position + count)
      return count
    case .descriptor(let descriptor, _):
      var filled = 0
      while filled < target.count {
        let count = read(descriptor, target.baseAddress! + filled, target.count - filled)
        if count == 0 {
          atEnd = true
          break
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw Self.failure(name, errno)
        }
        filled += count
      }
      return filled
    }
  }

  private static func failure(_ name: String, _ code: Int32) -> DocumentError {
    let reason = String(cString: strerror(code))
    return DocumentError(file: name, line: 1, column: 1, message: "cannot read file: \(reason)")
  }
}
