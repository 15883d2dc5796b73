import Foundation

/// A run of rows that share one parent time unit, named by a sticky header (TL-3).
public struct TimelineSection: Sendable, Hashable {
  /// The rows of the section, as indices into the presentation.
  public var rows: Range<Int>
  /// The unit's interval (e.g. the whole day) in the timeline's time zone.
  public var interval: DateInterval
}
