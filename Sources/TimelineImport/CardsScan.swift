import Foundation
import TimelineCore

/// Checks the cards of a feed straight from the text, without recording them on a tape:
/// the fast way to check the many cards a page does not show.
///
/// The scan is conservative. It accepts a card only when the parser and
/// ``TimelineJSONMapper`` would both accept it too: well-formed JSON nested no deeper than
/// the parse allows, no key repeated in an object, and every member the mapper reads of the
/// type it wants (see ``TimelineJSONMapper/cards(_:)``). Anything it does not recognize as
/// plainly valid makes it unsure: a flaw, but also an escaped key, or an escaped date,
/// status, color or shape. Its caller then checks the cards the full way, which finds the
/// first flaw and words its error, so the scan never has to explain one.
///
/// ```swift
/// var scan = CardsScan(text: text, maxDepth: 128)
/// if case .closed(let end)? = scan.cards(from: afterBracket, depth: 2) {
///   scan.starts.count  // the cards, all valid, and `end` is just after the array's `]`
/// }
/// ```
struct CardsScan {
  /// Where a scan of cards stopped.
  enum Stop: Equatable {
    /// The array closed; `end` is just after its `]`.
    case closed(end: Int)
    /// The next card starts at `start`, at or after the limit the scan was given.
    case reached(start: Int)
  }

  /// Something the scan does not accept.
  private struct Unsure: Error {}

  private let bytes: UnsafeBufferPointer<UInt8>
  private let maxDepth: Int
  /// What each byte is inside a string (see ``Kind``).
  private let kinds = Kind.table
  private var index = 0
  private var depth = 0
  /// Where each card scanned starts, in order.
  private(set) var starts: [Int] = []
  /// The keys of the objects open now (start and length of their text), innermost last,
  /// to find a repeated key.
  private var keys: [(start: Int, count: Int)] = []

  /// A scan of the JSON text `text`, whose containers may nest up to `maxDepth` levels.
  init(text: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    bytes = text
    self.maxDepth = maxDepth
    keys.reserveCapacity(64)
  }

  /// Scans the cards from byte `start` in an array nested `depth` deep, until the array
  /// closes or the next card would start at or after `limit`. `start` is just inside the
  /// array's `[` when `opening`; otherwise a card must start there (after a comma, where an
  /// array may not close). `nil` when unsure, or when `cancelled` says to stop (it is asked
  /// every few hundred cards).
  mutating func cards(
    from start: Int, depth: Int, opening: Bool = true, until limit: Int = .max,
    cancelled: () -> Bool = { false }
  ) -> Stop? {
    index = start
    self.depth = depth
    do throws(Unsure) {
      skipWhitespace()
      if opening, try peek() == 0x5D { return .closed(end: index + 1) }  // ]
      while true {
        if index >= limit { return .reached(start: index) }
        if starts.count & 255 == 0, cancelled() { return nil }
        starts.append(index)
        try card()
        skipWhitespace()
        switch try take() {
        case 0x2C: skipWhitespace()  // ,
        case 0x5D: return .closed(end: index)  // ]
        default: throw Unsure()
        }
      }
    } catch {
      return nil
    }
  }

  /// Where a second scan could start, to share the cards of the array just inside byte
  /// `start` (nested `depth` deep): the first `{` after the middle of the rest of the text
  /// that follows a `}` and a comma and starts a valid card. It is only a guess (it may be
  /// an item that reads as a card, or lie past the array); the first scan confirms it by
  /// stopping exactly there. `nil` when the rest is under 2 MB or no such place is near
  /// the middle.
  func middleCard(after start: Int, depth: Int) -> Int? {
    let remaining = bytes.count - start
    guard remaining >= 1 << 21 else { return nil }
    var position = start + remaining / 2
    let end = min(bytes.count, position + 1 << 20)
    // Each guess costs a card's scan: a few are tried, so that cards of any size cost
    // little more than one.
    var trials = 0
    while position < end, trials < 16 {
      defer { position += 1 }
      guard bytes[position] == 0x7B, follows(0x2C, 0x7D, before: position, after: start) else {
        continue
      }
      trials += 1
      var trial = CardsScan(text: bytes, maxDepth: maxDepth)
      if trial.cards(from: position, depth: depth, opening: false, until: position + 1) != nil {
        return position
      }
    }
    return nil
  }

