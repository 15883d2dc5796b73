#if os(Linux)
  import Glibc

  /// glibc's `mallopt` (declared in malloc.h, which the Glibc module leaves out).
  @_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// How the `timeline` program (never the libraries) keeps freed memory: up to 64 MB stays
/// for the next requests or rows instead of going back at once, which costs a system call
/// and a TLB flush on every core. Called by the long-running commands, `serve` and `import`.
func keepFreedMemory() {
  #if os(Linux)
    let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in malloc.h (a macro Swift cannot see)
    _ = mallopt(trimThreshold, 64 << 20)
  #endif
}
