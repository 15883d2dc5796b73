/// A DATE or DATE-TIME value as written in a file: a wall-clock reading and the zone it
/// refers to, resolved to an instant only once every `VTIMEZONE` is known.
struct ICalendarTime: Hashable, Sendable {
  /// What a DATE-TIME's clock reading refers to (RFC 5545 §3.3.5).
  enum Zone: Hashable, Sendable {
    /// `…Z`: UTC.
    case utc
    /// No `Z` and no `TZID`: the same wall time wherever the reader is.
    case floating
    /// `TZID=…`: a `VTIMEZONE` of the file, or a zone name.
    case named(String)
  }

  /// Local seconds since 1970-01-01T00:00:00; midnight for dates.
  var seconds: Int
  /// A DATE (all-day) rather than a DATE-TIME.
  var isDate: Bool
  /// The zone; `.floating` for dates.
  var zone: Zone

  /// The day since 1970-01-01.
  var day: Int { Civil.day(of: seconds) }
}
