/// The EXDATEs of a series: exact instants, and whole days (for DATE values and all-day
/// series).
///
/// ```swift
/// var exclusions = Exclusions()
/// exclusions.days.insert(Civil.days(year: 2026, month: 1, day: 19))
/// exclusions.contains(reading, isDate: false, zone: berlin)
/// ```
struct Exclusions {
  var instants = Set<Int>()
  var days = Set<Int>()

  func contains(_ reading: Int, isDate: Bool, zone: ResolvedZone) -> Bool {
    if !days.isEmpty, days.contains(Civil.day(of: reading)) { return true }
    return !isDate && !instants.isEmpty && instants.contains(zone.instant(local: reading))
  }
}
