import Foundation
import TimelineCore

/// Fixed worlds and small builders for tests: every test pins `now`, the zone and the locale.
public enum Fixtures {
  /// 2026-11-21T12:00:00Z, the "now" of most tests.
  public static let noon = instant("2026-11-21T12:00:00Z")

  /// A context at `now` in `zone` with `locale` (default en_US, UTC).
  public static func context(
    now: Date = noon, zone: String = "UTC", locale: String = "en_US"
  ) -> TimelineContext {
    TimelineContext(
      now: now, timeZone: TimeZone(identifier: zone)!, locale: Locale(identifier: locale))
  }

  /// Parses `2026-11-21T12:00:00Z` or `2026-11-21T12:00:00+01:00`; traps on bad test input.
  public static func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test date \(text)") }
    return date
  }

  /// `YYYY-MM-DD` as a calendar day.
  public static func day(_ text: String) -> CalendarDay {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return CalendarDay(year: parts[0], month: parts[1], day: parts[2])!
  }

  /// A timed event.
  public static func event(
    _ id: String, _ start: String, end: String? = nil, status: ItemStatus = .open,
    kind: ItemKind = .event, title: String? = nil
  ) -> TimelineItem {
    TimelineItem(
      id: id, kind: kind, title: title ?? id, start: .instant(instant(start)),
      end: end.map { .instant(instant($0)) }, status: status)
  }

  /// An all-day item; `end` is the last day, inclusive.
  public static func allDay(
    _ id: String, _ start: String, end: String? = nil, status: ItemStatus = .open,
    kind: ItemKind = .event, title: String? = nil
  ) -> TimelineItem {
    TimelineItem(
      id: id, kind: kind, title: title ?? id, start: .day(day(start)),
      end: end.map { .day(day($0)) }, status: status)
  }

  /// The directory of the repository's `examples/`.
  public static var examplesDirectory: URL {
    repositoryRoot.appendingPathComponent("examples")
  }

  /// The repository root, found from this file's location.
  public static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
}
