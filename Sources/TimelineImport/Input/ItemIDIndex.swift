/// The ids of a document and where each was first used, in an open-addressing
/// hash table keyed by a 64-bit FNV-1a hash of the id's UTF-8, so that checking a million
/// ids for repeats costs little more than reading them (a `Dictionary<String, …>` would
/// hash each id with SipHash and keep a second reference to it).
///
/// ```swift
/// var index = ItemIDIndex()
/// index.insert(bytes, location: SourceLocation(line: 2, column: 1), isEqual: { … })  // nil
/// ```
struct ItemIDIndex {
  private struct Slot {
    var hash: UInt64
    var item: Int32
    var line: Int32
    var column: Int32
  }

  private var slots: [Slot?] = Array(repeating: nil, count: 1_024)
  private(set) var count = 0

  /// Records the id `bytes` of item number `item`; returns where it was first used when it
  /// is a repeat. `isEqual(other)` tells whether item `other` has the same id.
  mutating func insert(
    _ bytes: UnsafeBufferPointer<UInt8>, item: Int, location: SourceLocation,
    isEqual: (Int) -> Bool
  ) -> SourceLocation? {
    if (count + 1) * 2 > slots.count { grow() }
    let hash = Self.hash(bytes)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while let slot = slots[index] {
      if slot.hash == hash, isEqual(Int(slot.item)) {
        return SourceLocation(line: Int(slot.line), column: Int(slot.column))
      }
      index = (index + 1) & mask
    }
    slots[index] = Slot(
      hash: hash, item: Int32(truncatingIfNeeded: item),
      line: Int32(truncatingIfNeeded: location.line),
      column: Int32(truncatingIfNeeded: location.column))
    count += 1
    return nil
  }

  /// Whether an item with the id `bytes` was recorded.
  func contains(_ bytes: UnsafeBufferPointer<UInt8>, isEqual: (Int) -> Bool) -> Bool {
    let hash = Self.hash(bytes)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while let slot = slots[index] {
      if slot.hash == hash, isEqual(Int(slot.item)) { return true }
      index = (index + 1) & mask
    }
    return false
  }

  /// Makes room for `capacity` ids without growing.
  mutating func reserve(_ capacity: Int) {
    while capacity * 2 > slots.count { grow() }
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: old.count * 2)
    let mask = slots.count - 1
    for case let slot? in old {
      var index = Int(truncatingIfNeeded: slot.hash) & mask
      while slots[index] != nil { index = (index + 1) & mask }
      slots[index] = slot
    }
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
