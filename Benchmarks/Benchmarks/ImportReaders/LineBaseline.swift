import BenchmarkSupport
import Foundation
import TimelineCore

#if canImport(Glibc)
  import Glibc
#endif

/// The baseline: reading a file's bytes line by line, in 256 KiB chunks, making one
/// `String` per line, which is the least work any line-based reader does.
enum LineBaseline {
  static func count(path: String) throws -> Int {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw CocoaError(.fileNoSuchFile) }
    defer { close(descriptor) }
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    var pending: [UInt8] = []
    var lines = 0
    var characters = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      chunk.withUnsafeBufferPointer { buffer in
        var start = 0
        for index in 0..<count where buffer[index] == 0x0A {
          let line: String
          if pending.isEmpty {
            line = String(
              decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
          } else {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
            line = String(decoding: pending, as: UTF8.self)
            pending.removeAll(keepingCapacity: true)
          }
          characters &+= line.utf8.count
          lines += 1
          start = index + 1
        }
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<count]))
      }
    }
    return lines &+ characters & 1
  }
}