  /// Whether the bytes before `position`, whitespace aside, are `last` and then `previous`
  /// going back, none before `limit`.
  private func follows(_ last: UInt8, _ previous: UInt8, before position: Int, after limit: Int)
    -> Bool
  {
    var before = position - 1
    for expected in [last, previous] {
      while before > limit, Self.isWhitespace(bytes[before]) { before -= 1 }
      guard before > limit, bytes[before] == expected else { return false }
      before -= 1
    }
    return true
  }

  // MARK: - The card schema

  /// A card: `title` and `subtitle` strings, `header` and `footer` chrome, an `appearance`,
  /// and the required `items` array; other keys are skipped.
  private mutating func card() throws(Unsure) {
    var object = try members()
    var hasItems = false
    while let known = try next(of: &object, among: Self.cardKeys) {
      // A null `items` is no array; other null members are as good as absent.
      if known != .items, try skipNull() { continue }
      switch known {
      case .title, .subtitle: try string()
      case .header, .footer: try chrome()
      case .appearance: try appearance()
      case .items:
        hasItems = true
        try cardItems(level: 0)
      }
    }
    guard hasItems else { throw Unsure() }
  }

  /// A `header` or `footer`: a string, or an object whose `title`, `subtitle` and
  /// `content` are strings.
  private mutating func chrome() throws(Unsure) {
    if try peek() == 0x22 { return try string() }
    var object = try members()
    while try next(of: &object, among: Self.chromeKeys) != nil {
      if try skipNull() { continue }
      try string()
    }
  }

  /// A card's `appearance`, read with the mapper's own names and ranges: colors, sizes,
  /// a known `itemShape`, and four `margins`.
  private mutating func appearance() throws(Unsure) {
    typealias Mapper = TimelineJSONMapper
    let keysBefore = try openObject()
    var first = true
    while let key = try nextKey(first: &first) {
      try note(key, keysBefore: keysBefore)
      if try skipNull() { continue }
      let name = String(decoding: text(key), as: UTF8.self)
      if Mapper.appearanceColors.contains(where: { $0.key == name }) {
        guard CardColor(String(decoding: try plainString(), as: UTF8.self)) != nil else {
          throw Unsure()
        }
      } else if let size = Mapper.appearanceSizes.first(where: { $0.key == name }) {
        try number(in: size.range)
      } else if name == "itemShape" {
        let shape = String(decoding: try plainString(), as: UTF8.self)
        guard CardAppearance.Shape(rawValue: shape) != nil else { throw Unsure() }
      } else if name == "margins" {
        try open(0x5B)  // [
        for margin in 0..<4 {
          skipWhitespace()
          try number(in: Mapper.marginRange)
          skipWhitespace()
          guard try take() == (margin < 3 ? 0x2C : 0x5D) else { throw Unsure() }  // , ]
        }
        depth -= 1
      } else {
        try skipValue()
      }
    }
    dropKeys(after: keysBefore)
  }

  /// A number within `range`.
  private mutating func number(in range: ClosedRange<Double>) throws(Unsure) {
    let start = index
    guard try peek() != 0x6E else { throw Unsure() }  // a null is not a number
    try number()
    guard let value = Double(String(decoding: text(start..<index), as: UTF8.self)),
      range.contains(value)
    else { throw Unsure() }
  }

  /// The array of a card's `items` (`level` 0), of an item's `children` (1), or of a
  /// child's `children` (2), which must be empty: children nest one level deep.
  private mutating func cardItems(level: Int) throws(Unsure) {
    try open(0x5B)  // [
    skipWhitespace()
    if try peek() == 0x5D { return close() }
    guard level < 2 else { throw Unsure() }
    while true {
      try cardItem(level: level)
      skipWhitespace()
      switch try take() {
      case 0x2C: skipWhitespace()  // ,
      case 0x5D:  // ]
        depth -= 1
        return
      default: throw Unsure()
      }
    }
  }

