import Foundation

/// Where a window of rows sits in a longer timeline whose rows were selected and ordered
/// elsewhere, such as a database query (TL-11): the facts about the whole that a window
/// cannot see by itself.
///
/// ```swift
/// let frame = TimelineWindow(
///   offset: 4_200, total: 1_000_000, nowBeforeID: "t1", nowAfterLast: false,
///   nodeAbove: .completed, nodeBelow: .open)
/// let presentation = TimelinePresentation(
///   window: rows, frame: frame, context: context, configuration: configuration,
///   query: query)
/// ```
public struct TimelineWindow: Sendable, Hashable {
  /// The position of the window's first row in the whole timeline (0-based).
  public var offset: Int
  /// The number of rows in the whole timeline (after search and filters).
  public var total: Int
  /// The id of the row the whole timeline's now indicator stands before (TL-6), if any.
  public var nowBeforeID: String?
  /// Whether the whole timeline's now indicator comes after its last row.
  public var nowAfterLast: Bool
  /// The node of the row just above the window, so the first row's leading line is drawn
  /// as in the whole timeline (TL-7); `nil` at the top.
  public var nodeAbove: Node?
  /// The node of the row just below the window; `nil` at the bottom.
  public var nodeBelow: Node?
  /// What the whole timeline's sections hold, by section key
  /// (``TimelinePresentation/sectionKey(at:)``), for sections of this window that may go on
  /// beyond it: a folded section says what the whole section holds, and the past is folded
  /// by the whole section's rows. Sections not named here are judged by the window's rows.
  public var sectionFacts: [String: SectionFacts] = [:]

  /// Whether the whole timeline shows a now indicator (TL-6), in this window or another:
  /// never when it has no rows (an empty timeline shows its empty state instead), so a
  /// page offers to jump to now only when there is a now to jump to.
  public var hasNowIndicator: Bool { nowBeforeID != nil || nowAfterLast }

  public init(
    offset: Int, total: Int, nowBeforeID: String?, nowAfterLast: Bool, nodeAbove: Node?,
    nodeBelow: Node?
  ) {
    self.offset = offset
    self.total = total
    self.nowBeforeID = nowBeforeID
    self.nowAfterLast = nowAfterLast
    self.nodeAbove = nodeAbove
    self.nodeBelow = nodeBelow
  }
}

extension TimelinePresentation {
  /// The presentation of a window of a longer timeline: `items` are the window's rows,
  /// chosen by `query` elsewhere (a database) and in its display order (SORT-6: sections
  /// chronological, or newest first when its sort says so, rows ordered by the sort within
  /// them; or ranked by the sort, grouped by its first criterion); `frame` says where they
  /// sit. The query's search and filters are not applied again: they say that a window
  /// without rows is one that nothing matched (``emptyStateMessage``).
  ///
  /// Tense, nodes, sections and texts are computed here exactly as for a whole timeline;
  /// positions in accessibility labels, the lines at the window's edges and the now
  /// indicator follow `frame`, so consecutive windows read as one timeline.
  public init(
    window items: [TimelineItem], frame: TimelineWindow, title: String? = nil,
    context: TimelineContext, configuration: TimelineConfiguration, query: TimelineQuery
  ) {
    let sort = query.sort
    self.context = context
    self.configuration = configuration
    self.strings = configuration.strings ?? .localized(for: context.locale)
    self.title = title
    self.items = items
    self.query = query
    self.window = frame
    var entries = Self.makeEntries(items, calendar: context.calendar, matcher: nil)
    Self.assignTenses(&entries, context: context, configuration: configuration)
    if sort.groupingField != nil {
      sections = RowOrder(sort, items: items, locale: context.locale).groupedSections(entries)
    } else {
      sections = Self.makeSections(
        entries, unit: configuration.headerUnit, calendar: context.calendar)
    }
    if let id = frame.nowBeforeID, let row = items.firstIndex(where: { $0.id == id }) {
      nowIndicator = .beforeRow(row)
    } else if frame.nowAfterLast, !entries.isEmpty, frame.offset >= frame.total - entries.count {
      nowIndicator = .afterLastRow
    } else {
      nowIndicator = .hidden
    }
    self.entries = entries
    foldedSections = sectionsFolded(by: configuration.folding)
  }
}

/// The text rules of the core, for storage that must order and match texts as the core
/// does (a database collation, a folded search column).
public enum TimelineText {
  /// Orders two titles as the title sort criterion does (SORT-6): case- and
  /// diacritic-insensitive; negative when `left` comes first, 0 when they tie.
  public static func compare(_ left: String, _ right: String, locale: Locale) -> Int {
    RowOrder.compareText(left, right, locale)
  }

  /// `text` folded as search folds it (TL-10): case-, diacritic- and width-insensitive. A
  /// search word is found in a field when the field's folded text contains the word's.
  public static func fold(_ text: String) -> String { SearchWord.fold(text) }

  /// The search words of `search`, folded: every one must be found for an item to match.
  public static func searchWords(_ search: String) -> [String] {
    search.split(whereSeparator: \.isWhitespace).map { SearchWord.fold(String($0)) }
  }
}
