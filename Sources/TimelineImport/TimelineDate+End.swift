import TimelineCore

extension TimelineDate {
  /// Why this date cannot end an item that starts at `start`, or `nil` when it can: it must
  /// have the form of `start` (both all-day or both instants) and must not precede it. JSON
  /// and CSV documents give the same message.
  func endProblem(after start: TimelineDate) -> String? {
    switch (start, self) {
    case (.day(let first), .day(let last)):
      last >= first ? nil : #""end" must not be before "start""#
    case (.instant(let first), .instant(let last)):
      last >= first ? nil : #""end" must not be before "start""#
    case (.day, .instant):
      #"expected an all-day date for "end" because "start" is one, found a date-time"#
    case (.instant, .day):
      #"expected a date-time for "end" because "start" is one, found an all-day date"#
    }
  }
}
