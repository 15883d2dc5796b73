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

/// An iCalendar DURATION (RFC 5545 §3.3.6): nominal days (weeks count 7) that follow the
/// wall clock across daylight-saving changes, and exact seconds.
struct ICalendarDuration: Hashable, Sendable {
  var days: Int
  var seconds: Int

  var isNegative: Bool { days < 0 || seconds < 0 }
}

/// A PERIOD (RFC 5545 §3.3.9), as RDATE may give: a start, and an end or a duration.
struct ICalendarPeriod: Hashable, Sendable {
  enum End: Hashable, Sendable {
    case time(ICalendarTime)
    case duration(ICalendarDuration)
  }

  var start: ICalendarTime
  var end: End
}
