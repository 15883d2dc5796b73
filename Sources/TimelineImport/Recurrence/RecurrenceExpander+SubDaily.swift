extension RecurrenceExpander {
  /// The index of the period that contains the local reading `reading`.
  func periodIndex(containing reading: Int) -> Int {
    let day = Civil.day(of: reading)
    switch rule.frequency {
    case .secondly, .minutely, .hourly:
      let unit = rule.frequency.seconds
      return Civil.floorDiv(reading - Civil.floorDiv(start, unit) * unit, unit * rule.interval)
    case .daily: return Civil.floorDiv(day - Civil.day(of: start), rule.interval)
    case .weekly:
      let startDay = Civil.day(of: start)
      let startWeek = startDay - Civil.floorMod(Civil.weekday(ofDay: startDay) - rule.weekStart, 7)
      let week = day - Civil.floorMod(Civil.weekday(ofDay: day) - rule.weekStart, 7)
      return Civil.floorDiv(week - startWeek, 7 * rule.interval)
    case .monthly:
      let date = Civil.date(ofDay: day)
      let first = Civil.date(ofDay: Civil.day(of: start))
      return Civil.floorDiv((date.year - first.year) * 12 + date.month - first.month, rule.interval)
    case .yearly:
      let year = Civil.date(ofDay: day).year
      return Civil.floorDiv(year - Civil.date(ofDay: Civil.day(of: start)).year, rule.interval)
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
    guard hours[time / 3_600] else { return skip(to: reading - time % 3_600 + 3_600) }
    switch rule.frequency {
    case .hourly:
      for minute in minutes {
        for second in seconds { buffer.append(reading + minute * 60 + second) }
      }
      stepsLeft -= minutes.count * seconds.count
    case .minutely:
      guard minuteFilter[time / 60 % 60] else { return skip(to: reading - time % 60 + 60) }
      for second in seconds { buffer.append(reading + second) }
      stepsLeft -= seconds.count
    default:
      guard minuteFilter[time / 60 % 60] else { return skip(to: reading - time % 60 + 60) }
      if secondFilter[time % 60] { buffer.append(reading) }
    }
  }
}
