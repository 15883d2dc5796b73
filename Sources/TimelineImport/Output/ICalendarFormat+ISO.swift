extension ICalendarFormat {
  /// `YYYY-MM-DDTHH:MM:SS` for a local reading.
  static func isoDateTime(_ reading: Int) -> String {
    let date = Civil.date(ofDay: Civil.day(of: reading))
    let time = Civil.secondOfDay(reading)
    return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T"
      + "\(pad(time / 3_600, 2)):\(pad(time / 60 % 60, 2)):\(pad(time % 60, 2))"
  }
}
