import TimelineCore

/// Finds repeated item ids after reading, without a hash table touched at random while
/// the items stream in: readers collect a 64-bit hash of each id in order (8 bytes an
/// item, written one after another, the only memory this takes), and at the end the
/// hashes are sorted, so only ids whose hashes meet are compared as strings.
///
/// ```swift
/// var ids = RepeatedIDs()
/// ids.record("t1")
/// ids.record("t1")
/// ids.repeats(in: items)  // [(first: 0, repeat: 1)]
/// ```
struct RepeatedIDs {
  private var hashes: [UInt64] = []
  /// Whether `hashes` is sorted (after ``repeats(in:)``).
  private var sorted = false

  /// Records the id of the next item that has one.
  mutating func record(_ id: String) {
    hashes.append(Self.hash(id))
    sorted = false
  }

  /// Each of `items` whose id repeats an earlier one's, with the earlier one, in document
  /// order. Only ids recorded here are looked for.
  mutating func repeats(in items: [TimelineItem]) -> [(first: Int, repeat: Int)] {
    sortHashes()
    var suspects = Set<UInt64>()
    var previous: UInt64?
    for hash in hashes {
      if hash == previous { suspects.insert(hash) }
      previous = hash
    }
    guard !suspects.isEmpty else { return [] }
    var firstByID: [String: Int] = [:]
    var result: [(first: Int, repeat: Int)] = []
    for (index, item) in items.enumerated() where !item.id.isEmpty {
      guard suspects.contains(Self.hash(item.id)) else { continue }
      if let first = firstByID[item.id] {
        result.append((first, index))
      } else {
        firstByID[item.id] = index
      }
    }
    return result
  }

  /// Whether an id with the hash of `id` was recorded; a rare 64-bit collision answers
  /// `true` for an id that was not, which only costs a generated id a number.
  mutating func mayContain(_ id: String) -> Bool {
    sortHashes()
    let hash = Self.hash(id)
    var low = 0
    var high = hashes.count
    while low < high {
      let middle = (low + high) / 2
      if hashes[middle] < hash { low = middle + 1 } else { high = middle }
    }
    return low < hashes.count && hashes[low] == hash
  }

  private mutating func sortHashes() {
    guard !sorted else { return }
    sorted = true
    hashes.sort()
  }

  static func hash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { hash($0) }
  }

  /// 64-bit FNV-1a.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
