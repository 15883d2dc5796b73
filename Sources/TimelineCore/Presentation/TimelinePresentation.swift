import Foundation

/// What a timeline shows, decided once for every renderer: the order of rows, their tense,
/// node and line segments, the sections, and the now indicator (TL-1 … TL-8).
///
/// Building it is cheap even for a million items: it keeps 24 bytes per row and computes
/// texts (timestamps, headers, accessibility labels) only for the rows a renderer asks for,
/// so a window of rows costs the same however long the timeline is (TL-11).
///
/// ```swift
/// let presentation = TimelinePresentation(document: document, context: context)
/// for row in presentation.rows(in: 0..<min(50, presentation.count)) {
///   print(row.timestamp, row.node, row.title)
/// }
/// ```
public struct TimelinePresentation: Sendable {
  public let context: TimelineContext
  public let configuration: TimelineConfiguration
  /// The words shown, resolved from the configuration or the locale.
  public let strings: TimelineStrings
  /// The document title, if any.
  public let title: String?
  let items: [TimelineItem]
  let entries: [RowEntry]
  /// The sections in display order; together they cover every row.
  public let sections: [TimelineSection]
  /// Where the now indicator stands.
  public let nowIndicator: NowIndicator
  /// Which sections are folded (the configuration's): every rendering leaves their rows
  /// (and the now indicator, if it falls among them) out and says what they hold
  /// (``summary(ofSection:)``).
  public var folding: SectionFolding { configuration.folding }
  /// The indices of the sections ``folding`` folds.
  var foldedSections: Set<Int> = []

  /// The number of rows.
  public var count: Int { entries.count }
  /// Whether the timeline has no rows and shows its empty state.
  public var isEmpty: Bool { entries.isEmpty }
  /// The empty state's message, or `nil` when there are rows: a search or filters that leave
  /// no row say that nothing matches ("No matching items"), so the reader knows the rows are
  /// hidden rather than absent; without them the timeline says it has none ("No items").
  public var emptyStateMessage: String? { isEmpty ? emptyText : nil }
  /// The words ``emptyStateMessage`` shows when there are no rows.
  var emptyText: String {
    query.selectsEverything ? strings.emptyState : strings.controls.noMatches
  }

  /// The search, filters and sort applied.
  public let query: TimelineQuery
  /// Where these rows sit in a longer timeline whose rows were chosen elsewhere (a
  /// database); `nil` when the presentation holds the whole timeline.
  public let window: TimelineWindow?

  /// Builds the presentation of `document`'s top-level items.
  public init(
    document: TimelineDocument, context: TimelineContext,
    configuration: TimelineConfiguration? = nil, query: TimelineQuery = TimelineQuery()
  ) {
    self.init(
      items: document.items, title: document.title, context: context,
      configuration: configuration ?? TimelineConfiguration(headerUnit: document.headerUnit),
      query: query)
  }

  /// Builds the presentation of the `items` that match `query`, in chronological order or
  /// in the query's sort order (SORT-6).
  public init(
    items: [TimelineItem], title: String? = nil, context: TimelineContext,
    configuration: TimelineConfiguration = TimelineConfiguration(),
    query: TimelineQuery = TimelineQuery()
  ) {
    self.context = context
    self.configuration = configuration
    self.strings = configuration.strings ?? .localized(for: context.locale)
    self.title = title
    self.items = items
    self.query = query
    self.window = nil
    var entries = Self.makeEntries(
      items, calendar: context.calendar, matcher: QueryMatcher(query, calendar: context.calendar))
    entries.sort(by: RowEntry.chronological)
    Self.assignTenses(&entries, context: context, configuration: configuration)
    var sections = Self.makeSections(
      entries, unit: configuration.headerUnit, calendar: context.calendar)
    if !query.sort.isDefault {
      let order = RowOrder(query.sort, items: items, locale: context.locale)
      order.reorder(&entries, sections: &sections)
    }
    // A ranked order has no place for now: the indicator is shown only in date order.
    self.nowIndicator =
      query.sort.groupingField == nil
      ? Self.nowIndicator(entries, newestFirst: query.sort.reversesSections) : .hidden
    self.sections = sections
    self.entries = entries
    foldedSections = sectionsFolded(by: configuration.folding)
  }
}