  /// An item on a card: strings, a date `start` and a known `status`, at least one of
  /// `title`, `content` and `description`, and `children` one level deep.
  private mutating func cardItem(level: Int) throws(Unsure) {
    var object = try members()
    var hasText = false
    while let known = try next(of: &object, among: Self.cardItemKeys) {
      if try skipNull() { continue }
      switch known {
      case .title, .content, .description:
        hasText = true
        try string()
      case .subtitle, .icon: try string()
      case .start: try date()
      case .status: try status()
      case .children: try cardItems(level: level + 1)
      }
    }
    guard hasText else { throw Unsure() }
  }

  /// A known status, in a string without escapes.
  private mutating func status() throws(Unsure) {
    if try peek() == 0x22, let (_, _, end) = Self.statuses.match(in: bytes, at: index + 1) {
      index = end
    } else {
      guard ItemStatus(utf8: try plainString()) != nil else { throw Unsure() }
    }
  }

  /// An object being read whose members the mapper looks for by name: how many keys were
  /// open before it, whether its first member is still to come, and the known keys seen.
  private struct Members {
    let keysBefore: Int
    var first = true
    var seen: UInt32 = 0
  }

  /// Opens the object at `index`, to be read with ``next(of:among:)``.
  private mutating func members() throws(Unsure) -> Members {
    Members(keysBefore: try openObject())
  }

  /// The next key of `object` among `names`, with `index` at its value, which the caller
  /// reads; other members are skipped, and a key repeated in the object, as the parser
  /// refuses, makes the scan unsure. `nil` once the object closes.
  private mutating func next<Key>(
    of object: inout Members, among names: NameTable<Key>
  ) throws(Unsure) -> Key? {
    while let member = try nextMember(first: &object.first, names) {
      guard case .known(let known, let place) = member else {
        try skipMember(member, keysBefore: object.keysBefore)
        continue
      }
      try see(place, in: &object.seen)
      return known
    }
    dropKeys(after: object.keysBefore)
    return nil
  }

  /// A date ``RFC3339`` accepts, in a string without escapes. The common forms, 20 or 25
  /// bytes, are checked where they stand: a valid date holds no quote or backslash, so a
  /// quote right after it closes the string.
  private mutating func date() throws(Unsure) {
    for length in [20, 25] {
      let end = index + 1 + length
      if end < bytes.count, bytes[index] == 0x22, bytes[end] == 0x22,
        RFC3339.isValid(utf8: text(index + 1..<end))
      {
        index = end + 1
        return
      }
    }
    guard RFC3339.isValid(utf8: try plainString()) else { throw Unsure() }
  }

  /// The key names of cards, their items and their chrome, and the statuses, to match in
  /// the text.
  private static let cardKeys = NameTable(CardKey.allCases.map { ($0.rawValue, $0) })
  private static let cardItemKeys = NameTable(CardItemKey.allCases.map { ($0.rawValue, $0) })
  private static let chromeKeys = NameTable(ChromeKey.allCases.map { ($0.rawValue, $0) })
  private static let statuses = NameTable(ItemStatus.allCases.map { ($0.rawValue, $0) })

  // MARK: - JSON, as strictly as the parser

  /// Opens the object at `index`; returns how many keys were open before it.
  private mutating func openObject() throws(Unsure) -> Int {
    try open(0x7B)  // {
    return keys.count
  }

  /// Opens the container whose bracket `opening` is at `index`, within the nesting limit.
  private mutating func open(_ opening: UInt8) throws(Unsure) {
    guard index < bytes.count, bytes[index] == opening, depth < maxDepth else { throw Unsure() }
    index += 1
    depth += 1
  }

  /// Closes the container whose closing bracket is at `index`.
  private mutating func close() {
    index += 1
    depth -= 1
  }

  /// The next key of the object being read (the bytes between its quotes), with `index`
  /// at its value; `nil` once the object closes. `first` is true before its first member.
  private mutating func nextKey(first: inout Bool) throws(Unsure) -> Range<Int>? {
    guard try startKey(first: &first) else { return nil }
    let (key, escaped) = try scanString()
    guard !escaped else { throw Unsure() }
    try endKey()
    return key
  }

