/// The keys a JSON item object may have (format v1), which are also the columns a CSV
/// header may name (all but `children`).
enum ItemKey: String, CaseIterable, UTF8Key {
  case id, kind, title, subtitle, start, end, status, statusLabel, substatusLabel
  case description, supportingText, attributes, priority, icon, statusIcon, substatusIcon
  case children
  static let names = spelled
}

/// The keys of a card object in a feed (CARD-1 … CARD-5).
enum CardKey: String, CaseIterable, UTF8Key {
  case title, subtitle, header, footer, appearance, items
  static let names = spelled
}

/// The keys of an item on a card.
enum CardItemKey: String, CaseIterable, UTF8Key {
  case title, subtitle, icon, content, description, start, status, children
  static let names = spelled
}

/// The keys of a card's `header` or `footer` object.
enum ChromeKey: String, CaseIterable, UTF8Key {
  case title, subtitle, content
  static let names = spelled
}

/// The keys of a card's `appearance` object, in the order they are checked.
enum AppearanceKey: String, CaseIterable, UTF8Key {
  case background, borderColor, lineColor, borderWidth, cornerRadius, itemShapeSize, pathWidth
  case itemShape, margins
  static let names = spelled
}

/// A fixed set of names, recognized from the UTF-8 bytes of a JSON object's key; any other
/// key is ignored.
protocol UTF8Key: RawRepresentable<String>, CaseIterable {
  /// Each name's UTF-8 with its case (`Self.spelled`), made once.
  static var names: [(utf8: [UInt8], key: Self)] { get }
}

extension UTF8Key {
  /// The name `utf8` spells, if it is one of the set. An ASCII key is compared byte by
  /// byte, without making a string of it (a feed's cards have many); any other as text,
  /// where canonically equal spellings match.
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    guard utf8.allSatisfy({ $0 < 0x80 }) else {
      self.init(rawValue: String(decoding: utf8, as: UTF8.self))
      return
    }
    let match = Self.names.first { entry in
      entry.utf8.withUnsafeBufferPointer { $0.sameBytes(as: utf8) }
    }
    guard let match else { return nil }
    self = match.key
  }

  static var spelled: [(utf8: [UInt8], key: Self)] {
    allCases.map { (Array($0.rawValue.utf8), $0) }
  }
}
