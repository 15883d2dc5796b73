import Foundation
import TimelineCore
import TimelineImport

/// A timeline's feed of cards as both stores keep it (CARD-1 … CARD-5): a row per card in
/// `cards` (its feed header, header, footer and appearance) and a row per item in
/// `card_items` (an element's own item, `child` -1, and a group's children, `child` 0, 1,
/// …); the feed's spacing and its number of cards on the timeline's row. The statements
/// and the rows' meaning are written once; each store runs them in its own transaction.
enum CardRows {
  // MARK: Schema

  /// The tables, in `dialect`'s types: made by SQLite's v11 and PostgreSQL's version 5.
  static func schema(_ dialect: SQLDialect) -> [String] {
    let (integer, real) =
      if case .postgres = dialect { ("BIGINT", "DOUBLE PRECISION") } else { ("INTEGER", "REAL") }
    let texts = Card.allCases.dropFirst(3).map { column in
      "\(column.name) \(column.isNumber ? real : "TEXT")"
    }
    return [
      "ALTER TABLE timelines ADD COLUMN card_count \(integer)",
      "ALTER TABLE timelines ADD COLUMN card_padding \(real)",
      "ALTER TABLE timelines ADD COLUMN card_top \(real)",
      "ALTER TABLE timelines ADD COLUMN card_bottom \(real)",
      """
      CREATE TABLE cards (
        timeline_id \(integer) NOT NULL REFERENCES timelines(id) ON DELETE CASCADE,
        position \(integer) NOT NULL,
        chrome \(integer) NOT NULL,
        \(texts.joined(separator: ",\n  ")),
        PRIMARY KEY (timeline_id, position)
      )
      """,
      """
      CREATE TABLE card_items (
        timeline_id \(integer) NOT NULL REFERENCES timelines(id) ON DELETE CASCADE,
        card \(integer) NOT NULL,
        element \(integer) NOT NULL,
        child \(integer) NOT NULL,
        title TEXT,
        subtitle TEXT,
        icon TEXT,
        content TEXT,
        start_instant \(real),
        start_day \(integer),
        status TEXT,
        PRIMARY KEY (timeline_id, card, element, child)
      )
      """,
    ]
  }

  /// The columns of `cards`, in order; a row is read by these names.
  enum Card: Int, CaseIterable {
    case timelineID, position, chrome
    case entryTitle, entrySubtitle, entryContent
    case headerTitle, headerSubtitle, headerContent
    case footerTitle, footerSubtitle, footerContent
    case background, borderColor, borderWidth, cornerRadius, lineColor, itemShapeSize
    case itemShape, pathWidth, marginTop, marginRight, marginBottom, marginLeft

    var name: String { snakeCase(String(describing: self)) }

    var isNumber: Bool {
      switch self {
      case .borderWidth, .cornerRadius, .itemShapeSize, .pathWidth, .marginTop, .marginRight,
        .marginBottom, .marginLeft:
        true
      default: false
      }
    }
  }

  /// The columns of `card_items`, in order.
  enum Item: Int, CaseIterable {
    case timelineID, card, element, child, title, subtitle, icon, content, startInstant
    case startDay, status

    var name: String { snakeCase(String(describing: self)) }
  }

  /// Which of a card's three chromes it has (`chrome`): an empty one still shows.
  private static let entryHeader: Int64 = 1
  private static let header: Int64 = 2
  private static let footer: Int64 = 4

  // MARK: Writing

  /// Rows per `INSERT`: both stores bound a statement's parameters (SQLite's default
  /// build at 32,766).
  static let rowsPerStatement = 500

  /// The statements that store `feed` as `timeline`'s cards (after none): its spacing and
  /// number on the timeline's row, then its cards and their items, `rowsPerStatement` rows
  /// per statement; for no feed, a timeline without one (`card_count` null).
  static func inserts(_ feed: CardFeed?, timeline: Int64) -> [(sql: String, values: [SQLValue])] {
    guard let feed else { return [] }
    var statements: [(sql: String, values: [SQLValue])] = [
      (
        "UPDATE timelines SET card_count = ?, card_padding = ?, card_top = ?, card_bottom = ? WHERE id = ?",
        [
          .integer(Int64(feed.entries.count)), .real(feed.paddingBetweenCards),
          .real(feed.topMargin), .real(feed.bottomMargin), .integer(timeline),
        ]
      )
    ]
    var cards: [[SQLValue]] = []
    var items: [[SQLValue]] = []
    for (position, entry) in feed.entries.enumerated() {
      cards.append(cardValues(entry, position: position, timeline: timeline))
      for (index, element) in entry.card.elements.enumerated() {
        let key = [Int64(timeline), Int64(position), Int64(index)]
        items.append(itemValues(element.item, key: key + [-1]))
        for (child, item) in element.children.enumerated() {
          items.append(itemValues(item, key: key + [Int64(child)]))
        }
      }
    }
    statements += batches(cards, table: "cards", columns: Card.allCases.map(\.name))
    statements += batches(items, table: "card_items", columns: Item.allCases.map(\.name))
    return statements
  }

