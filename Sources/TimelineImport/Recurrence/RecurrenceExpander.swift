import TimelineCore

/// Produces the local start readings of a recurrence rule in increasing order: DTSTART
/// first (RFC 5545: it always counts as the first instance), then every reading the rule
/// generates after it, honouring COUNT, UNTIL, INTERVAL and BYSETPOS.
///
/// As python-dateutil and libical implement the RFC's "expand" and "limit" table, a period
/// supplies its days as candidates, and BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY and BYDAY
/// each keep those they name. A day that does not exist (such as the 31st of April) is never
/// a candidate, so it is skipped as the RFC requires.
///
/// Work is bounded: readings past `horizon` end the expansion, and so does running out
/// of `steps` (one per candidate day or time examined), which ``ranOutOfSteps`` reports.
/// Without COUNT, periods long before `skipTo` are skipped arithmetically.
struct RecurrenceExpander {
  /// The rule with the defaults RFC 5545 takes from DTSTART: a yearly rule without day
  /// parts repeats DTSTART's month and day, a monthly one its day of the month, a weekly one
  /// its weekday.
  let rule: RecurrenceRule
  let start: Int
  let horizon: Int
  /// Whether a reading lies after the rule's UNTIL (decided by the caller, who knows the zone).
  let isAfterUntil: (Int) -> Bool
  /// The weekdays of BYDAY entries that match every such weekday (no ordinal, or one that
  /// does not apply).
  private let plainWeekdays: [Int]
  private let ordinalWeekdays: [RecurrenceRule.WeekdayNumber]
  /// Whether BYDAY ordinals count within the month (else within the year).
  private let ordinalsInMonth: Bool
  /// The readings of each period, in seconds after its start (a day's for daily and longer
  /// frequencies), sorted.
  let times: [Int]
  let startDate: CalendarDay
  /// The first day of DTSTART's week.
  let startWeek: Int
  private var stepsLeft: Int
  private(set) var ranOutOfSteps = false
  private var period = 0
  private var buffer: [Int] = []
  private var position = 0
  private var produced = 0
  private var done = false

