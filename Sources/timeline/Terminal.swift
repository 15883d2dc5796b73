import Foundation
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

/// Standard output as a text stream, written in 64 KiB blocks; `flush()` writes the rest.
struct StandardOutput: TextOutputStream {
  private var buffer: [UInt8] = []

  mutating func write(_ string: String) {
    buffer.append(contentsOf: string.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes {
        systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count)
      }
      if written <= 0 { break }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
