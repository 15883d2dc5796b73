import TimelineCore

/// An estimate of the memory the items of a document occupy: the items' storage, heap
/// strings (more than 15 UTF-8 bytes), attribute arrays and the box of rarely given
/// fields, each heap object counted as the chunk glibc's malloc gives it (the request plus
/// 8 bytes, rounded up to 16, at least 32).
public enum ModelSize {
  public static func chunk(_ request: Int) -> Int { max(32, (request + 8 + 15) & ~15) }

  public static func estimate(_ document: TimelineDocument) -> Int {
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
