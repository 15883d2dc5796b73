import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The text of a large regular file, mapped into memory instead of copied, under a read
/// lease and with a guard for the file being cut short all the same.
///
/// Copying a file of tens of megabytes costs the copy and the zeroing of as much fresh
/// memory; a mapping costs neither. But reading a mapped file that another process has
/// truncated raises `SIGBUS`. Two things keep that from ending the reader:
/// - A read lease (`F_SETLEASE`, `F_RDLCK`). Linux grants it only when no process has the
///   file open for writing, and makes a process that then opens it for writing or
///   truncates it wait until the lease is given back (``release(_:)``), when the document
///   has been read. An opener that will not wait (`O_NONBLOCK`) is refused with `EAGAIN`
///   meanwhile. The lease's break notice is `SIGURG`, which is ignored unless a handler is
///   set.
/// - A `SIGBUS` handler, for a writer that waited longer than the system's
///   `lease-break-time` (the reader stopped with Ctrl-Z, say): a fault inside a mapped text
///   maps zeros over the rest of it and marks it cut (``wasCut(_:)``); the reader then
///   reports the file as cut short instead of anything it made of it.
///
/// Any other fault goes to the handler set before (Swift's backtracer, or the default).
/// Where a lease is refused (another owner's file without `CAP_LEASE`, a file open for
/// writing, a file system without leases), or elsewhere than Linux, the file is copied as
/// before.
///
/// ```swift
/// if let text = MappedText.map(descriptor, count: size) {
///   defer { MappedText.release(text) }
///   // read text, then check MappedText.wasCut(text)
/// }
/// ```
enum MappedText {
  /// Files from this size on are mapped: below it, a copy costs little.
  static let threshold = 4 << 20

  /// The error for a file that was cut short while it was read.
  static func cutShort(_ file: String) -> DocumentError {
    DocumentError(
      file: file, line: 1, column: 1,
      message: "the file was cut short by another program while it was read; read it again")
  }

  private static let lock = NSLock()
  /// The mapped texts not given back yet, by address: their length, the descriptor that
  /// holds their lease, and their slot in ``Guard``.
  nonisolated(unsafe) private static var leases:
    [UInt: (count: Int, descriptor: Int32, slot: Int)] = [:]

  #if os(Linux)
    /// `F_SETLEASE` and `F_SETSIG` (`<fcntl.h>` with `_GNU_SOURCE`, which Swift's Glibc does
    /// not define), the same on every architecture Swift runs on.
    private static let setLease: Int32 = 1_024
    private static let setSignal: Int32 = 10
  #endif

  /// The `count` bytes of the regular file open as `descriptor`, mapped under a read
  /// lease of their own, or `nil` when the file is smaller than ``threshold`` or cannot be
  /// leased, guarded and mapped.
  static func map(_ descriptor: Int32, count: Int) -> UnsafeBufferPointer<UInt8>? {
    #if os(Linux)
      guard count >= threshold, Guard.install() else { return nil }
      // A descriptor of its own, so that the lease lasts as long as the mapping, whatever
      // becomes of the caller's.
      let lease = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
      guard lease >= 0 else { return nil }
      guard fcntl(lease, setSignal, SIGURG) == 0, fcntl(lease, setLease, F_RDLCK) == 0 else {
        close(lease)
        return nil
      }
      var info = stat()
      guard fstat(lease, &info) == 0, Int(info.st_size) == count,
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, lease, 0),
        address != MAP_FAILED
      else {
        // The lease belongs to the open file, which the caller's descriptor shares.
        _ = fcntl(lease, setLease, F_UNLCK)
        close(lease)
        return nil
      }
      let start = UInt(bitPattern: address)
      guard let slot = Guard.take(start..<start + UInt(count)) else {
        munmap(address, count)
        _ = fcntl(lease, setLease, F_UNLCK)
        close(lease)
        return nil
      }
      lock.withLock { leases[start] = (count, lease, slot) }
      return UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    #else
      return nil
    #endif
  }

  /// Whether `text` is a mapped text not given back yet.
  static func isMapped(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    lock.withLock { leases[UInt(bitPattern: text.baseAddress)] != nil }
  }

  /// Whether the file of the mapped text `text` was found cut short while it was read: the
  /// text then reads as zeros from there on, and nothing made of it may be used.
  static func wasCut(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    #if os(Linux)
      guard let lease = lock.withLock({ leases[UInt(bitPattern: text.baseAddress)] }) else {
        return false
      }
      // A read of the last page, which the file still partly holds, finds zeros without a
      // fault: the file's size tells.
      var info = stat()
      return Guard.wasCut(lease.slot) || fstat(lease.descriptor, &info) != 0
        || Int(info.st_size) != lease.count
    #else
      return false
    #endif
  }

  /// Ends the lease of the mapped text `text` early, leaving it mapped: what the system
  /// does to a lease not given back within its `lease-break-time`. For tests.
  static func endLease(of text: UnsafeBufferPointer<UInt8>) {
    #if os(Linux)
      guard let lease = lock.withLock({ leases[UInt(bitPattern: text.baseAddress)] }) else {
        return
      }
      _ = fcntl(lease.descriptor, setLease, F_UNLCK)
    #endif
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
      Guard.free(lease.slot)
      // Nothing reads the text any more, so the file may change now; unmapping a large
      // text takes a while, which another core spends.
      let (address, count) = (UInt(bitPattern: text.baseAddress), lease.count)
      DispatchQueue.global().async {
        munmap(UnsafeMutableRawPointer(bitPattern: address), count)
      }
    #endif
  }
}

