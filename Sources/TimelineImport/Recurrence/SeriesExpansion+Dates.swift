extension SeriesExpansion {
  /// RDATE instances, as readings in the series' zone, with a period's own length.
  func extraDates(
    _ master: EventRecord, _ start: ICalendarTime, _ zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> [Instance] {
    master.dates.map { date in
      let reading = self.reading(of: date.start, start, zone, notes: &notes)
      guard case .period(let period) = date else { return Instance(start: reading) }
      let length: InstanceLength
      switch period.end {
      case .duration(let duration): length = duration.isNegative ? .none : .nominal(duration)
      case .time(let end):
        let seconds =
          factory.instant(of: end, notes: &notes) - factory.instant(of: period.start, notes: &notes)
        length = seconds >= 0 ? .exact(seconds) : .none
      }
      return Instance(start: reading, length: length)
    }
  }

  /// The EXDATEs: instants for timed series, days for all-day ones (and for DATE
  /// exceptions, which remove every instance on that day).
  func exclusions(
    _ master: EventRecord, _ start: ICalendarTime, _ zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> Exclusions {
    var result = Exclusions()
    for exception in master.exceptions {
      if exception.isDate || start.isDate {
        result.days.insert(Civil.day(of: reading(of: exception, start, zone, notes: &notes)))
      } else {
        result.instants.insert(factory.instant(of: exception, notes: &notes))
      }
    }
    return result
  }

  /// `time` as a reading in the series' zone: a DATE takes DTSTART's time of day, a
  /// DATE-TIME in another zone is converted.
  func reading(
    of time: ICalendarTime, _ start: ICalendarTime, _ zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> Int {
    if start.isDate {
      let local =
        time.isDate || time.zone == .floating
        ? time.seconds : factory.floating.local(atUTC: factory.instant(of: time, notes: &notes))
      return Civil.day(of: local) * Civil.secondsPerDay
    }
    if time.isDate { return time.seconds + Civil.secondOfDay(start.seconds) }
    if time.zone == start.zone { return time.seconds }
    return zone.local(atUTC: factory.instant(of: time, notes: &notes))
  }

  /// The identity of an instance: its day (all-day) or UTC instant.
  func key(_ reading: Int, _ isDate: Bool, _ zone: ResolvedZone) -> Int {
    isDate ? Civil.day(of: reading) : zone.instant(local: reading)
  }

  /// Whether a reading lies after UNTIL: compared by day for dates, as instants for UTC,
  /// and as readings for a floating UNTIL.
  func untilTest(
    _ until: ICalendarTime?, start: ICalendarTime, zone: ResolvedZone
  ) -> (Int) -> Bool {
    guard let until else { return { _ in false } }
    if until.isDate || start.isDate {
      let local =
        until.zone == .utc && !until.isDate ? zone.local(atUTC: until.seconds) : until.seconds
      let last = Civil.day(of: local)
      return { Civil.day(of: $0) > last }
    }
    let limit = until.seconds
    if until.zone == .utc { return { zone.instant(local: $0) > limit } }
    return { $0 > limit }
  }
}
