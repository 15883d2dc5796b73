#if canImport(Glibc)
  import Glibc
#endif
import Dispatch

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
      let block = 2 << 20
      guard memory.count >= 4 * block, let base = memory.baseAddress else { return }
      let first = UInt(bitPattern: base)
      let start = (first + UInt(block - 1)) & ~UInt(block - 1)
      let end = (first + UInt(memory.count)) & ~UInt(block - 1)
      guard end > start else { return }
      let (address, length) = (start, Int(end - start))
      DispatchQueue.global().async {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return }
        _ = madvise(pointer, length, 23)  // MADV_POPULATE_WRITE
      }
    #endif
  }

  /// Advises the whole 2 MiB blocks inside `memory`, best before it is first written.
  package static func advise(_ memory: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      let block = 2 << 20
      guard memory.count >= 4 * block, let base = memory.baseAddress else { return }
      let first = UInt(bitPattern: base)
      let start = (first + UInt(block - 1)) & ~UInt(block - 1)
      let end = (first + UInt(memory.count)) & ~UInt(block - 1)
      guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(pointer, Int(end - start), Int32(MADV_HUGEPAGE))
    #endif
  }
}
