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

/// An estimate of the memory the items of a document occupy: the items' storage, heap
/// strings (more than 15 UTF-8 bytes), attribute arrays and the box of rarely given
/// fields, each heap object counted as the chunk glibc's malloc gives it (the request plus
/// 8 bytes, rounded up to 16, at least 32).
enum ModelSize {
  static func chunk(_ request: Int) -> Int { max(32, (request + 8 + 15) & ~15) }

  static func estimate(_ document: TimelineDocument) -> Int {
    func string(_ text: String?) -> Int {
      guard let text, text.utf8.count > 15 else { return 0 }
      return chunk(32 + text.utf8.count + 1)
    }
    var total = chunk(32 + document.items.capacity * MemoryLayout<TimelineItem>.stride)
    for item in document.items {
      total +=
        string(item.id) + string(item.title) + string(item.subtitle) + string(item.statusLabel)
      total += string(item.substatusLabel) + string(item.description) + string(item.supportingText)
      total += string(item.icon)
      if item.substatusLabel != nil || item.description != nil || item.supportingText != nil
        || item.icon != nil || !item.children.isEmpty
      {
        total += chunk(16 + 72)
      }
      if !item.attributes.isEmpty {
        total +=
          chunk(32 + item.attributes.capacity * 16) + item.attributes.reduce(0) { $0 + string($1) }
      }
    }
    return total
  }
}
