import Foundation

/// A value behind a lock, shared between tasks and threads (`Synchronization.Mutex` needs
/// macOS 15; the package supports macOS 14).
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, no other caller in between.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
