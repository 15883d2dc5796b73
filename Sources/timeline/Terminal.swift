import Foundation
import TimelineCore
import TimelineTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place the CLI asks about the process's terminal and environment.
enum Terminal {
  /// Whether standard output is a terminal.
  static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The terminal's width in cells, or `nil` when standard output is not a terminal.
  static func width() -> Int? {
    guard isTerminal else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The style for `choice`: colors only on a terminal and never with `NO_COLOR`.
  static func style(_ choice: TerminalStyleChoice) -> TerminalStyle {
    switch choice.color {
    case .always: .ansi
    case .never: .plain
    case .auto:
      .automatic(isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
    }
  }

  /// `--locale`, else the POSIX locale variables, else en_US.
  static func locale(_ identifier: String?) -> Locale {
    if let identifier { return Locale(identifier: identifier) }
    let environment = ProcessInfo.processInfo.environment
    for name in ["LC_ALL", "LC_TIME", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let base = value.split(separator: ".").first.map(String.init) ?? value
      if base == "C" || base == "POSIX" { break }
      return Locale(identifier: base)
    }
    return Locale(identifier: "en_US")
  }

  /// Writes a line to standard error.
  static func writeError(_ message: String) {
    FileHandle.standardError.write(Data(("timeline: " + message + "\n").utf8))
  }
}

/// Where a command writes: standard output, or a file given with `-o`. A file is written
/// to a temporary sibling and renamed into place by `finish()`, so a failed run never
/// leaves a half-written file. A path that is not a regular file (`/dev/null`, a pipe, a
/// terminal) is written as it is: renaming onto it would replace the device or the pipe.
struct CommandOutput: TextOutputStream, UTF8OutputStream {
  private let buffer = OutputBuffer()
  private let descriptor: Int32
  private let path: String?
  private let temporaryPath: String?
  /// Whether `finish()` closes the descriptor (a file or a device, not standard output).
  private let ownsDescriptor: Bool

  /// Standard output.
  init() {
    descriptor = STDOUT_FILENO
    path = nil
    temporaryPath = nil
    ownsDescriptor = false
  }

  /// A file at `path`; fails with the system's reason.
  init(path: String) throws {
    var info = stat()
    let isSpecial = stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
    let temporary = isSpecial ? nil : path + ".tmp-\(getpid())"
    let descriptor =
      temporary.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? open(path, O_WRONLY)
    guard descriptor >= 0 else {
      throw CommandOutputError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    self.descriptor = descriptor
    self.path = path
    temporaryPath = temporary
    ownsDescriptor = true
  }

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { write(utf8: $0) }
  }

  func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if buffer.count + bytes.count > OutputBuffer.capacity { flush() }
    if bytes.count > OutputBuffer.capacity {
      send(UnsafeRawBufferPointer(bytes))
    } else {
      buffer.append(UnsafeRawBufferPointer(bytes))
    }
  }

  func flush() {
    send(UnsafeRawBufferPointer(start: buffer.storage, count: buffer.count))
    buffer.count = 0
  }

  /// Writes `bytes` to the descriptor, all of them unless it fails.
  private func send(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { break }
      offset += written
    }
  }

  /// Writes what is buffered and, for a file, moves it into place.
  mutating func finish() throws {
    flush()
    if ownsDescriptor { close(descriptor) }
    guard let path, let temporaryPath else { return }
    guard rename(temporaryPath, path) == 0 else {
      unlink(temporaryPath)
      throw CommandOutputError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Removes a temporary file after a failure.
  func discard() {
    if ownsDescriptor { close(descriptor) }
    if let temporaryPath { unlink(temporaryPath) }
  }
}

/// The bytes a ``CommandOutput`` holds until they fill 64 KiB: copied in, never walked.
final class OutputBuffer {
  static let capacity = 1 << 16
  let storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
  var count = 0

  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    (storage + count).copyMemory(from: base, byteCount: bytes.count)
    count += bytes.count
  }

  deinit { storage.deallocate() }
}

/// A failure to write the output.
struct CommandOutputError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
