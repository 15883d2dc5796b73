extension ItemFactory {
  /// The length of `record`'s instances: from DTEND (events) or DUE (to-dos with a
  /// DTSTART), else from DURATION. Ends before the start, or of another type than the
  /// start (date vs date-time), are dropped and noted.
  func length(
    of record: EventRecord, startingAt start: ICalendarTime, in zone: ResolvedZone,
    notes: inout ImportSummary
  ) -> InstanceLength {
    let endProperty = record.component == .event ? "DTEND" : "DUE"
    let explicitEnd =
      record.component == .event ? record.end : (record.start == nil ? nil : record.due)
    if let end = explicitEnd {
      guard end.isDate == start.isDate else {
        notes.record(
          .endIgnored(property: endProperty, reason: "it is not of the same type as DTSTART"))
        return .none
      }
      if start.isDate {
        // DTEND is exclusive; DUE names the last day.
        let last = end.day - (record.component == .event ? 1 : 0)
        if last >= start.day { return .days(last - start.day) }
        if end.day < start.day {
          notes.record(.endIgnored(property: endProperty, reason: "it is before DTSTART"))
        }
        return .none
      }
      let seconds = instant(of: end, notes: &notes) - zone.instant(local: start.seconds)
      guard seconds >= 0 else {
        notes.record(.endIgnored(property: endProperty, reason: "it is before DTSTART"))
        return .none
      }
      return .exact(seconds)
    }
    guard let duration = record.duration, record.start != nil else { return .none }
    guard !duration.isNegative else {
      notes.record(.endIgnored(property: "DURATION", reason: "it is negative"))
      return .none
    }
    if start.isDate {
      return duration.days >= 1 ? .days(duration.days - 1) : .none
    }
    return .nominal(duration)
  }
}
