import Foundation
import GRDB
import PostgresNIO
import TimelineCore

/// Where timelines live: the one protocol the web app and the CLI talk to. SQLite
/// (``SQLiteStore``) is the embedded implementation; a server database is the next one.
///
/// Every method is safe to call concurrently. Writes are atomic: a failed import, update or
/// delete leaves nothing half-written.
public protocol TimelineStore: Sendable {
  /// Throws unless the database answers and can take a write (for `/readyz`).
  func ping() async throws
  /// Every timeline, oldest first.
  func timelines() async throws -> [TimelineSummary]
  /// One timeline's settings, or `nil` when there is none with `id`.
  func timeline(_ id: Int64) async throws -> TimelineInfo?
  /// Stores a new timeline in one transaction: `header`, then every item `feed` hands over.
  /// A thrown error (bad input, a repeated id) leaves nothing behind.
  func importTimeline(
    _ header: TimelineHeader,
    feed: @escaping @Sendable (_ add: (TimelineItem, String?) throws -> Void) throws -> Void
  ) async throws -> TimelineSummary
  /// Deletes a timeline and its items; `false` when there was none.
  func deleteTimeline(_ id: Int64) async throws -> Bool
  /// The whole timeline as a document (for export), items in document order.
  func document(_ id: Int64) async throws -> TimelineDocument?
  /// Up to `limit` stored rows of a timeline in document order, after the row with sequence
  /// number `seq` (`-1` for the first): a page of a copy that never holds the whole timeline.
  func rows(of timeline: Int64, after seq: Int64, limit: Int) async throws -> [DocumentRow]
  /// A window of rows of a timeline: the rows that match the query, in display order, with
  /// where the window sits in the whole (TL-11).
  func window(_ request: WindowRequest) async throws -> WindowResult
  /// The attributes and priorities the Sort & Filter dialog offers for a timeline.
  func offers(timeline: Int64) async throws -> DialogOffers
  /// One item with its children and its version tag.
  func item(timeline: Int64, id: String) async throws -> StoredItem?
  /// A window of the timeline's feed of cards: at most `limit` from the card at `start`
  /// (clamped to the feed), with the feed's spacing and the number of cards on either
  /// side; `nil` when the timeline has no feed, ``StoreError/notFound`` when there is no
  /// such timeline.
  func cards(timeline: Int64, from start: Int, limit: Int) async throws -> CardFeed?
  /// Sets the state of the card item `path` names (`card/element` or
  /// `card/element/child`), or clears it; ``StoreError/notFound`` when there is none.
  /// Answers the revision it made.
  func setCardItemStatus(timeline: Int64, path: CardItemPath, status: ItemStatus?)
    async throws -> Int64
  /// Changes an item when `ifMatch` is its current tag; throws ``StoreError/stale`` when
  /// it is not, ``StoreError/notFound`` when there is no such item. `change` gets the item
  /// and its timeline's zone; when it answers the item as it is, nothing is written and the
  /// tag stays.
  func updateItem(
    timeline: Int64, id: String, ifMatch: String,
    change: @escaping @Sendable (TimelineItem, TimeZone) throws -> TimelineItem
  ) async throws -> StoredItem
  /// Adds a top-level item after the others in document order.
  func addItem(timeline: Int64, item: TimelineItem) async throws -> StoredItem
  /// Deletes an item and its children when `ifMatch` (`*`, or a list of tags) names its
  /// current tag; `false` when there was none, ``StoreError/stale`` when it changed.
  func deleteItem(timeline: Int64, id: String, ifMatch: String) async throws -> Bool
  /// The changes to a timeline's items after `revision`, oldest first; `nil` when some of
  /// them are no longer kept (a reader then starts again from the current state).
  func changes(timeline: Int64, after revision: Int64) async throws -> [TimelineChange]?
  /// Rings when a timeline changes, here or (for a server database) in another instance.
  var changeSignal: ChangeSignal { get }
}

/// One change to a timeline's items: the revision it made, and what it did to which item.
public struct TimelineChange: Sendable, Hashable {
  public enum Operation: String, Sendable {
    case added = "add"
    case updated = "update"
    case deleted = "delete"
    /// A card item's state: `itemID` is its path (`card/element[/child]`).
    case card
  }

  public var revision: Int64
  public var operation: Operation
  public var itemID: String

  public init(revision: Int64, operation: Operation, itemID: String) {
    self.revision = revision
    self.operation = operation
    self.itemID = itemID
  }
}

/// Where a card item is in its feed: its card, its element, and the child of a group
/// (`nil` for the element's own item). Made only from bounded numbers, so a path from a
/// request never overflows a column.
public struct CardItemPath: Sendable, Hashable, CustomStringConvertible {
  public var card: Int
  public var element: Int
  public var child: Int?

  /// The path of `card/element[/child]` texts, each a number in 0...2³¹-1 written as
  /// card events write it (no sign, no leading zero: one address per item); `nil` otherwise.
  public init?(card: String, element: String, child: String? = nil) {
    func bounded(_ text: String) -> Int? {
      guard text.utf8.count <= 10, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
        text == "0" || text.utf8.first != 48,
        let value = Int(text), value <= Int(Int32.max)
      else { return nil }
      return value
    }
    guard let card = bounded(card), let element = bounded(element) else { return nil }
    self.card = card
    self.element = element
    if let child {
      guard let value = bounded(child) else { return nil }
      self.child = value
    }
  }

