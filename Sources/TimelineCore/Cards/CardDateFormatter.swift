import Foundation

/// Writes card item dates in a context: the abbreviated date, with the time for instants.
///
/// Making a date formatter costs as much as formatting a thousand dates: the formatters are
/// the package's shared ones (``DateFormatters``), and each day's or minute's text is
/// formatted once and kept for the life of this value. Callers may share one value between
/// threads (a lock keeps them apart).
public final class CardDateFormatter: Sendable {
  public let context: TimelineContext
  private let texts = CardDateTexts()

  public init(context: TimelineContext) { self.context = context }

  /// "Nov 2" or "Nov 2, 9:00 AM"; the year is added when it is not the current one.
  public func text(_ date: TimelineDate) -> String {
    // The texts show minutes at most: one per day or minute is formatted, then reused.
    let key: CardDateKey
    switch date {
    case .day(let day): key = .day(day.daysSinceEpoch)
    case .instant(let value):
      key = .minute(Int((value.timeIntervalSinceReferenceDate / 60).rounded(.down)))
    }
    return texts.text(for: key) {
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
      return DateFormatters.shared.string(from: instant, template: template, context: context)
    }
  }
}

enum CardDateKey: Hashable {
  case day(Int)
  case minute(Int)
}

/// The texts of card dates, made once each.
final class CardDateTexts: @unchecked Sendable {
  private let textLock = NSLock()
  private var texts: [CardDateKey: String] = [:]

  /// The text kept for `key`, else the one `make` gives, kept (up to 100,000 texts).
  func text(for key: CardDateKey, make: () -> String) -> String {
    textLock.lock()
    let known = texts[key]
    textLock.unlock()
    if let known { return known }
    let text = make()
    textLock.lock()
    if texts.count >= 100_000 { texts.removeAll(keepingCapacity: true) }
    texts[key] = text
    textLock.unlock()
    return text
  }
}
