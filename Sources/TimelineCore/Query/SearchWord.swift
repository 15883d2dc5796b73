import Foundation

/// A search word folded for case- and diacritic-insensitive matching, with a fast path for
/// ASCII text that needs no allocation.
struct SearchWord: Sendable {
  /// The folded word ("müller" → "muller").
  let folded: String
  /// The folded word's bytes when it is ASCII.
  let ascii: [UInt8]?

  init(_ word: String) {
    folded = Self.fold(word)
    ascii = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
  }

  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// Whether `text` contains this word, ignoring case and diacritics.
  func isFound(in text: String) -> Bool {
    if let ascii, let result = Self.asciiContains(text, ascii) { return result }
    return Self.fold(text).contains(folded)
  }

  /// Whether `text` equals this word, ignoring case and diacritics.
  func equals(_ text: String) -> Bool { Self.fold(text) == folded }

  /// Case-insensitive search of lowercase ASCII `needle` in `text`; `nil` when `text` is
  /// not ASCII (and needs folding).
  static func asciiContains(_ text: String, _ needle: [UInt8]) -> Bool? {
    var text = text
    return text.withUTF8 { haystack -> Bool? in
      var index = 0
      let count = haystack.count
      let found = needle.isEmpty
      while index < count {
        let byte = haystack[index]
        if byte >= 0x80 { return nil }
        if !found, index + needle.count <= count, lower(byte) == needle[0] {
          var offset = 1
          while offset < needle.count, lower(haystack[index + offset]) == needle[offset] {
            offset += 1
          }
          if offset == needle.count { return true }
        }
        index += 1
      }
      return found
    }
  }

  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
