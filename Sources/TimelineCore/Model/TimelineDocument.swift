import Foundation

/// A timeline document: the in-memory form of JSON format v1, and what every reader returns.
public struct TimelineDocument: Sendable, Hashable {
  /// The format version; only 1 exists.
  public static let currentVersion = 1

  public var title: String?
  /// The zone in which all-day dates and sections are interpreted (default UTC).
  public var timeZone: TimeZone
  /// The default section unit (default `day`).
  public var headerUnit: HeaderUnit
  public var items: [TimelineItem]
  /// Cards for the cards view (CARD-1 … CARD-5); `nil` when the document has none.
  public var cards: CardFeed?

  public init(
    title: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    headerUnit: HeaderUnit = .day, items: [TimelineItem] = []
  ) {
    self.title = title
    self.timeZone = timeZone
    self.headerUnit = headerUnit
    self.items = items
  }
}