  private static func batches(_ rows: [[SQLValue]], table: String, columns: [String])
    -> [(sql: String, values: [SQLValue])]
  {
    let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    return stride(from: 0, to: rows.count, by: rowsPerStatement).map { start in
      let batch = rows[start..<min(start + rowsPerStatement, rows.count)]
      return (
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
          + Array(repeating: row, count: batch.count).joined(separator: ", "),
        batch.flatMap { $0 }
      )
    }
  }

  private static func cardValues(_ entry: CardFeed.Entry, position: Int, timeline: Int64)
    -> [SQLValue]
  {
    let card = entry.card
    let look = card.appearance
    let chrome =
      (entry.header == nil ? 0 : entryHeader) | (card.header == nil ? 0 : header)
      | (card.footer == nil ? 0 : footer)
    var values: [SQLValue] = [.integer(timeline), .integer(Int64(position)), .integer(chrome)]
    for part in [entry.header, card.header, card.footer] {
      values += [SQLValue(part?.title), SQLValue(part?.subtitle), SQLValue(part?.content)]
    }
    values += [
      SQLValue(look.background?.hex), SQLValue(look.borderColor?.hex), .real(look.borderWidth),
      .real(look.cornerRadius), SQLValue(look.lineColor?.hex), .real(look.itemShapeSize),
      .text(look.itemShape.rawValue), .real(look.pathWidth), .real(look.margins.top),
      .real(look.margins.right), .real(look.margins.bottom), .real(look.margins.left),
    ]
    return values
  }

  private static func itemValues(_ item: CardItem, key: [Int64]) -> [SQLValue] {
    key.map(SQLValue.integer) + [
      SQLValue(item.title), SQLValue(item.subtitle), SQLValue(item.icon), SQLValue(item.content),
      SQLValue(item.date.flatMap(ItemColumns.instant)),
      SQLValue(item.date.flatMap(ItemColumns.day)),
      SQLValue(item.status?.rawValue),
    ]
  }

  /// Sets one card item's state. Arguments: the state (or null), the timeline, the card,
  /// the element, the child (-1 for the element's own item). Answers a row when there was
  /// such an item.
  static let setStatusSQL =
    "UPDATE card_items SET status = ? WHERE timeline_id = ? AND card = ? AND element = ? AND child = ? RETURNING card"

  static func statusArguments(_ status: ItemStatus?, _ path: CardItemPath, _ timeline: Int64)
    -> [SQLValue]
  {
    [
      SQLValue(status?.rawValue), .integer(timeline), .integer(Int64(path.card)),
      .integer(Int64(path.element)), .integer(Int64(path.child ?? -1)),
    ]
  }

  /// Marks a change to the cards: the timeline's next revision. Arguments: the timeline.
  static let markSQL =
    "UPDATE timelines SET revision = revision + 1 WHERE id = ? RETURNING revision"

  // MARK: Reading

  /// The feed's number of cards and spacing. Arguments: the timeline.
  static let feedSQL =
    "SELECT card_count, card_padding, card_top, card_bottom FROM timelines WHERE id = ?"
  /// A run of cards. Arguments: the timeline, the first position, the position after.
  static let cardsSQL =
    "SELECT \(Card.allCases.map(\.name).joined(separator: ", ")) FROM cards "
    + "WHERE timeline_id = ? AND position >= ? AND position < ? ORDER BY position"
  /// Their items. Arguments: as `cardsSQL`'s.
  static let itemsSQL =
    "SELECT \(Item.allCases.map(\.name).joined(separator: ", ")) FROM card_items "
    + "WHERE timeline_id = ? AND card >= ? AND card < ? ORDER BY card, element, child"

  /// The cards of `timeline` held from `start`, at most `limit`; `nil` when it has no feed.
  /// A timeline that does not exist is ``StoreError/notFound``.
  static func read(_ db: any StatementRunner, timeline: Int64, start: Int, limit: Int) throws
    -> CardFeed?
  {
    guard let spacing = try db.rows(feedSQL, [.integer(timeline)]).first else {
      throw StoreError.notFound
    }
    guard let (feed, window) = window(spacing: spacing, start: start, limit: limit) else {
      return nil
    }
    let arguments = windowArguments(window, timeline: timeline)
    return fill(
      feed, cards: try db.rows(cardsSQL, arguments), items: try db.rows(itemsSQL, arguments))
  }

  /// The arguments of `cardsSQL` and `itemsSQL` for the cards `window` of `timeline`.
  static func windowArguments(_ window: Range<Int>, timeline: Int64) -> [SQLValue] {
    [.integer(timeline), .integer(Int64(window.lowerBound)), .integer(Int64(window.upperBound))]
  }

  /// The cards held from `start`, at most `limit`, of the feed `feedSQL`'s `spacing` row
  /// describes; `nil` when the timeline has no feed.
  static func window(
    spacing: SQLRow, start: Int, limit: Int
  ) -> (feed: CardFeed, window: Range<Int>)? {
    guard let count = spacing.integer(0).map(Int.init) else { return nil }
    let lower = max(0, min(start, count))
    let window = lower..<min(count, lower + max(0, limit))
    let feed = CardFeed(
      entries: [], paddingBetweenCards: spacing.real(1) ?? 20, topMargin: spacing.real(2) ?? 20,
      bottomMargin: spacing.real(3) ?? 20, cardsBefore: lower, cardsAfter: count - window.upperBound
    )
    return (feed, window)
  }