  /// A member's key: one of the names looked for and its place among them, or another.
  private enum Member<Key> {
    case known(Key, place: Int)
    case other(Range<Int>)
  }

  /// The next key of the object being read, as one of `names` if it is one, with `index`
  /// at its value; `nil` once the object closes. `first` is true before its first member.
  private mutating func nextMember<Key>(
    first: inout Bool, _ names: NameTable<Key>
  ) throws(Unsure) -> Member<Key>? {
    guard try startKey(first: &first) else { return nil }
    let member: Member<Key>
    if try peek() == 0x22, let (key, place, end) = names.match(in: bytes, at: index + 1) {
      index = end
      member = .known(key, place: place)
    } else {
      let (range, escaped) = try scanString()
      guard !escaped else { throw Unsure() }
      if let (key, place) = names.lookUp(text(range)) {
        member = .known(key, place: place)
      } else {
        member = .other(range)
      }
    }
    try endKey()
    return member
  }

  /// Passes the comma before a key, or finds the object closing (then `false`).
  @inline(__always)
  private mutating func startKey(first: inout Bool) throws(Unsure) -> Bool {
    skipWhitespace()
    if first {
      first = false
      if try peek() == 0x7D {  // }
        close()
        return false
      }
    } else {
      switch try take() {
      case 0x2C: skipWhitespace()  // ,
      case 0x7D:  // }
        depth -= 1
        return false
      default: throw Unsure()
      }
    }
    return true
  }

  /// Passes the colon after a key.
  @inline(__always)
  private mutating func endKey() throws(Unsure) {
    skipWhitespace()
    guard try take() == 0x3A else { throw Unsure() }  // :
    skipWhitespace()
  }

  /// Notes the known key at `place` among its names in the set `seen` of an object's
  /// known keys: the parser refuses a key repeated within one object.
  private func see(_ place: Int, in seen: inout UInt32) throws(Unsure) {
    let bit: UInt32 = 1 << place
    guard seen & bit == 0 else { throw Unsure() }
    seen |= bit
  }

  /// Skips the value of the member whose key `key` the mapper does not read, after noting
  /// the key among those of its object (see ``note(_:keysBefore:)``).
  private mutating func skipMember(_ key: Range<Int>, keysBefore: Int) throws(Unsure) {
    try note(key, keysBefore: keysBefore)
    try skipValue()
  }

  /// Skips the value of a member whose key the mapper does not read (see
  /// ``skipMember(_:keysBefore:)``).
  private mutating func skipMember<Key>(_ member: Member<Key>, keysBefore: Int) throws(Unsure) {
    guard case .other(let key) = member else { throw Unsure() }
    try skipMember(key, keysBefore: keysBefore)
  }

  /// Notes `key` among the keys of its object, which started with `keysBefore` keys open,
  /// refusing a repeat.
  private mutating func note(_ key: Range<Int>, keysBefore: Int) throws(Unsure) {
    var earlier = keysBefore
    while earlier < keys.count {
      let (start, count) = keys[earlier]
      if count == key.count, text(start..<start + count).elementsEqual(text(key)) {
        throw Unsure()
      }
      earlier += 1
    }
    keys.append((key.lowerBound, key.count))
  }

  /// Forgets the keys of an object that closed, which started with `keysBefore` open.
  private mutating func dropKeys(after keysBefore: Int) {
    if keys.count > keysBefore { keys.removeLast(keys.count - keysBefore) }
  }

