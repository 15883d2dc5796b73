import Foundation

/// The world a reader works in: the zone of floating times, the window in which recurring
/// events are expanded, limits, and an optional progress callback.
///
/// Nothing here is read from the clock or the environment: callers pass `now` in to build
/// the window.
///
/// ```swift
/// let now = Date()
/// let options = ImportOptions(
///   timeZone: TimeZone(identifier: "Europe/Berlin")!,
///   window: ImportOptions.window(around: now))
/// let (document, summary) = try DocumentReader.read(path: "team.ics", options: options)
/// ```
public struct ImportOptions: Sendable {
  /// The zone of floating times and the document's zone when the file names none
  /// (iCalendar `X-WR-TIMEZONE`; CSV files never name one).
  public var timeZone: TimeZone
  /// Recurring events (RRULE, RDATE) are expanded into the instances that overlap this
  /// interval; single events are kept wherever they are.
  public var window: DateInterval
  /// The most instances one recurring event may produce inside the window; more are
  /// dropped and reported in the ``ImportSummary``.
  public var instanceLimit: Int
  /// The most candidate days and times one recurrence rule may examine; a rule that needs
  /// more (say, every second for a century) stops there and is reported.
  public var expansionStepLimit: Int
  /// Called after each chunk of input with the bytes read so far.
  public var progress: (@Sendable (ReadProgress) -> Void)?
  /// For a page of a feed too long to hold whole: given the number of cards in a JSON
  /// document's feed, the ones to keep (by index). Every other card is checked as strictly
  /// as ever, and the first problem anywhere is still the error, but it is not kept: the
  /// document's feed holds the kept cards and counts the others (`CardFeed.cardsBefore`,
  /// `CardFeed.cardsAfter`). `nil` keeps every card.
  public var cardsKept: (@Sendable (_ count: Int) -> Range<Int>)?
  /// For a reader whose items go where some ids cannot: what is wrong with an id a JSON
  /// or CSV file gives or an iCalendar UID makes, or `nil` when nothing is (`timeline
  /// serve` cannot address an id of over 1,000 characters, or one that is only `.` or
  /// `..`). A refused id is an error at its place in the file. `nil` takes every id.
  public var idProblem: (@Sendable (_ id: String) -> String?)?

  public init(
    timeZone: TimeZone = TimeZone(identifier: "UTC")!, window: DateInterval,
    instanceLimit: Int = 10_000, expansionStepLimit: Int = 2_000_000,
    progress: (@Sendable (ReadProgress) -> Void)? = nil
  ) {
    self.timeZone = timeZone
    self.window = window
    self.instanceLimit = max(instanceLimit, 0)
    self.expansionStepLimit = max(expansionStepLimit, 1)
    self.progress = progress
  }

  /// The default recurrence window: one year (365.25 days) either side of `now`.
  public static func window(around now: Date) -> DateInterval {
    let year = 365.25 * 86_400
    return DateInterval(start: now.addingTimeInterval(-year), end: now.addingTimeInterval(year))
  }
}