  init(
    rule: RecurrenceRule, start: Int, isDate: Bool, horizon: Int, skipTo: Int?, steps: Int,
    isAfterUntil: @escaping (Int) -> Bool
  ) {
    let startDay = Civil.day(of: start)
    let date = CalendarDay(daysSinceEpoch: startDay)
    var rule = rule
    if rule.byWeekNo.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
      switch rule.frequency {
      case .yearly:
        if rule.byMonth.isEmpty { rule.byMonth = [date.month] }
        rule.byMonthDay = [date.day]
      case .monthly: rule.byMonthDay = [date.day]
      case .weekly: rule.byDay = [.init(ordinal: 0, weekday: Civil.weekday(ofDay: startDay))]
      default: break
      }
    }
    self.rule = rule
    self.start = start
    self.horizon = horizon
    self.isAfterUntil = isAfterUntil
    stepsLeft = steps
    // Ordinals only mean something in monthly and yearly rules (and not with BYWEEKNO).
    let ordinalsApply =
      (rule.frequency == .monthly || rule.frequency == .yearly) && rule.byWeekNo.isEmpty
    plainWeekdays = rule.byDay.filter { $0.ordinal == 0 || !ordinalsApply }.map(\.weekday)
    ordinalWeekdays = rule.byDay.filter { $0.ordinal != 0 && ordinalsApply }
    ordinalsInMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
    startDate = date
    startWeek = startDay - Civil.floorMod(Civil.weekday(ofDay: startDay) - rule.weekStart, 7)
    let time = Civil.secondOfDay(start)
    // BYHOUR, BYMINUTE and BYSECOND expand frequencies longer than their unit (DTSTART's
    // value when not given); they limit the others, in `fillSubDaily`.
    func sorted(_ values: [Int], _ fallback: Int, _ unit: RecurrenceRule.Frequency) -> [Int] {
      guard rule.frequency > unit else { return [0] }
      return values.isEmpty ? [fallback] : Array(Set(values.map { min($0, 59) })).sorted()
    }
    var product: [Int] = []
    for hour in sorted(rule.byHour, time / 3_600, .hourly) {
      for minute in sorted(rule.byMinute, time / 60 % 60, .minutely) {
        for second in sorted(rule.bySecond, time % 60, .secondly) {
          product.append(hour * 3_600 + minute * 60 + second)
        }
      }
    }
    times = isDate ? [0] : product
    if rule.count == nil, let skipTo { period = max(0, periodIndex(containing: skipTo) - 1) }
  }

  /// The next reading, or `nil` when the rule is exhausted or the horizon is reached.
  mutating func next() -> Int? {
    if produced == 0 {
      produced = 1
      if rule.count == 1 { done = true }
      return start
    }
    while !done {
      if position < buffer.count {
        let reading = buffer[position]
        position += 1
        if reading <= start { continue }
        if reading > horizon || isAfterUntil(reading) {
          done = true
          return nil
        }
        produced += 1
        if let count = rule.count, produced >= count { done = true }
        return reading
      }
      fillNextPeriod()
    }
    return nil
  }

  /// Collects the candidates of period `period` and moves on.
  private mutating func fillNextPeriod() {
    buffer.removeAll(keepingCapacity: true)
    position = 0
    let index = period
    period += 1
    guard stepsLeft > 0 else {
      ranOutOfSteps = true
      return finish()
    }
    switch rule.frequency {
    case .secondly, .minutely, .hourly: fillSubDaily(index)
    case .daily: fillDays(first: Civil.day(of: start) + index * rule.interval, count: 1)
    case .weekly: fillDays(first: startWeek + index * 7 * rule.interval, count: 7)
    case .monthly:
      let month = startDate.year * 12 + startDate.month - 1 + index * rule.interval
      let (year, monthOfYear) = (Civil.floorDiv(month, 12), Civil.floorMod(month, 12) + 1)
      guard year <= 9999 else { return finish() }
      fillDays(
        first: CalendarDay.daysSinceEpoch(year: year, month: monthOfYear, day: 1),
        count: CalendarDay.daysInMonth(year: year, month: monthOfYear))
    case .yearly: fillYear(startDate.year + index * rule.interval)
    }
    // BYSETPOS keeps only the n-th candidates of the period (negative: from the end).
    guard !rule.bySetPos.isEmpty, !buffer.isEmpty else { return }
    let chosen = rule.bySetPos.map { $0 > 0 ? $0 - 1 : buffer.count + $0 }
    buffer = Set(chosen.filter(buffer.indices.contains).map { buffer[$0] }).sorted()
  }

  private mutating func finish() { done = true }

  /// Days `first ..< first + count`, each at every time of `times`.
  private mutating func fillDays(first: Int, count: Int) {
    guard first * Civil.secondsPerDay <= horizon, CalendarDay(daysSinceEpoch: first).year <= 9999
    else { return finish() }
    for day in first..<first + count { add(day: day) }
  }

  private mutating func fillYear(_ year: Int) {
    guard year <= 9999 else { return finish() }
    if !rule.byWeekNo.isEmpty {
      let first = Civil.firstWeekStart(year: year, weekStart: rule.weekStart)
      let next = Civil.firstWeekStart(year: year + 1, weekStart: rule.weekStart)
      return fillDays(first: first, count: next - first)
    }
    guard CalendarDay.daysSinceEpoch(year: year, month: 1, day: 1) * Civil.secondsPerDay <= horizon
    else { return finish() }
    for month in 1...12 where allows(month: month) {
      let first = CalendarDay.daysSinceEpoch(year: year, month: month, day: 1)
      for day in first..<first + CalendarDay.daysInMonth(year: year, month: month) { add(day: day) }
    }
  }

  @inline(__always)
  private mutating func add(day: Int) {
    stepsLeft -= 1
    guard matches(day: day) else { return }
    stepsLeft -= times.count
    let base = day * Civil.secondsPerDay
    for time in times { buffer.append(base + time) }
  }

  private func allows(month: Int) -> Bool { rule.byMonth.isEmpty || rule.byMonth.contains(month) }

  /// Whether `day` passes every day-level part of the rule.
  @inline(__always)
  private func matches(day: Int) -> Bool {
    let date = CalendarDay(daysSinceEpoch: day)
    let monthLength = CalendarDay.daysInMonth(year: date.year, month: date.month)
    let yearDay = day - CalendarDay.daysSinceEpoch(year: date.year, month: 1, day: 1) + 1
    let yearLength = 337 + CalendarDay.daysInMonth(year: date.year, month: 2)  // 365 or 366
    guard allows(month: date.month), Self.names(rule.byMonthDay, date.day, of: monthLength),
      Self.names(rule.byYearDay, yearDay, of: yearLength)
    else { return false }
    if !rule.byWeekNo.isEmpty {
      let week = Civil.week(ofDay: day, weekStart: rule.weekStart)
      guard Self.names(rule.byWeekNo, week.week, of: week.weeks) else { return false }
    }
    guard !plainWeekdays.isEmpty || !ordinalWeekdays.isEmpty else { return true }
    let weekday = Civil.weekday(ofDay: day)
    if plainWeekdays.contains(weekday) { return true }
    let (position, length) = ordinalsInMonth ? (date.day, monthLength) : (yearDay, yearLength)
    let fromStart = (position - 1) / 7 + 1
    let fromEnd = -((length - position) / 7 + 1)
    return ordinalWeekdays.contains {
      $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd)
    }
  }

  /// Whether `values` is empty or names `position` (1-based) in a period of `length`, where
  /// negative values count from the end (-1 is the last).
  private static func names(_ values: [Int], _ position: Int, of length: Int) -> Bool {
    values.isEmpty || values.contains { $0 == position || $0 == position - length - 1 }
  }

  private func periodIndex(containing reading: Int) -> Int {
    let day = Civil.day(of: reading)
    let date = CalendarDay(daysSinceEpoch: day)
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
  /// readings must pass `matches(day:)` and BYHOUR, BYMINUTE and BYSECOND. Periods on
  /// days, hours or minutes that cannot match are skipped in one step.
  private mutating func fillSubDaily(_ index: Int) {
    let unit = rule.frequency.seconds
    let step = unit * rule.interval
    let base = Civil.floorDiv(start, unit) * unit
    let reading = base + index * step
    guard reading <= horizon, CalendarDay(daysSinceEpoch: Civil.day(of: reading)).year <= 9999
    else { return finish() }
    stepsLeft -= 1
    let day = Civil.day(of: reading)
    let time = Civil.secondOfDay(reading)
    func skip(to boundary: Int) {
      period = max(index + 1, Civil.floorDiv(boundary - base + step - 1, step))
    }
    guard matches(day: day) else { return skip(to: (day + 1) * Civil.secondsPerDay) }
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