  /// The bytes of `range`.
  private func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[range])
  }

  /// Skips any valid JSON value.
  private mutating func skipValue() throws(Unsure) {
    switch try peek() {
    case 0x22: try string()
    case 0x7B:  // {
      let keysBefore = try openObject()
      var first = true
      while let key = try nextKey(first: &first) { try skipMember(key, keysBefore: keysBefore) }
      dropKeys(after: keysBefore)
    case 0x5B:  // [
      try open(0x5B)
      skipWhitespace()
      if try peek() == 0x5D { return close() }
      while true {
        try skipValue()
        skipWhitespace()
        switch try take() {
        case 0x2C: skipWhitespace()  // ,
        case 0x5D:  // ]
          depth -= 1
          return
        default: throw Unsure()
        }
      }
    case 0x2D, 0x30...0x39: try number()  // - 0-9
    case 0x74: try literal("true")
    case 0x66: try literal("false")
    case 0x6E: try literal("null")
    default: throw Unsure()
    }
  }

  /// Skips a `null` at `index`, if there is one.
  private mutating func skipNull() throws(Unsure) -> Bool {
    guard try peek() == 0x6E else { return false }  // n
    try literal("null")
    return true
  }

  private mutating func literal(_ text: StaticString) throws(Unsure) {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw Unsure() }
    for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
      throw Unsure()
    }
    index += count
  }

  /// A number in RFC 8259's grammar: no leading zeros, digits after a point and in an
  /// exponent.
  private mutating func number() throws(Unsure) {
    if try peek() == 0x2D { index += 1 }  // -
    guard index < bytes.count, isDigit(bytes[index]) else { throw Unsure() }
    if bytes[index] == 0x30 {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw Unsure() }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == 0x2E {  // .
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw Unsure() }
      skipDigits()
    }
    if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {  // e E
      index += 1
      if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw Unsure() }
      skipDigits()
    }
  }

  /// A valid string, escapes and all.
  private mutating func string() throws(Unsure) {
    _ = try scanString()
  }

  /// A valid string without escapes: its text.
  private mutating func plainString() throws(Unsure) -> UnsafeBufferPointer<UInt8> {
    let (content, escaped) = try scanString()
    guard !escaped else { throw Unsure() }
    return UnsafeBufferPointer(rebasing: bytes[content])
  }

  /// Checks the string at `index` as the parser would: no control characters, only the
  /// standard escapes, surrogate escapes only in pairs, well-formed UTF-8. Returns the
  /// bytes between its quotes and whether they hold an escape.
  private mutating func scanString() throws(Unsure) -> (content: Range<Int>, escaped: Bool) {
    guard index < bytes.count, bytes[index] == 0x22 else { throw Unsure() }
    let start = index + 1
    var cursor = start
    var escaped = false
    while true {
      // Strings are mostly short: a byte at a time costs least.
      while cursor < bytes.count, kinds[Int(bytes[cursor])] == Kind.plain { cursor += 1 }
      guard cursor < bytes.count else { throw Unsure() }
      switch kinds[Int(bytes[cursor])] {
      case Kind.quote:
        index = cursor + 1
        return (start..<cursor, escaped)
      case Kind.backslash:
        escaped = true
        cursor = try escape(at: cursor)
      case Kind.multibyte:
        let length = UTF8Check.sequenceLength(bytes, at: cursor)
        guard length > 0 else { throw Unsure() }
        cursor += length
      default:
        throw Unsure()
      }
    }
  }

  /// The index after the valid escape at `cursor` (a backslash).
  private func escape(at cursor: Int) throws(Unsure) -> Int {
    guard cursor + 1 < bytes.count else { throw Unsure() }
    switch bytes[cursor + 1] {
    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return cursor + 2  // " \ / b f n r t
    case 0x75:  // u
      let unit = try hexQuad(at: cursor)
      guard (0xD800...0xDFFF).contains(unit) else { return cursor + 6 }
      // A high surrogate, then a low one.
      guard unit < 0xDC00, cursor + 7 < bytes.count, bytes[cursor + 6] == 0x5C,
        bytes[cursor + 7] == 0x75, (0xDC00...0xDFFF).contains(try hexQuad(at: cursor + 6))
      else { throw Unsure() }
      return cursor + 12
    default: throw Unsure()
    }
  }

  /// The four hex digits after the `\u` at `cursor`.
  private func hexQuad(at cursor: Int) throws(Unsure) -> UInt32 {
    guard cursor + 6 <= bytes.count else { throw Unsure() }
    var value: UInt32 = 0
    for position in cursor + 2..<cursor + 6 {
      guard let digit = JSONParser.hexDigit(bytes[position]) else { throw Unsure() }
      value = value << 4 | digit
    }
    return value
  }

  // MARK: - Bytes

  @inline(__always)
  private func peek() throws(Unsure) -> UInt8 {
    guard index < bytes.count else { throw Unsure() }
    return bytes[index]
  }

  @inline(__always)
  private mutating func take() throws(Unsure) -> UInt8 {
    let byte = try peek()
    index += 1
    return byte
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  /// The four bytes of JSON whitespace.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

/// What a byte is inside a JSON string, to the scan.
private enum Kind {
  static let plain: UInt8 = 0
  static let quote: UInt8 = 1
  static let backslash: UInt8 = 2
  /// A control character, which must be escaped.
  static let control: UInt8 = 3
  /// The first byte of a multibyte sequence, or a byte that cannot be one.
  static let multibyte: UInt8 = 4

  /// The kind of each byte value, made once and only read.
  nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for byte in 0..<256 {
      table[byte] =
        switch byte {
        case 0x22: quote
        case 0x5C: backslash
        case ..<0x20: control
        case 0x80...: multibyte
        default: plain
        }
    }
    return UnsafePointer(table)
  }()
}