  /// `feed` (from ``window(spacing:start:limit:)``) with the cards of `cardsSQL`'s rows and
  /// the items of `itemsSQL`'s.
  static func fill(_ feed: CardFeed, cards: [SQLRow], items: [SQLRow]) -> CardFeed {
    var feed = feed
    var rest = items[...]
    for row in cards {
      let position = row.integer(Card.position.rawValue) ?? 0
      var elements: [CardElement] = []
      while let item = rest.first, item.integer(Item.card.rawValue) == position {
        rest = rest.dropFirst()
        let read = cardItem(item)
        if item.integer(Item.child.rawValue) == -1 || elements.isEmpty {
          elements.append(.item(read))
        } else if case .group(let head, let children) = elements[elements.count - 1] {
          elements[elements.count - 1] = .group(head, children: children + [read])
        } else {
          elements[elements.count - 1] = .group(elements[elements.count - 1].item, children: [read])
        }
      }
      feed.entries.append(entry(row, elements: elements))
    }
    return feed
  }

  private static func entry(_ row: SQLRow, elements: [CardElement]) -> CardFeed.Entry {
    let chrome = row.integer(Card.chrome.rawValue) ?? 0
    func part(_ flag: Int64, _ first: Card) -> CardChrome? {
      guard chrome & flag != 0 else { return nil }
      return CardChrome(
        title: row.text(first.rawValue), subtitle: row.text(first.rawValue + 1),
        content: row.text(first.rawValue + 2))
    }
    func color(_ column: Card) -> CardColor? { row.text(column.rawValue).flatMap(CardColor.init) }
    func number(_ column: Card, _ standard: Double) -> Double {
      row.real(column.rawValue) ?? standard
    }
    let standard = CardAppearance.standard
    let appearance = CardAppearance(
      background: color(.background), borderColor: color(.borderColor),
      borderWidth: number(.borderWidth, standard.borderWidth),
      cornerRadius: number(.cornerRadius, standard.cornerRadius), lineColor: color(.lineColor),
      itemShapeSize: number(.itemShapeSize, standard.itemShapeSize),
      itemShape: row.text(Card.itemShape.rawValue).flatMap(CardAppearance.Shape.init(rawValue:))
        ?? standard.itemShape,
      pathWidth: number(.pathWidth, standard.pathWidth),
      margins: CardAppearance.Margins(
        top: number(.marginTop, 16), right: number(.marginRight, 16),
        bottom: number(.marginBottom, 16), left: number(.marginLeft, 16)))
    return CardFeed.Entry(
      header: part(entryHeader, .entryTitle),
      card: TimelineCard(
        header: part(header, .headerTitle), footer: part(footer, .footerTitle),
        elements: elements, appearance: appearance))
  }

  private static func cardItem(_ row: SQLRow) -> CardItem {
    CardItem(
      title: row.text(Item.title.rawValue), subtitle: row.text(Item.subtitle.rawValue),
      icon: row.text(Item.icon.rawValue), content: row.text(Item.content.rawValue),
      date: ItemColumns.date(
        day: row.integer(Item.startDay.rawValue), instant: row.real(Item.startInstant.rawValue)),
      status: row.text(Item.status.rawValue).flatMap(ItemStatus.init(rawValue:)))
  }

  // MARK: Adopting

  /// The statements that turn the `cards` JSON text an earlier schema kept on each
  /// timeline's row (`legacy`: id and text) into rows, then drop that column: run once,
  /// in the migration that makes the tables. A text that no longer reads (it was checked
  /// when imported) leaves that timeline without cards.
  static func adopting(_ legacy: [SQLRow]) -> [(sql: String, values: [SQLValue])] {
    var statements: [(sql: String, values: [SQLValue])] = []
    for row in legacy {
      // The timeline's zone, for card times written without an offset.
      let zone = JSONString.quoted(row.text(2) ?? "UTC")
      guard let timeline = row.integer(0), let json = row.text(1),
        let document = try? TimelineJSONReader.read(
          text: "{\"version\":1,\"timeZone\":\(zone),\"items\":[],\"cards\":" + json + "}",
          file: "cards")
      else { continue }
      statements += inserts(document.cards, timeline: timeline)
    }
    return statements + [("ALTER TABLE timelines DROP COLUMN cards", [])]
  }

  /// The timelines with `cards` text and their zones, for ``adopting(_:)``.
  static let legacySQL = "SELECT id, cards, time_zone FROM timelines WHERE cards IS NOT NULL"
}

/// `camelCase` as `snake_case`, `timelineID` as `timeline_id`.
func snakeCase(_ name: String) -> String {
  name.replacingOccurrences(of: "ID", with: "Id").reduce(into: "") {
    $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1)
  }
}
