import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Asks Linux to back the spare capacity of a large array with transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`, honoured when the system's setting is `madvise` or
/// `always`): filling a 100 MB item array then takes one page fault per 2 MiB instead of
/// one per 4 KiB, which is a fifth of the time a million-row import spends. Only whole
/// 2 MiB blocks inside the array's own storage are named, so nothing else is affected;
/// elsewhere, and when the kernel declines, it does nothing.
package enum HugePages {
  package static func advise<Element>(_ array: inout [Element]) {
    let bytes = array.capacity * MemoryLayout<Element>.stride
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      advise(UnsafeMutableRawBufferPointer(start: base, count: bytes))
    }
  }

  /// Faults in the whole 2 MiB blocks inside `memory` on another thread, ahead of the
  /// caller, who is about to fill it from the start: the kernel's zeroing of fresh pages
  /// (about a fifth of reading a large JSON text on this kind of machine) then runs on an
  /// idle core instead of in the filling thread's page faults. Contents are not changed
  /// (`MADV_POPULATE_WRITE`, Linux 5.14), so it is harmless if the caller gets there first,
  /// or has freed the memory; elsewhere it does nothing.
  package static func prefault(_ memory: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard memory.count >= 4 * (2 << 20) else { return }
      let (address, count) = (UInt(bitPattern: memory.baseAddress), memory.count)
      DispatchQueue.global().async {
        populate(UnsafeMutableRawBufferPointer(start: .init(bitPattern: address), count: count))
      }
    #endif
  }

  /// Faults in the whole 2 MiB blocks inside `memory` now, leaving their contents as they
  /// are; `false` when the kernel cannot (or elsewhere than Linux).
  @discardableResult
  package static func populate(_ memory: UnsafeMutableRawBufferPointer) -> Bool {
    #if os(Linux)
      guard let (start, length) = wholeBlocks(of: memory) else { return false }
      return madvise(start, length, 23) == 0  // MADV_POPULATE_WRITE
    #else
      return false
    #endif
  }

  /// Advises the whole 2 MiB blocks inside `memory`, best before it is first written.
  package static func advise(_ memory: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard let (start, length) = wholeBlocks(of: memory) else { return }
      _ = madvise(start, length, Int32(MADV_HUGEPAGE))
    #endif
  }

  /// The whole 2 MiB blocks inside `memory`, when it spans at least four.
  private static func wholeBlocks(
    of memory: UnsafeMutableRawBufferPointer
  ) -> (start: UnsafeMutableRawPointer, length: Int)? {
    let block = 2 << 20
    guard memory.count >= 4 * block, let base = memory.baseAddress else { return nil }
    let first = UInt(bitPattern: base)
    let start = (first + UInt(block - 1)) & ~UInt(block - 1)
    let end = (first + UInt(memory.count)) & ~UInt(block - 1)
    guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
    return (pointer, Int(end - start))
  }
}