/// Names looked for where a string starts in the text, each with its value: matched eight
/// bytes at a time, without scanning the string first.
private struct NameTable<Value>: @unchecked Sendable {
  private struct Entry {
    let count: Int
    /// The name's bytes as two little-endian words, and the masks of their bytes in use.
    let low: UInt64
    let high: UInt64
    let lowMask: UInt64
    let highMask: UInt64
    let value: Value
  }

  private let entries: [Entry]
  private let names: [[UInt8]]
  /// For each first byte, the first entry whose name starts with it, plus one (0: none),
  /// and for each entry the next such entry, plus one.
  private let firstWith: [Int]
  private let nextWith: [Int]

  /// A table of `names` (1 to 16 bytes of plain ASCII each, none a quote or backslash).
  init(_ names: [(String, Value)]) {
    self.names = names.map { Array($0.0.utf8) }
    entries = zip(self.names, names).map { bytes, named in
      precondition(
        !bytes.isEmpty && bytes.count <= 16 && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 })
      precondition(!bytes.contains(0x22) && !bytes.contains(0x5C))
      func word(_ range: Range<Int>) -> UInt64 {
        range.clamped(to: 0..<bytes.count).reversed().reduce(0) { $0 << 8 | UInt64(bytes[$1]) }
      }
      func mask(_ count: Int) -> UInt64 { count >= 8 ? ~0 : (1 << (8 * UInt64(max(count, 0)))) - 1 }
      return Entry(
        count: bytes.count, low: word(0..<8), high: word(8..<16), lowMask: mask(bytes.count),
        highMask: mask(bytes.count - 8), value: named.1)
    }
    var firstWith = [Int](repeating: 0, count: 256)
    var nextWith = [Int](repeating: 0, count: self.names.count)
    for (place, name) in self.names.enumerated().reversed() {
      nextWith[place] = firstWith[Int(name[0])]
      firstWith[Int(name[0])] = place + 1
    }
    self.firstWith = firstWith
    self.nextWith = nextWith
  }

  /// The value and place of the name spelled from `start` (just after an opening quote) to
  /// a closing quote, and the index after that quote; `nil` when the text there is none of
  /// the names, or is too near the end to be read a word at a time.
  func match(
    in bytes: UnsafeBufferPointer<UInt8>, at start: Int
  ) -> (value: Value, place: Int, end: Int)? {
    guard let base = bytes.baseAddress, start + 17 <= bytes.count else { return nil }
    let low = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self).littleEndian
    let high = UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self).littleEndian
    var candidate = firstWith[Int(base[start])]
    while candidate > 0 {
      let place = candidate - 1
      let entry = entries[place]
      if base[start + entry.count] == 0x22, low & entry.lowMask == entry.low,
        high & entry.highMask == entry.high
      {
        return (entry.value, place, start + entry.count + 1)
      }
      candidate = nextWith[place]
    }
    return nil
  }

  /// The value and place of the name `text`, if it is one.
  func lookUp(_ text: UnsafeBufferPointer<UInt8>) -> (value: Value, place: Int)? {
    guard let place = names.firstIndex(where: { $0.elementsEqual(text) }) else { return nil }
    return (entries[place].value, place)
  }
}
