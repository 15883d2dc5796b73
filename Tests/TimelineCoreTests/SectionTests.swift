import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

@Suite("TL-1 order, TL-3 sections")
struct SectionTests {
  let items = [
    Fixtures.event("c", "2026-11-23T09:00:00Z"),
    Fixtures.event("a", "2026-11-21T09:00:00Z"),
    Fixtures.event("b", "2026-11-21T15:00:00Z"),
    Fixtures.event("d", "2026-12-02T09:00:00Z"),
    Fixtures.event("e", "2027-01-05T09:00:00Z"),
  ]

  func presentation(
    _ unit: HeaderUnit, format: SectionHeaderFormat = .automatic, locale: String = "en_US",
    zone: String = "UTC"
  ) -> TimelinePresentation {
    TimelinePresentation(
      items: items, context: Fixtures.context(zone: zone, locale: locale),
      configuration: TimelineConfiguration(headerUnit: unit, headerFormat: format))
  }

  @Test func tl1_rowsAreChronologicalWithTiesInDocumentOrder() {
    let tied = [
      Fixtures.event("x", "2026-11-21T09:00:00Z"), Fixtures.event("y", "2026-11-21T09:00:00Z"),
      Fixtures.event("early", "2026-11-20T09:00:00Z"),
      Fixtures.event("startMarker", "2026-11-21T09:00:00Z", kind: .start),
    ]
    let presentation = TimelinePresentation(items: tied, context: Fixtures.context())
    #expect((0..<4).map { presentation.item(ofRow: $0).id } == ["early", "startMarker", "x", "y"])
  }

  @Test func tl3_daySectionsNameTheDay() {
    let presentation = presentation(.day)
    #expect(presentation.sections.map(\.rows) == [0..<2, 2..<3, 3..<4, 4..<5])
    #expect(presentation.sectionTitle(at: 0) == "Saturday, November 21, 2026")
  }

  @Test func tl3_weekMonthAndYearSections() {
    let week = presentation(.week)
    #expect(week.sections.map(\.rows) == [0..<2, 2..<3, 3..<4, 4..<5])
    #expect(week.sectionTitle(at: 0).contains("Nov 15"))
    let month = presentation(.month)
    #expect(month.sections.map(\.rows) == [0..<3, 3..<4, 4..<5])
    #expect(month.sectionTitle(at: 0) == "November 2026")
    let year = presentation(.year)
    #expect(year.sections.map(\.rows) == [0..<4, 4..<5])
    #expect(year.sectionTitle(at: 1) == "2027")
  }

  @Test func tl3_weeksStartOnTheLocalesFirstWeekday() {
    // Sunday 2026-11-22: a US week runs Sun–Sat, a German week Mon–Sun.
    let items = [
      Fixtures.event("sat", "2026-11-21T09:00:00Z"), Fixtures.event("sun", "2026-11-22T09:00:00Z"),
    ]
    let us = TimelinePresentation(
      items: items, context: Fixtures.context(locale: "en_US"),
      configuration: TimelineConfiguration(headerUnit: .week))
    let de = TimelinePresentation(
      items: items, context: Fixtures.context(locale: "de_DE"),
      configuration: TimelineConfiguration(headerUnit: .week))
    #expect(us.sections.count == 2)
    #expect(de.sections.count == 1)
  }

  @Test func tl3_headersAreLocalized() {
    #expect(presentation(.day, locale: "de_DE").sectionTitle(at: 0) == "Samstag, 21. November 2026")
    #expect(presentation(.month, locale: "fr_FR").sectionTitle(at: 0) == "novembre 2026")
  }

  @Test func tl3_headerFormatIsCustomizable() {
    #expect(presentation(.day, format: .template("MMMd")).sectionTitle(at: 0) == "Nov 21")
    #expect(presentation(.day, format: .pattern("yyyy/MM/dd")).sectionTitle(at: 0) == "2026/11/21")
  }

  @Test func tl3_sectionsFollowTheTimeZone() {
    // 09:00Z and 15:00Z on Nov 21 are 18:00 on the 21st and 00:00 on the 22nd in Tokyo.
    let tokyo = presentation(.day, zone: "Asia/Tokyo")
    #expect(tokyo.sections.map(\.rows) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
  }

  @Test func tl3_sectionIndexOfRowUsesTheSections() {
    let presentation = presentation(.month)
    #expect((0..<5).map(presentation.sectionIndex(ofRow:)) == [0, 0, 0, 1, 2])
    #expect(presentation.rows(in: 0..<5).map(\.sectionIndex) == [0, 0, 0, 1, 2])
  }

  @Test func tl11_aWindowDeepInALargeTimelineHasTheRightTexts() {
    let base = Fixtures.instant("2020-01-01T00:00:00Z")
    let many = (0..<100_000).map { index in
      TimelineItem(
        id: "i\(index)", title: "Item \(index)", start: .instant(base + Double(index) * 3600))
    }
    let presentation = TimelinePresentation(items: many, context: Fixtures.context())
    let rows = presentation.rows(in: 50_000..<50_003)
    #expect(rows.map(\.id) == ["i50000", "i50001", "i50002"])
    #expect(rows[0].accessibilityLabel.hasPrefix("Item 50001 of 100000, "))
  }
}
