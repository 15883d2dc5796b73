import Foundation

/// Writes card item dates in a context: the abbreviated date, with the time for instants.
public struct CardDateFormatter: Sendable {
  public let context: TimelineContext

  public init(context: TimelineContext) { self.context = context }

  /// "Nov 2" or "Nov 2, 9:00 AM"; the year is added when it is not the current one.
  public func text(_ date: TimelineDate) -> String {
    let formatter = DateFormatter()
    formatter.locale = context.locale
    formatter.timeZone = context.timeZone
    formatter.calendar = context.calendar
    let instant: Date
    var template: String
    switch date {
    case .day(let day):
      instant = day.startDate(in: context.calendar)
      template = "MMMd"
    case .instant(let value):
      instant = value
      template = "MMMdjmm"
    }
    if context.calendar.component(.year, from: instant)
      != context.calendar.component(.year, from: context.now)
    {
      template = "y" + template
    }
    formatter.setLocalizedDateFormatFromTemplate(template)
    return formatter.string(from: instant)
  }
}
