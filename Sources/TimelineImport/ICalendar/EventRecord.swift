/// The properties of one `VEVENT` or `VTODO` that items are made from, collected line by line.
///
/// Values are parsed as they arrive (so errors point at their line), but times stay wall-
/// clock readings until the component is complete and its zones are known.
struct EventRecord {
  enum Component: String {
    case event = "VEVENT"
    case todo = "VTODO"
  }

  /// An RDATE value: a time, or a period with its own end.
  enum RecurrenceDate {
    case time(ICalendarTime)
    case period(ICalendarPeriod)

    var start: ICalendarTime {
      switch self {
      case .time(let time): time
      case .period(let period): period.start
      }
    }
  }

  var component: Component
  var uid: String?
  var summary: String?
  var description: String?
  /// LOCATION.
  var place: String?
  var categories: [String] = []
  /// DTSTART.
  var start: ICalendarTime?
  /// DTEND.
  var end: ICalendarTime?
  var due: ICalendarTime?
  var duration: ICalendarDuration?
  var rules: [RecurrenceRule] = []
  var dates: [RecurrenceDate] = []
  var exceptions: [ICalendarTime] = []
  var recurrenceID: ICalendarTime?
  /// `RANGE=THISANDFUTURE` on RECURRENCE-ID.
  var thisAndFuture = false
  /// STATUS, upper-cased.
  var status: String?
  /// PRIORITY, 0...9.
  var priority: Int?
  var percentComplete: Int?
  /// Whether COMPLETED is given.
  var completed = false
  /// RELATED-TO with RELTYPE=PARENT (the default).
  var parent: String?
  /// The `X-TIMELINE-*` properties that carry the model's own fields.
  var extensions = TimelineExtensions()

  /// Whether the record defines a recurring series (RRULE or RDATE) rather than one item.
  var isRecurring: Bool { !rules.isEmpty || !dates.isEmpty }

  /// The time the item starts: DTSTART, or DUE for a to-do without one.
  var startTime: ICalendarTime? {
    start ?? (component == .todo ? due : nil)
  }

  /// Every time of the record, to check that their zones are known.
  var allTimes: [ICalendarTime] {
    var times = [start, end, due, recurrenceID].compactMap { $0 }
    for date in dates {
      times.append(date.start)
      if case .period(let period) = date, case .time(let end) = period.end { times.append(end) }
    }
    return times + exceptions
  }
}