  /// `card/element` or `card/element/child`, as card events name it (CARD-4).
  public var description: String {
    "\(card)/\(element)" + (child.map { "/\($0)" } ?? "")
  }

  /// The event of touching the item.
  public var event: CardEvent {
    child.map { .childSelected(card: card, element: element, child: $0) }
      ?? .elementSelected(card: card, element: element)
  }
}

/// A stored row in document order: an item (without its children, which follow it as rows
/// of their own), its parent's id when it is a child, and its sequence number.
public struct DocumentRow: Sendable {
  public var item: TimelineItem
  public var parentID: String?
  public var seq: Int64
}

/// A timeline as the list of timelines shows it.
public struct TimelineSummary: Sendable, Hashable, Codable {
  public var id: Int64
  public var title: String
  /// Top-level items.
  public var count: Int
}

/// What a new timeline is, apart from its items.
public struct TimelineHeader: Sendable {
  public var title: String
  public var timeZone: TimeZone
  public var headerUnit: HeaderUnit
  /// The document's feed of cards, stored as rows beside the items (`CardRows`); read
  /// back a window at a time (``TimelineStore/cards(timeline:from:limit:)``), so a
  /// stored timeline's header leaves it out.
  public var cards: CardFeed?

  public init(
    title: String, timeZone: TimeZone, headerUnit: HeaderUnit = .day, cards: CardFeed? = nil
  ) {
    self.title = title
    self.timeZone = timeZone
    self.headerUnit = headerUnit
    self.cards = cards
  }
}

/// A stored timeline's settings.
public struct TimelineInfo: Sendable {
  public var id: Int64
  public var header: TimelineHeader
  public var count: Int
  /// The cards of its feed; `nil` when its document had no `cards`.
  public var cardCount: Int?
  /// Changes with every write to the timeline's items and cards.
  public var revision: Int64 = 0
  /// The longest time from an item's start to its end, in seconds (bounds the search for
  /// the rows the now indicator stands among).
  var maxSpan: Double = 0
}

/// An item with the tag of its current version (an HTTP `ETag`).
public struct StoredItem: Sendable {
  public var item: TimelineItem
  public var tag: String
}

/// Why a store refused a request.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  case notFound
  /// `If-Match` named an older version.
  case stale
  /// An id is used twice in one timeline.
  case repeatedID(String)
  /// A cursor that this store did not hand out.
  /// The `after` or `before` cursor (named) is not one this server handed out.
  case badCursor(String)

  public var description: String {
    switch self {
    case .notFound: "not found"
    case .stale: "the item was changed since it was read"
    case .repeatedID(let id): "the id '\(id)' is used twice"
    case .badCursor(let parameter):
      "\(parameter): the cursor is not one this server handed out"
    }
  }
}

/// Where a window starts.
public enum WindowAnchor: Sendable, Hashable {
  /// Around the now indicator (TL-6): half the window before it.
  case now
  /// Around where the now indicator would stand at this instant.
  case date(Date)
  /// The rows after (or before) the row a cursor names.
  case after(String)
  case before(String)
  /// The rows from the top-level item with this id on (no rows when the query hides it): a
  /// live page redraws one changed row with `limit` 1.
  case item(String)
  /// The first rows in display order: a whole view read window by window (an export).
  case start
}

/// A request for a window of rows.
public struct WindowRequest: Sendable {
  public var timeline: Int64
  public var query: TimelineQuery
  public var anchor: WindowAnchor
  public var limit: Int
  /// `now`, zone and calendar: tense, sections and filter dates are decided in it.
  public var context: TimelineContext
  /// The sections shown folded: the window says what each of its sections holds in the
  /// whole view (`TimelineWindow.sectionFacts`), so a folded one is summed whole.
  public var folding = SectionFolding()

  public init(
    timeline: Int64, query: TimelineQuery, anchor: WindowAnchor, limit: Int,
    context: TimelineContext
  ) {
    self.timeline = timeline
    self.query = query
    self.anchor = anchor
    self.limit = limit
    self.context = context
  }
}

/// A window of rows: the items in display order, where they sit in the whole, and the
/// cursors of the windows on either side (`nil` at the ends).
public struct WindowResult: Sendable {
  public var items: [TimelineItem]
  public var frame: TimelineWindow
  public var before: String?
  public var after: String?
}

/// A write the database could not take for a reason outside the request: another writer
/// held it past the wait (SQLite's busy timeout, PostgreSQL's lock or serialization
/// failures), or the disk is full. Recognized in either store's errors.
enum StorageFailure {
  case busy
  case full

  init?(_ error: any Error) {
    if let error = error as? DatabaseError {
      switch error.resultCode {
      case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
      case .SQLITE_FULL: self = .full
      default: return nil
      }
      return
    }
    if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
      switch state {
      case "53100": self = .full  // disk_full
      case "40001", "40P01", "55P03": self = .busy  // serialization, deadlock, lock not available
      default: return nil
      }
      return
    }
    return nil
  }
}

/// Runs `work` on a new thread and returns its result: for work that waits synchronously (a
/// blocking SQLite transaction, statements on a PostgreSQL connection that wait for their
/// answers), which must not hold a thread of the concurrency pool or an event loop.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
