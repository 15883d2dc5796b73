import Foundation
import TimelineImport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress bar on standard error for reading large files, drawn only when standard
/// error is a terminal, redrawn only when the shown percentage changes, and erased at the
/// end.
///
/// ```text
/// Reading team.ics [##########----------]  50%
/// ```
final class ProgressBar: @unchecked Sendable {
  /// Files smaller than this read too quickly to need a bar.
  static let threshold = 8 << 20

  private let label: String
  private var shown = -1

  private init(label: String) { self.label = label }

  /// A bar for reading `file`, or `nil` when standard error is not a terminal or the file
  /// is small or of unknown size.
  static func forStandardError(file: String) -> ProgressBar? {
    guard isatty(STDERR_FILENO) == 1, file != "-" else { return nil }
    var info = stat()
    guard stat(file, &info) == 0, Int(info.st_size) >= threshold else { return nil }
    return ProgressBar(
      label: "Reading " + (file.split(separator: "/").last.map(String.init) ?? file))
  }

  /// A bar for a copy of `count` rows, or `nil` when standard error is not a terminal or
  /// the copy is small.
  static func forCopy(label: String, count: Int) -> ProgressBar? {
    guard isatty(STDERR_FILENO) == 1, count >= 20_000 else { return nil }
    return ProgressBar(label: label)
  }

  /// Draws the bar for `progress`.
  func update(_ progress: ReadProgress) {
    guard let fraction = progress.fraction else { return }
    let percent = Int(fraction * 100)
    guard percent != shown else { return }
    shown = percent
    let width = 30
    let filled = percent * width / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let text =
      "\r\(label) [\(bar)] \(String(repeating: " ", count: 3 - String(percent).count))\(percent)%"
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Erases the bar.
  func finish() {
    guard shown >= 0 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    shown = -1
  }
}
