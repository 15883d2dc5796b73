/// Produces the local start readings of a recurrence rule in increasing order: DTSTART
/// first (RFC 5545: it always counts as the first instance), then every reading the rule
/// generates after it, honouring COUNT, UNTIL, INTERVAL and BYSETPOS.
///
/// Work is bounded: readings past `horizon` end the expansion, and so does running out
/// of `steps` (one per candidate day or time examined), which ``ranOutOfSteps`` reports.
/// Without COUNT, periods long before `skipTo` are skipped arithmetically.
struct RecurrenceExpander {
  let rule: RecurrenceRule
  let start: Int
  let horizon: Int
  /// Whether a reading lies after the rule's UNTIL (decided by the caller, who knows the zone).
  let isAfterUntil: (Int) -> Bool
  let filter: RecurrenceDayFilter
  /// The readings of each period, in seconds after its start (a day's for daily and longer
  /// frequencies), sorted.
  let times: [Int]
  let startDate: (year: Int, month: Int, day: Int)
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
    self.rule = rule
    self.start = start
    self.horizon = horizon
    self.isAfterUntil = isAfterUntil
    stepsLeft = steps
    let startDay = Civil.day(of: start)
    filter = RecurrenceDayFilter(rule: rule, startDay: startDay)
    startDate = Civil.date(ofDay: startDay)
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
      done = true
      return
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
        first: Civil.days(year: year, month: monthOfYear, day: 1),
        count: Civil.daysInMonth(year: year, month: monthOfYear))
    case .yearly: fillYear(startDate.year + index * rule.interval)
    }
    applySetPositions()
  }

  private mutating func finish() { done = true }

  /// Keeps only the BYSETPOS-th candidates of the period (negative: from the end).
  private mutating func applySetPositions() {
    guard !rule.bySetPos.isEmpty, !buffer.isEmpty else { return }
    let chosen = rule.bySetPos.map { $0 > 0 ? $0 - 1 : buffer.count + $0 }
    buffer = Set(chosen.filter(buffer.indices.contains).map { buffer[$0] }).sorted()
  }

  /// Days `first ..< first + count`, each at every time of `times`.
  private mutating func fillDays(first: Int, count: Int) {
    guard first * Civil.secondsPerDay <= horizon, Civil.date(ofDay: first).year <= 9999 else {
      return finish()
    }
    for day in first..<first + count { add(day: day) }
  }

  private mutating func fillYear(_ year: Int) {
    guard year <= 9999 else { return finish() }
    if !rule.byWeekNo.isEmpty {
      let first = Civil.firstWeekStart(year: year, weekStart: rule.weekStart)
      let next = Civil.firstWeekStart(year: year + 1, weekStart: rule.weekStart)
      return fillDays(first: first, count: next - first)
    }
    guard Civil.days(year: year, month: 1, day: 1) * Civil.secondsPerDay <= horizon else {
      return finish()
    }
    for month in 1...12 where filter.allows(month: month) {
      let first = Civil.days(year: year, month: month, day: 1)
      for day in first..<first + Civil.daysInMonth(year: year, month: month) { add(day: day) }
    }
  }

  @inline(__always)
  private mutating func add(day: Int) {
    stepsLeft -= 1
    guard filter.matches(day: day) else { return }
    stepsLeft -= times.count
    let base = day * Civil.secondsPerDay
    for time in times { buffer.append(base + time) }
  }

  /// The index of the period that contains the local reading `reading`.
  private func periodIndex(containing reading: Int) -> Int {
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
  private mutating func fillSubDaily(_ index: Int) {
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
