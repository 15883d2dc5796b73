extension RecurrenceExpander {
  /// The index of the period that contains the local reading `reading`.
  func periodIndex(containing reading: Int) -> Int {
    let day = Civil.day(of: reading)
    let date = Civil.date(ofDay: day)
    switch rule.frequency {
    case .secondly, .minutely, .hourly:
      let unit = rule.frequency.seconds
      return Civil.floorDiv(reading - Civil.floorDiv(start, unit) * unit, unit * rule.interval)
    case .daily: return Civil.floorDiv(day - Civil.day(of: start), rule.interval)
    case .weekly:
      let week = day - Civil.floorMod(Civil.weekday(ofDay: day) - rule.weekStart, 7)
      return Civil.floorDiv(week - startWeek, 7 * rule.interval)
    case .monthly:
      let months = (date.year - startDate.year) * 12 + date.month - startDate.month
      return Civil.floorDiv(months, rule.interval)
    case .yearly: return Civil.floorDiv(date.year - startDate.year, rule.interval)
    }
  }

  /// Hourly, minutely and secondly periods: one hour, minute or second each, whose
  /// readings must pass the day filter and BYHOUR, BYMINUTE and BYSECOND. Periods on
  /// days, hours or minutes that cannot match are skipped in one step.
  mutating func fillSubDaily(_ index: Int) {
    let unit = rule.frequency.seconds
    let step = unit * rule.interval
    let base = Civil.floorDiv(start, unit) * unit
    let reading = base + index * step
    guard reading <= horizon, Civil.date(ofDay: Civil.day(of: reading)).year <= 9999 else {
      return finish()
    }
    stepsLeft -= 1
    let day = Civil.day(of: reading)
    let time = Civil.secondOfDay(reading)
    func skip(to boundary: Int) {
      period = max(index + 1, Civil.floorDiv(boundary - base + step - 1, step))
    }
    guard filter.matches(day: day) else { return skip(to: (day + 1) * Civil.secondsPerDay) }
    guard rule.byHour.isEmpty || rule.byHour.contains(time / 3_600) else {
      return skip(to: reading - time % 3_600 + 3_600)
    }
    if rule.frequency < .hourly, !rule.byMinute.isEmpty, !rule.byMinute.contains(time / 60 % 60) {
      return skip(to: reading - time % 60 + 60)
    }
    if rule.frequency == .secondly {
      // Second 60 (a leap second) is second 59.
      if rule.bySecond.isEmpty || rule.bySecond.contains(where: { min($0, 59) == time % 60 }) {
        buffer.append(reading)
      }
      return
    }
    for offset in times { buffer.append(reading + offset) }
    stepsLeft -= times.count
  }
}
