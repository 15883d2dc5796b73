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

  public init(items: [TimelineItem], context: TimelineContext, strings: TimelineStrings? = nil) {
    self.items = items
    self.context = context
    self.strings = strings ?? .localized(for: context.locale)
  }

  /// The number of rows.
  public var count: Int { items.count }

  /// The rows in `range`.
  public func rows(in range: Range<Int>) -> [TimelineListRow] {
    let formatter = TimelineTextFormatter(context: context, strings: strings)
    let calendar = context.calendar
    func day(_ index: Int) -> (date: Date, day: CalendarDay) {
      switch items[index].start {
      case .day(let day): return (day.startDate(in: calendar), day)
      case .instant(let date): return (date, CalendarDay(date, in: calendar))
      }
    }
    var previousDay = range.lowerBound > 0 ? day(range.lowerBound - 1).day : nil
    return range.map { index in
      let (date, today) = day(index)
      let startsDay = previousDay != today
      previousDay = today
      let dateLabel = formatter.listDateLabel(for: date)
      let item = items[index]
      return TimelineListRow(
        index: index, id: item.id, title: item.title, dateLabel: startsDay ? dateLabel : nil,
        dateTime: formatter.machineReadable(item.start),
        showsUpperLine: index > 0, showsLowerLine: index + 1 < items.count, showsDot: startsDay,
        accessibilityLabel: strings.rowAccessibilityLabel(
          position: index + 1, total: items.count,
          time: dateLabel.replacingOccurrences(of: "\n", with: " "),
          status: strings.spokenStatus(
            label: item.statusLabel, substatus: item.substatusLabel,
            node: Node(kind: item.kind, status: item.status)),
          title: item.title))
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
  public var accessibilityLabel: String
}
