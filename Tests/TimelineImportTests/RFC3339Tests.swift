import Foundation
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

/// IO-1 and IO-4: RFC 3339 dates and date-times, parsed exactly and validated.
@Suite struct RFC3339Tests {
  let utc = TimeZone(identifier: "UTC")!
  let berlin = TimeZone(identifier: "Europe/Berlin")!

  /// Seconds since the epoch of `year-month-day` at midnight UTC.
  func midnight(_ year: Int, _ month: Int, _ day: Int) -> Double {
    Double(CalendarDay(year: year, month: month, day: day)!.daysSinceEpoch * 86_400)
  }

  func reason(_ text: String) -> String? {
    do {
      _ = try RFC3339.parse(text, floatingIn: utc)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func io1_dateAloneIsAllDay() throws {
    #expect(try RFC3339.parse("2015-12-06", floatingIn: berlin) == day(2015, 12, 6))
    #expect(RFC3339.date(from: "2015-12-06", floatingIn: utc)?.isAllDay == true)
  }

  @Test func io1_leapDays() throws {
    #expect(try RFC3339.parse("2024-02-29", floatingIn: utc) == day(2024, 2, 29))
    #expect(try RFC3339.parse("2000-02-29", floatingIn: utc) == day(2000, 2, 29))
    #expect(reason("2023-02-29") == "day must be 1...28 in 2023-02")
    #expect(reason("1900-02-29") == "day must be 1...28 in 1900-02")
    #expect(reason("2026-04-31") == "day must be 1...30 in 2026-04")
  }

  @Test func io1_offsetsAndUTC() throws {
    let base = midnight(2026, 11, 21)
    #expect(try RFC3339.parse("2026-11-21T09:45:00Z", floatingIn: berlin) == instant(base + 35_100))
    #expect(try RFC3339.parse("2026-11-21t09:45:00z", floatingIn: berlin) == instant(base + 35_100))
    #expect(
      try RFC3339.parse("2026-11-21 09:45:00+00:00", floatingIn: berlin) == instant(base + 35_100))
    #expect(
      try RFC3339.parse("2026-11-21T09:45:00+05:30", floatingIn: utc) == instant(base + 15_300))
    #expect(
      try RFC3339.parse("2026-11-21T09:45:00-08:00", floatingIn: utc) == instant(base + 63_900))
    #expect(
      try RFC3339.parse("2026-11-21T00:00:00+23:59", floatingIn: utc) == instant(base - 86_340))
  }

  @Test func io1_fractionalSeconds() throws {
    let base = midnight(2026, 11, 21) + 35_100
    #expect(try RFC3339.parse("2026-11-21T09:45:00.5Z", floatingIn: utc) == instant(base + 0.5))
    let precise = try RFC3339.parse("2026-11-21T09:45:00.123456789123Z", floatingIn: utc)
    guard case .instant(let date) = precise else {
      Issue.record("not an instant")
      return
    }
    #expect(abs(date.timeIntervalSince1970 - (base + 0.123_456_789)) < 1e-6)
    #expect(reason("2026-11-21T09:45:00.Z") == #"expected a digit after ".""#)
  }

  @Test func io1_leapSecondIsClampedTo59() throws {
    let base = midnight(2016, 12, 31)
    #expect(try RFC3339.parse("2016-12-31T23:59:60Z", floatingIn: utc) == instant(base + 86_399))
    #expect(reason("2016-12-31T23:59:61Z") == "second must be 0...60")
  }

  /// The common `…THH:MM:SS±HH:MM` and `…Z` forms are read on a fast path; it must agree
  /// with Foundation's ISO 8601 parser on valid texts and leave invalid ones to the full
  /// parser's errors (Foundation's parser rolls 31 September over into October).
  @Test func io1_canonicalFormsAgreeWithFoundation() throws {
    var random = SeededGenerator(seed: 3339)
    let iso = ISO8601DateFormatter()
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    for _ in 0..<500 {
      let year = Int.random(in: 1900...2200, using: &random)
      let month = Int.random(in: 1...12, using: &random)
      let last = (28...31).last { CalendarDay(year: year, month: month, day: $0) != nil }!
      let day = Int.random(in: 1...last, using: &random)
      let time =
        "T\(pad(Int.random(in: 0...23, using: &random), 2)):"
        + "\(pad(Int.random(in: 0...59, using: &random), 2)):\(pad(Int.random(in: 0...59, using: &random), 2))"
      let zone =
        Bool.random(using: &random)
        ? "Z"
        : "\(Bool.random(using: &random) ? "+" : "-")\(pad(Int.random(in: 0...14, using: &random), 2)):\(pad([0, 30, 45].randomElement(using: &random)!, 2))"
      let text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))\(time)\(zone)"
      let expected = try #require(iso.date(from: text))
      #expect(try RFC3339.parse(text, floatingIn: berlin) == .instant(expected), "\(text)")
    }
    #expect(reason("2023-02-29T10:00:00Z") == "day must be 1...28 in 2023-02")
    #expect(reason("2026-11-21T24:00:00Z") == "hour must be 0...23")
    #expect(reason("2026-11-21T10:00:00+24:00") == "offset hour must be 0...23")
  }

  @Test func io1_floatingTimesInEuropeBerlin() throws {
    // Winter (+01:00) and summer (+02:00).
    #expect(
      try RFC3339.parse("2026-01-15T12:00:00", floatingIn: berlin)
        == instant(midnight(2026, 1, 15) + 11 * 3600))
    #expect(
      try RFC3339.parse("2026-07-15T12:00:00", floatingIn: berlin)
        == instant(midnight(2026, 7, 15) + 10 * 3600))
    // 2026-03-29 02:30 does not exist in Berlin: it moves forward by the gap to 03:30 CEST.
    #expect(
      try RFC3339.parse("2026-03-29T02:30:00", floatingIn: berlin)
        == instant(midnight(2026, 3, 29) + 1.5 * 3600))
    // 2026-10-25 02:30 happens twice: the first (CEST, +02:00) is taken.
    #expect(
      try RFC3339.parse("2026-10-25T02:30:00", floatingIn: berlin)
        == instant(midnight(2026, 10, 25) + 0.5 * 3600))
    // A fraction is kept for floating times too.
    #expect(
      try RFC3339.parse("2026-01-15T12:00:00.25", floatingIn: berlin)
        == instant(midnight(2026, 1, 15) + 11 * 3600 + 0.25))
  }

  @Test func io4_rangesAreValidated() {
    #expect(reason("2026-13-01") == "month must be 1...12")
    #expect(reason("2026-00-01") == "month must be 1...12")
    #expect(reason("2026-01-00") == "day must be 1...31")
    #expect(reason("0000-01-01") == "year must be 1...9999")
    #expect(reason("2026-01-01T24:00:00Z") == "hour must be 0...23")
    #expect(reason("2026-01-01T23:60:00Z") == "minute must be 0...59")
    #expect(reason("2026-01-01T23:00:00+24:00") == "offset hour must be 0...23")
    #expect(reason("2026-01-01T23:00:00+01:60") == "offset minute must be 0...59")
  }

  @Test func io4_malformedTextIsRejectedWithTheExpectedForm() {
    let form =
      "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS with an optional fraction and Z or ±HH:MM"
    for text in [
      "", "2026-1-01", "26-01-01", "2026-01-01T10:00:00 Z", "2026-01-01T10:00:00Zjunk",
      "２０２６-01-01", "2026-01-01T1a:00:00Z",
    ] {
      #expect(reason(text) == form, "\(text)")
    }
    #expect(reason("2026") == #"expected "-" after the year"#)
    #expect(reason("2026/01/01") == #"expected "-" after the year"#)
    #expect(reason("2026-01-01T10:00Z") == #"expected ":" after the minute"#)
    #expect(reason("2026-01-01T10:00:00+0100") == #"expected ":" in the offset"#)
    #expect(reason("2026-01-01X10:00:00") == #"expected "T" between the date and the time"#)
    #expect(reason("2026-01-01T10-00:00") == #"expected ":" after the hour"#)
    #expect(reason("2026-01-01T10:00:00+01-00") == #"expected ":" in the offset"#)
    #expect(RFC3339.date(from: "garbage", floatingIn: utc) == nil)
  }

  @Test func io4_errorDescriptionQuotesTheText() {
    let error = RFC3339Error(text: "2026-13-01", reason: "month must be 1...12")
    #expect(error.description == #"invalid date "2026-13-01": month must be 1...12"#)
  }
}
