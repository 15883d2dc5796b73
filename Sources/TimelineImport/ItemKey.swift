import TimelineCore

/// The keys a JSON item object may have (format v1); any other key is ignored.
///
/// Keys are recognized from their UTF-8 bytes, so reading a large document creates no
/// `String` for them.
enum ItemKey: String, CaseIterable, UTF8Key {
  case id, kind, title, subtitle, start, end, status, statusLabel, substatusLabel
  case description, supportingText, attributes, priority, icon, statusIcon, substatusIcon
  case children

  /// The key whose name is exactly `utf8`, if any.
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    guard let first = utf8.first else { return nil }
    // Narrow down by length and first letter, then compare the whole name.
    let candidate: ItemKey? =
      switch (utf8.count, first) {
      case (2, _): .id
      case (3, _): .end
      case (4, 0x6B): .kind  // k
      case (4, 0x69): .icon  // i
      case (5, 0x74): .title  // t
      case (5, 0x73): .start  // s
      case (6, _): .status
      case (8, 0x73): .subtitle  // s
      case (8, 0x70): .priority  // p
      case (8, 0x63): .children  // c
      case (10, 0x61): .attributes  // a
      case (10, 0x73): .statusIcon  // s
      case (11, 0x73): .statusLabel  // s
      case (11, 0x64): .description  // d
      case (13, _): .substatusIcon
      case (14, 0x73): utf8[2] == 0x70 ? .supportingText : .substatusLabel  // p
      default: nil
      }
    guard let candidate, candidate.matches(utf8) else { return nil }
    self = candidate
  }
}

/// The keys of a card object in a feed (CARD-1 … CARD-5); any other key is ignored.
enum CardKey: String, CaseIterable, UTF8Key {
  case title, subtitle, header, footer, appearance, items

  /// The key whose name is exactly `utf8`, if any.
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    guard let first = utf8.first else { return nil }
    let candidate: CardKey? =
      switch (utf8.count, first) {
      case (5, 0x74): .title  // t
      case (5, 0x69): .items  // i
      case (8, _): .subtitle
      case (6, 0x68): .header  // h
      case (6, 0x66): .footer  // f
      case (10, _): .appearance
      default: nil
      }
    guard let candidate, candidate.matches(utf8) else { return nil }
    self = candidate
  }
}

/// The keys of an item on a card; any other key is ignored.
enum CardItemKey: String, CaseIterable, UTF8Key {
  case title, subtitle, icon, content, description, start, status, children

  /// The key whose name is exactly `utf8`, if any.
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    guard let first = utf8.first else { return nil }
    let candidate: CardItemKey? =
      switch (utf8.count, first) {
      case (4, _): .icon
      case (5, 0x74): .title  // t
      case (5, 0x73): .start  // s
      case (6, _): .status
      case (7, _): .content
      case (8, 0x73): .subtitle  // s
      case (8, 0x63): .children  // c
      case (11, _): .description
      default: nil
      }
    guard let candidate, candidate.matches(utf8) else { return nil }
    self = candidate
  }
}

/// The keys of a card's `header` or `footer` object; any other key is ignored.
enum ChromeKey: String, CaseIterable, UTF8Key {
  case title, subtitle, content

  /// The key whose name is exactly `utf8`, if any.
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    let candidate: ChromeKey? =
      switch utf8.count {
      case 5: .title
      case 8: .subtitle
      case 7: .content
      default: nil
      }
    guard let candidate, candidate.matches(utf8) else { return nil }
    self = candidate
  }
}

/// The statuses an item may have, recognized from their UTF-8 bytes without making a
/// `String` of them.
extension ItemStatus: UTF8Key {
  init?(utf8: UnsafeBufferPointer<UInt8>) {
    let candidate: ItemStatus? =
      switch utf8.count {
      case 4: .open
      case 10: .inProgress
      case 9: .completed
      case 5: .empty
      default: nil
      }
    guard let candidate, candidate.matches(utf8) else { return nil }
    self = candidate
  }
}

/// A set of object keys recognized from their UTF-8 bytes.
protocol UTF8Key: RawRepresentable<String> {}

extension UTF8Key {
  /// Whether `utf8` spells this key's name.
  ///
  /// Names are short: a loop costs less than a call to `memcmp`.
  func matches(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var name = rawValue
    return name.withUTF8 { expected in
      guard expected.count == utf8.count else { return false }
      var position = 0
      while position < expected.count {
        if expected[position] != utf8[position] { return false }
        position += 1
      }
      return true
    }
  }
}
