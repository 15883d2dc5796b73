import Foundation

/// The timeline list of seed 004 (LIST-1, LIST-2): rows in the given order, a date label on
/// the first row of each day, and a vertical line joining the rows with a dot on each
/// day's first row.
///
/// Rows are computed on demand, so a window of a long list costs the same as a short list.
public struct TimelineList: Sendable {
  let items: [TimelineItem]
  public let context: TimelineContext
  public let strings: TimelineStrings
  /// The position of the first row in the whole list (0 unless this is a window of it).
  public let offset: Int
  /// The number of rows in the whole list.
  public let total: Int
  /// The item of the row just above the first one, when this is a window of a longer list.
  let above: TimelineItem?

  public init(items: [TimelineItem], context: TimelineContext, strings: TimelineStrings? = nil) {
    self.init(
      window: items, offset: 0, total: items.count, above: nil, context: context,
      strings: strings)
  }

  /// A window of a longer list: `items` are its rows, from position `offset` of `total`,
  /// below the row of `above` (`nil` at the top). Positions in spoken labels, the line at
  /// the window's edges and the first row's dot follow the whole list, so consecutive
  /// windows read as one list.
  public init(
    window items: [TimelineItem], offset: Int, total: Int, above: TimelineItem?,
    context: TimelineContext, strings: TimelineStrings? = nil
  ) {
    self.items = items
    self.offset = max(0, offset)
    self.total = max(total, self.offset + items.count)
    self.above = above
    self.context = context
    self.strings = strings ?? .localized(for: context.locale)
  }

  /// The number of rows.
  public var count: Int { items.count }

  /// The document item shown by the row at `index`.
  public func item(ofRow index: Int) -> TimelineItem { items[index] }

  /// The rows a standalone page of at most `limit` rows holds (TL-11): around the row of
  /// `selectedID`, else around today, a third of them before it; `nil` when every row fits.
  ///
  /// Today's place is the first row of the day nearest today (of two as near, the later),
  /// so it is found whichever way the list runs.
  public func pageWindow(limit: Int, selectedID: String? = nil) -> Range<Int>? {
    guard limit > 0, count > limit else { return nil }
    var anchor = 0
    if let selectedID, let index = items.firstIndex(where: { $0.id == selectedID }) {
      anchor = index
    } else {
      var clock = WallClock(zone: context.timeZone)
      let today = clock.day(of: .instant(context.now))
      var nearest = Int.max
      for (index, item) in items.enumerated() {
        let offset = clock.day(of: item.start) - today
        // Past days count half a day farther, so a later day wins a tie.
        let distance = offset >= 0 ? 2 * offset : -2 * offset + 1
        if distance < nearest {
          nearest = distance
          anchor = index
          if distance == 0 { break }
        }
      }
    }
    return TimelineCore.pageWindow(around: anchor, count: count, limit: limit)
  }

  /// The number of days the rows fall on: the dots on the line (LIST-2).
  public var dayCount: Int {
    var clock = WallClock(zone: context.timeZone)
    var days = 0
    var previous: Int?
    for item in items {
      let day = clock.day(of: item.start)
      if day != previous { days += 1 }
      previous = day
    }
    return days
  }

  /// The first line of a date label (the weekday, "Sat") for each of seven consecutive
  /// days, as rows show it: what sizes a column that must hold any row's label.
  public var weekdayLabels: [String] {
    let formatter = TimelineTextFormatter(context: context, strings: strings)
    let calendar = context.calendar
    return (0..<7).map { offset in
      let day = calendar.date(byAdding: .day, value: offset, to: context.now) ?? context.now
      let label = formatter.listDateLabel(for: day)
      return String(label.prefix { $0 != "\n" })
    }
  }

  /// The rows in `range`.
  ///
  /// - Parameters:
  ///   - range: the rows to make, by index.
  ///   - labelingFirst: give the range's first row its date label even when it continues a
  ///     day, as the first row of a window does, so that every row shown can be read with
  ///     its date (its dot still marks only the first row of a day).
  public func rows(in range: Range<Int>, labelingFirst: Bool = false) -> [TimelineListRow] {
    var rows: [TimelineListRow] = []
    rows.reserveCapacity(range.count)
    forEachRow(in: range, labelingFirst: labelingFirst) { rows.append($0) }
    return rows
  }

  /// Makes the rows in `range` (all by default) one at a time, in order, for a renderer to
  /// write or draw as they come: a list of any length holds one row. The range's first row
  /// has its date label, as the first row of a window does (see ``rows(in:labelingFirst:)``).
  public func forEachRow(in range: Range<Int>? = nil, _ body: (TimelineListRow) -> Void) {
    forEachRow(in: range ?? 0..<count, labelingFirst: true, body)
  }

  private func forEachRow(
    in range: Range<Int>, labelingFirst: Bool, _ body: (TimelineListRow) -> Void
  ) {
    let range = range.clamped(to: 0..<count)
    let formatter = TimelineTextFormatter(context: context, strings: strings)
    let calendar = context.calendar
    var previousDay =
      range.lowerBound > 0
      ? formatter.day(of: items[range.lowerBound - 1].start)
      : above.map { formatter.day(of: $0.start) }
    // A day's label and its spoken form are the same on each of its rows: made once a day.
    var dayTexts: (day: Int, label: String, spoken: String)?
    for index in range {
      let item = items[index]
      let today = formatter.day(of: item.start)
      let startsDay = previousDay != today
      previousDay = today
      if dayTexts?.day != today {
        let start = item.start.start(in: calendar)
        dayTexts = (
          today, formatter.listDateLabel(for: start), formatter.listSpokenDate(for: start)
        )
      }
      let texts = dayTexts!
      let labeled = startsDay || (labelingFirst && index == range.lowerBound)
      let position = offset + index
      body(
        TimelineListRow(
          index: index, id: item.id, title: item.title, dateLabel: labeled ? texts.label : nil,
          dateTime: formatter.machineReadable(item.start),
          showsUpperLine: position > 0, showsLowerLine: position + 1 < total,
          showsDot: startsDay, isSelectable: !item.kind.isMarker,
          accessibilityLabel: strings.rowAccessibilityLabel(
            position: position + 1, total: total, time: texts.spoken,
            status: strings.spokenStatus(
              label: item.statusLabel, substatus: item.substatusLabel,
              node: Node(kind: item.kind, status: item.status)),
            title: item.title)))
    }
  }
}

/// One row of the timeline list.
public struct TimelineListRow: Sendable, Hashable, Identifiable {
  public var index: Int
  public var id: String
  /// The appointment's message.
  public var title: String
  /// Weekday over day of month ("Sat\n21") on the first row of a day; `nil` on the others.
  public var dateLabel: String?
  public var dateTime: String
  /// The upper half of the line: drawn when a row precedes this one (LIST-2).
  public var showsUpperLine: Bool
  /// The lower half of the line: drawn when a row follows this one (LIST-2).
  public var showsLowerLine: Bool
  /// The first row of each day has a dot on the line (LIST-2).
  public var showsDot: Bool
  /// Marker rows (start, end, inactive, early end) do not open (TL-7); the others drill down
  /// to their item (TL-8).
  public var isSelectable: Bool
  public var accessibilityLabel: String
}
