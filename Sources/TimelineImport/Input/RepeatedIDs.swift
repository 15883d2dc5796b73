import TimelineCore

/// Finds repeated item ids after reading, without a hash table touched at random while
/// the items stream in: readers collect a 64-bit hash of each id in order (8 bytes an
/// item, written one after another, the only memory this takes), and at the end the
/// hashes are sorted in place, so only ids whose hashes meet are compared as strings.
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

  /// The number of ids recorded.
  var count: Int { hashes.count }

  /// Records the id of the next item that has one.
  mutating func record(_ id: String) {
    hashes.append(Self.hash(id))
    sorted = false
  }

  /// Records `bytes`, the UTF-8 of an id.
  mutating func record(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    hashes.append(Self.hash(bytes))
    sorted = false
  }

  /// Makes room for `capacity` ids.
  mutating func reserve(_ capacity: Int) { hashes.reserveCapacity(capacity) }

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

  /// Sorts the hashes in place, without a second array: each goes straight to the bucket
  /// of its top 16 bits (an American flag sort), then each bucket, a handful of hashes
  /// when they are spread as hashes are, is sorted on its own.
  private mutating func sortHashes() {
    guard !sorted else { return }
    sorted = true
    guard hashes.count > 64 else {
      hashes.sort()
      return
    }
    let buckets = 1 << 16
    func bucket(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 48) }
    var next = [Int](repeating: 0, count: buckets + 1)
    hashes.withUnsafeMutableBufferPointer { hashes in
      next.withUnsafeMutableBufferPointer { next in
        for hash in hashes { next[bucket(hash) + 1] += 1 }
        for index in 1...buckets { next[index] += next[index - 1] }
        // `next[b]` is the first unplaced slot of bucket b; `next[b + 1]` bounds it until
        // bucket b + 1 starts being filled, so keep the ends apart.
        var ends = [Int](repeating: 0, count: buckets)
        for index in 0..<buckets { ends[index] = next[index + 1] }
        for target in 0..<buckets {
          while next[target] < ends[target] {
            var hash = hashes[next[target]]
            var home = bucket(hash)
            while home != target {
              swap(&hash, &hashes[next[home]])
              next[home] += 1
              home = bucket(hash)
            }
            hashes[next[target]] = hash
            next[target] += 1
          }
        }
        var start = 0
        for end in ends {
          if end - start > 1 {
            var slice = UnsafeMutableBufferPointer(rebasing: hashes[start..<end])
            if slice.count <= 32 {
              // Insertion sort for the usual few.
              for index in 1..<slice.count {
                let value = slice[index]
                var position = index
                while position > 0, slice[position - 1] > value {
                  slice[position] = slice[position - 1]
                  position -= 1
                }
                slice[position] = value
              }
            } else {
              slice.sort()
            }
          }
          start = end
        }
      }
    }
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
