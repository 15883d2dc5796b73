import TimelineCore

/// The keys a JSON item object may have (format v1), which are also the columns a CSV
/// header may name (all but `children`); any other key is ignored.
enum ItemKey: String, CaseIterable, UTF8Key {
  case id, kind, title, subtitle, start, end, status, statusLabel, substatusLabel
  case description, supportingText, attributes, priority, icon, statusIcon, substatusIcon
  case children
}

/// The keys of a card object in a feed (CARD-1 … CARD-5); any other key is ignored.
enum CardKey: String, UTF8Key {
  case title, subtitle, header, footer, appearance, items
}

/// The keys of an item on a card; any other key is ignored.
enum CardItemKey: String, UTF8Key {
  case title, subtitle, icon, content, description, start, status, children
}

/// The keys of a card's `header` or `footer` object; any other key is ignored.
enum ChromeKey: String, UTF8Key {
  case title, subtitle, content
}

/// A fixed set of names, recognized from the UTF-8 bytes of a JSON object's key.
protocol UTF8Key: RawRepresentable<String> {}

extension UTF8Key {
  /// The name `utf8` spells, if it is one of the set (invalid UTF-8 spells none).
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    self.init(rawValue: String(decoding: utf8, as: UTF8.self))
  }
}
