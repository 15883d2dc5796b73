import Foundation

/// A time zone a file's times can be placed in: UTC, a zone of the system's time zone
/// database, or a `VTIMEZONE` defined by the file itself.
///
/// Wall-clock readings become instants by RFC 5545 §3.3.5: a reading that occurs twice
/// (when clocks go back) means the first occurrence; a reading that does not occur (when
/// clocks go forward) is read with the offset from before the gap, so it lands as far
/// after the change as it was past it.
enum ResolvedZone {
  case utc
  case system(TimeZone)
  case defined(VTimeZone)

  /// The offset from UTC in seconds at the UTC instant `utc` (seconds since 1970).
  func offset(atUTC utc: Int) -> Int {
    switch self {
    case .utc: 0
    case .system(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc)))
    case .defined(let zone): zone.offset(atUTC: utc)
    }
  }

  /// The instant (seconds since 1970, UTC) at which clocks in this zone show `local`.
  func instant(local: Int) -> Int {
    if case .utc = self { return local }
    // The offsets in force a day either side cover any single transition.
    let before = offset(atUTC: local - Civil.secondsPerDay)
    let after = offset(atUTC: local + Civil.secondsPerDay)
    let beforeValid = offset(atUTC: local - before) == before
    let afterValid = before != after && offset(atUTC: local - after) == after
    // Both readings exist: the clock repeats; the larger offset is the earlier instant.
    // Neither: the reading was skipped; keep the offset from before the gap.
    return local - (afterValid && (!beforeValid || after > before) ? after : before)
  }

  /// The wall-clock reading in this zone at the UTC instant `utc`.
  func local(atUTC utc: Int) -> Int { utc + offset(atUTC: utc) }

  /// A name for messages: `UTC`, or the identifier.
  var name: String {
    switch self {
    case .utc: "UTC"
    case .system(let zone): zone.identifier
    case .defined(let zone): zone.identifier
    }
  }
}
