/// The EXDATEs of a series.
struct Exclusions {
  var instants = Set<Int>()
  var days = Set<Int>()

  func contains(_ reading: Int, isDate: Bool, zone: ResolvedZone) -> Bool {
    if !days.isEmpty, days.contains(Civil.day(of: reading)) { return true }
    return !isDate && !instants.isEmpty && instants.contains(zone.instant(local: reading))
  }
}
