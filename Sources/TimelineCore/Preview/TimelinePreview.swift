import Foundation

/// The horizontal timeline preview (PV-1 … PV-6): a few reduced objects around now, and a
/// "See All (N)" action. Read-only; activating it opens the full timeline.
///
/// ```swift
/// let preview = TimelinePreview(presentation, count: PreviewSize.compact.itemCount)
/// preview.seeAll.label  // "See All (12)"
/// ```
public struct TimelinePreview: Sendable, Hashable {
  /// The optional header title (PV-3).
  public var title: String?
  /// The objects shown, in display order.
  public var items: [PreviewItem]
  /// The "See All (N)" action; N counts every object of the timeline (PV-3).
  public var seeAll: SeeAll
  /// What an empty preview says instead of its strip.
  public var emptyText: String
  /// The header's text: the title, or the language's word for a timeline.
  public var heading: String
  /// The language of its words, which decides the strip's reading direction.
  public var locale: Locale

  /// The "See All" action.
  public struct SeeAll: Sendable, Hashable {
    public var label: String
    public var count: Int
  }

  /// Selects and labels the preview's objects from `presentation`.
  ///
  /// - Parameters:
  ///   - presentation: the timeline the strip previews.
  ///   - count: how many objects fit (see `PreviewSize.itemCount`).
  ///   - prioritizeOverdue: put open or in-progress objects that are past first (PV-6).
  ///   - title: the header title; defaults to the timeline's title.
  public init(
    _ presentation: TimelinePresentation, count: Int, prioritizeOverdue: Bool = false,
    title: String? = nil
  ) {
    let selection = Self.select(
      presentation.entries, count: max(0, count), prioritizeOverdue: prioritizeOverdue)
    let formatter = TimelineTextFormatter(
      context: presentation.context, strings: presentation.strings)
    self.title = title ?? presentation.title
    self.items = selection.enumerated().map { position, selected in
      let entry = presentation.entries[selected.row]
      let item = presentation.items[Int(entry.item)]
      let timestamp = formatter.previewTimestamp(for: item.start, tense: entry.tense)
      let status = presentation.strings.spokenStatus(
        label: item.statusLabel, substatus: item.substatusLabel, node: entry.node)
      return PreviewItem(
        id: item.id, row: selected.row, kind: item.kind, tense: entry.tense, node: entry.node,
        timestamp: timestamp, dateTime: formatter.machineReadable(item.start),
        title: item.title, isOverdue: selected.isOverdue,
        showsTrailingLine: position + 1 < selection.count,
        accessibilityLabel: presentation.strings.rowAccessibilityLabel(
          position: position + 1, total: selection.count, time: timestamp, status: status,
          title: item.title))
    }
    let total = presentation.window?.total ?? presentation.count
    self.seeAll = SeeAll(label: presentation.strings.seeAll(total), count: total)
    self.emptyText = presentation.emptyText
    self.heading = self.title ?? presentation.strings.summaries.timeline
    self.locale = presentation.context.locale
  }

  /// Which rows the strip shows (PV-6): overdue ones first when asked; then from the now
  /// position on (current, then upcoming); when fewer remain than fit, the most recent past
  /// rows fill the strip. Apart from the overdue block, rows keep chronological order.
  /// What a window of a longer timeline lacks for the preview picked from it to be the
  /// whole timeline's (PV-6, without `prioritizeOverdue`): `count` rows that are not past
  /// from the first of them on (else every row to the end), and `count` past rows before
  /// that first one (else every row from the top), since a strip that runs out is filled
  /// with the most recent past rows.
  ///
  /// - Returns: whether rows after the window must be read, and how many rows before it.
  public static func missingRows(
    in presentation: TimelinePresentation, count: Int
  ) -> (after: Bool, before: Int) {
    let entries = presentation.entries
    let firstNonPast = entries.firstIndex { $0.tense != .past } ?? entries.count
    let shown = entries[firstNonPast...].lazy.filter { $0.tense != .past }.count
    let offset = presentation.window?.offset ?? 0
    let total = presentation.window?.total ?? entries.count
    return (
      after: shown < count && offset + entries.count < total,
      before: offset > 0 ? max(0, count - firstNonPast) : 0
    )
  }

  static func select(_ entries: [RowEntry], count: Int, prioritizeOverdue: Bool)
    -> [(row: Int, isOverdue: Bool)]
  {
    guard count > 0 else { return [] }
    var taken = Set<Int>()
    var overdue: [Int] = []
    if prioritizeOverdue {
      for index in entries.indices.reversed() where overdue.count < count {
        let entry = entries[index]
        if entry.tense == .past, entry.node == .open || entry.node == .inProgress {
          overdue.append(index)
        }
      }
      overdue.reverse()
      taken.formUnion(overdue)
    }
    var others: [Int] = []
    let firstNonPast = entries.firstIndex { $0.tense != .past } ?? entries.count
    var index = firstNonPast
    while index < entries.count, overdue.count + others.count < count {
      if entries[index].tense != .past, !taken.contains(index) { others.append(index) }
      index += 1
    }
    var fill: [Int] = []
    index = entries.count - 1
    while index >= 0, overdue.count + others.count + fill.count < count {
      if entries[index].tense == .past, !taken.contains(index) { fill.append(index) }
      index -= 1
    }
    others = (others + fill).sorted()
    return overdue.map { ($0, true) } + others.map { ($0, false) }
  }
}

/// One reduced object of the preview strip (PV-1): timestamp, node and line, title.
public struct PreviewItem: Sendable, Hashable, Identifiable {
  public var id: String
  /// The row of the full timeline this object is.
  public var row: Int
  public var kind: ItemKind
  public var tense: Tense
  public var node: Node
  /// "Today" for current objects (PV-4); the time for other objects of today; the date.
  public var timestamp: String
  public var dateTime: String
  /// Wraps to 2 lines (PV-1).
  public var title: String
  /// Shown first because it is open or in progress and past (PV-6).
  public var isOverdue: Bool
  /// The line continues to the next object; never past the last one (PV-5).
  public var showsTrailingLine: Bool
  public var accessibilityLabel: String

  /// The tone of the object's tense (TL-4): the tone its line is drawn in.
  public var tone: LineTone { LineTone(tense) }
  /// The tone of the node: the tense's, but accent for a completed node in every tense
  /// (TL-5, PV-5, ``LineTone/init(node:tense:)``).
  public var nodeTone: LineTone { LineTone(node: node, tense: tense) }
  /// Whether the timestamp ("Today") is drawn in the today marker (PV-4, TL-4): current
  /// objects, as in the timeline's rows.
  public var showsTodayMarker: Bool { tense == .current }
  /// Lines a title wraps to before truncating.
  public static let titleLineLimit = 2
}
