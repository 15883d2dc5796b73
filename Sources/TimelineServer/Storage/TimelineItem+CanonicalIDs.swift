import Foundation
import TimelineCore

extension TimelineItem {
  /// The item with its id and its children's in Unicode NFC.
  ///
  /// Two ids that are canonically equal ("é" written as one character or as "e" and a
  /// combining accent) are the same id to the readers, which compare text; a store
  /// compares bytes. Ids are made NFC on their way into a store, so that the store refuses
  /// the second as a repeat, as a reader would, and an export always imports again.
  ///
  /// ```swift
  /// TimelineItem(id: "cafe\u{301}", title: "T", start: start).withCanonicalIDs.id  // "café"
  /// ```
  var withCanonicalIDs: TimelineItem {
    var item = self
    item.id = Self.canonicalID(id)
    item.children = children.map(\.withCanonicalIDs)
    return item
  }

  /// `id` in Unicode NFC (ASCII, the common case, is NFC already).
  static func canonicalID(_ id: String) -> String {
    id.utf8.allSatisfy { $0 < 0x80 } ? id : id.precomposedStringWithCanonicalMapping
  }
}