#if os(Linux)
  /// The `SIGBUS` handler's view of the mapped texts: a fixed table of slots (start, end,
  /// cut), made before the handler is set and never freed, which the handler reads without
  /// locks or allocation.
  private enum Guard {
    static let slotCount = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UInt> = {
      let slots = UnsafeMutablePointer<UInt>.allocate(capacity: slotCount * 3)
      slots.initialize(repeating: 0, count: slotCount * 3)
      return slots
    }()
    nonisolated(unsafe) static var pageSize: UInt = 4_096
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: Bool?

    /// The handler that was set before (Swift's backtracer, or the default), which any
    /// other fault goes to.
    nonisolated(unsafe) static var previous = sigaction()

    /// Sets the handler once; whether it is set.
    static func install() -> Bool {
      lock.withLock {
        if let installed { return installed }
        _ = slots
        pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = onBusError
        action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        let done = sigaction(SIGBUS, &action, &previous) == 0
        installed = done
        return done
      }
    }

    /// A free slot for the text at `range`, or `nil` when all are taken.
    static func take(_ range: Range<UInt>) -> Int? {
      lock.withLock {
        guard let slot = (0..<slotCount).first(where: { slots[$0 * 3] == 0 }) else { return nil }
        slots[slot * 3 + 1] = range.upperBound
        slots[slot * 3 + 2] = 0
        slots[slot * 3] = range.lowerBound
        return slot
      }
    }

    static func wasCut(_ slot: Int) -> Bool { lock.withLock { slots[slot * 3 + 2] != 0 } }

    static func free(_ slot: Int) { lock.withLock { slots[slot * 3] = 0 } }
  }

  /// The `SIGBUS` handler: a fault inside a mapped text (its file cut short) maps zeros over
  /// the rest of the text, from the faulting page on, and marks it cut; the faulting read
  /// is then retried and finds zeros. Any other fault goes to the handler set before.
  private func onBusError(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
    let slots = Guard.slots
    for slot in 0..<Guard.slotCount {
      let start = slots[slot * 3]
      let end = slots[slot * 3 + 1]
      guard start != 0, address >= start, address < end else { continue }
      let page = address & ~(Guard.pageSize - 1)
      let zeros = mmap(
        UnsafeMutableRawPointer(bitPattern: page), Int(end - page), PROT_READ,
        MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0)
      if zeros != MAP_FAILED {
        slots[slot * 3 + 2] = 1
        return
      }
    }
    // Not a mapped text's: to the handler set before, as if this one were not (the fault
    // recurs on return).
    sigaction(SIGBUS, &Guard.previous, nil)
  }
#endif
