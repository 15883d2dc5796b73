import Foundation
import SnapshotTesting
import Testing
import TimelineCore
import TimelineSVG
import _TimelineTestSupport

/// Snapshots of the SVG images, stored as `.svg` files beside the tests: open them as images
/// and review every changed one as you would a screenshot.
@Suite("OUT-1 SVG snapshots")
struct SVGSnapshotTests {
  func renderer(_ appearance: SVGRenderer.Appearance = .light, width: Double = 640)
    -> SVGRenderer
  {
    SVGRenderer(appearance: appearance, width: width, indented: true)
  }

  @Test func out1_svgSeed002WorkPackage() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow)
    let svg = renderer().render(presentation)
    #expect(svg.contains("Planned Downtime Period Identified"))
    assertSnapshot(of: svg, as: .svg)
  }

  @Test func out1_svgSeed002WorkPackageDarkOnAPhone() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow)
    let svg = renderer(.dark, width: 390).render(presentation)
    #expect(svg.contains("fill=\"#12171c\""), "the dark background")
    assertSnapshot(of: svg, as: .svg)
  }

  @Test func tl3_svgProjectByWeekWithMarkers() throws {
    let presentation = try SVGFixtures.presentation(
      "project.json", now: "2026-11-21T12:00:00+01:00")
    assertSnapshot(of: renderer(width: 1024).render(presentation), as: .svg)
  }

  @Test func out1_svgMeetingsWithWideCharactersAndEmoji() throws {
    let presentation = try SVGFixtures.presentation(
      "meetings.json", now: "2026-11-21T12:00:00+01:00")
    assertSnapshot(of: renderer(width: 390).render(presentation), as: .svg)
  }

  @Test func tl6_svgEmptyTimelineShowsItsEmptyState() throws {
    let presentation = try SVGFixtures.presentation("empty.json", now: "2026-11-21T12:00:00Z")
    let svg = renderer().render(presentation)
    #expect(svg.contains(">No items</text>"))
    #expect(!svg.contains(">Now</text>"), "no now indicator")
    assertSnapshot(of: svg, as: .svg)
  }

  @Test func tl7_svgOnlyMarkers() throws {
    let presentation = SVGFixtures.presentation(
      [
        Fixtures.allDay("start", "2026-11-01", kind: .start, title: "Project Start"),
        Fixtures.allDay("pause", "2026-11-10", kind: .inactive, title: "On hold"),
        Fixtures.allDay("stop", "2026-11-25", kind: .earlyEnd, title: "Stopped early"),
        Fixtures.allDay("end", "2026-11-30", kind: .end, title: "Project End"),
      ], title: "Markers")
    let svg = renderer().render(presentation)
    #expect(!svg.contains("fill=\"#ffffff\""), "marker rows have no card")
    assertSnapshot(of: svg, as: .svg)
  }

  @Test func pv1_pv3_svgPreviewCompactAndRegular() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow)
    let compact = renderer(width: 390).render(
      TimelinePreview(presentation, count: PreviewSize.compact.itemCount))
    #expect(compact.contains("See All (7)"))
    #expect(compact.contains(">Today</text>"))
    assertSnapshot(of: compact, as: .svg, named: "compact")
    let regular = renderer(.dark, width: 1024).render(
      TimelinePreview(presentation, count: PreviewSize.regular.itemCount))
    assertSnapshot(of: regular, as: .svg, named: "regular-dark")
  }

  @Test func list1_list2_svgSeed004Appointments() throws {
    let document = try SVGFixtures.document("appointments.json")
    let list = TimelineList(items: document.items, context: Fixtures.context())
    let svg = renderer(width: 390).render(list, title: document.title)
    #expect(svg.contains(">Dentist</text>"))
    assertSnapshot(of: svg, as: .svg)
  }

  @Test func tl1_svgRightToLeftLocaleMirrorsTheLayout() throws {
    let presentation = try SVGFixtures.presentation(
      "work-package.json", now: SVGFixtures.workPackageNow, locale: "ar")
    let svg = renderer(width: 640).render(presentation)
    let parsed = ParsedSVG(svg)
    let timestamp = try #require(parsed.all("text").first { $0.text.contains("9:45") })
    let title = try #require(parsed.all("text").first { $0.text.contains("Planned Downtime") })
    #expect(timestamp.number("x") > title.number("x"), "timestamps on the right")
    assertSnapshot(of: svg, as: .svg)
  }
}
