import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The text of a large regular file, mapped into memory instead of copied, while a read
/// lease keeps it from changing underneath.
///
/// Copying a file of tens of megabytes costs the copy and the zeroing of as much fresh
/// memory; a mapping costs neither. But a mapped file that another process truncates would
/// end the reader with `SIGBUS`, so a file is mapped only under a read lease
/// (`F_SETLEASE`, `F_RDLCK`): Linux grants it only when no process has the file open for
/// writing, and makes any process that then opens it for writing or truncates it wait until
/// the lease is given back (``release(_:)``), when the document has been read (an opener
/// that will not wait, with `O_NONBLOCK`, is refused with `EAGAIN` meanwhile). The lease's
/// break notice is `SIGURG`, which is ignored unless a handler is set. Where a lease is
/// refused (another owner's file without `CAP_LEASE`, a file open for writing, a file
/// system without leases), or elsewhere than Linux, the file is copied as before.
///
/// ```swift
/// if let text = MappedText.map(descriptor, count: size) {
///   defer { MappedText.release(text) }
///   // read text
/// }
/// ```
enum MappedText {
  /// Files from this size on are mapped: below it, a copy costs little.
  static let threshold = 4 << 20

  #if os(Linux)
    /// `F_SETLEASE` and `F_SETSIG` (`<fcntl.h>` with `_GNU_SOURCE`, which Swift's Glibc does
    /// not define), the same on every architecture Swift runs on.
    private static let setLease: Int32 = 1_024
    private static let setSignal: Int32 = 10
  #endif

  private static let lock = NSLock()
  /// The mapped texts not given back yet, by address: their length and the descriptor that
  /// holds their lease.
  nonisolated(unsafe) private static var leases: [UInt: (count: Int, descriptor: Int32)] = [:]

  /// The `count` bytes of the regular file open as `descriptor`, mapped under a read
  /// lease of their own, or `nil` when the file is smaller than ``threshold`` or cannot be
  /// leased and mapped.
  static func map(_ descriptor: Int32, count: Int) -> UnsafeBufferPointer<UInt8>? {
    #if os(Linux)
      guard count >= threshold else { return nil }
      // A descriptor of its own, so that the lease lasts as long as the mapping, whatever
      // becomes of the caller's.
      let lease = dup(descriptor)
      guard lease >= 0 else { return nil }
      var info = stat()
      guard fcntl(lease, setSignal, SIGURG) == 0, fcntl(lease, setLease, F_RDLCK) == 0,
        fstat(lease, &info) == 0, Int(info.st_size) == count,
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, lease, 0),
        address != MAP_FAILED
      else {
        close(lease)
        return nil
      }
      lock.withLock { leases[UInt(bitPattern: address)] = (count, lease) }
      return UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    #else
      return nil
    #endif
  }

  /// Whether `text` is a mapped text not given back yet.
  static func isMapped(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    lock.withLock { leases[UInt(bitPattern: text.baseAddress)] != nil }
  }

  /// Gives back a text the reader took over: ends its lease and unmaps it (on another
  /// thread) when it was mapped, else deallocates it (it was allocated with `allocate`).
  static func release(_ text: UnsafeBufferPointer<UInt8>) {
    let lease = lock.withLock { leases.removeValue(forKey: UInt(bitPattern: text.baseAddress)) }
    guard let lease else { return text.deallocate() }
    #if os(Linux)
      // Ended explicitly: the caller's descriptor may share the lease and stay open.
      _ = fcntl(lease.descriptor, setLease, F_UNLCK)
      close(lease.descriptor)
      // Nothing reads the text any more, so the file may change now; unmapping a large
      // text takes a while, which another core spends.
      let (address, count) = (UInt(bitPattern: text.baseAddress), lease.count)
      DispatchQueue.global().async {
        munmap(UnsafeMutableRawPointer(bitPattern: address), count)
      }
    #endif
  }
}
