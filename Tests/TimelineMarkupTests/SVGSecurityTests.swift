import Foundation
import Testing
import TimelineCore
import TimelineSVG
import _TimelineTestSupport

/// SEC-1 and OUT-1 for SVG: whatever the text, the image is well-formed XML without
/// scripts, event attributes or external references, and the text shows escaped.
@Suite("SEC-1 SVG escaping")
struct SVGSecurityTests {
  /// Every image of `items` the renderer makes: the timeline (light and dark, narrow and
  /// wide), the preview and the list.
  func images(_ items: [TimelineItem], title: String) -> [String] {
    let presentation = SVGFixtures.presentation(items, title: title)
    var images: [String] = []
    for appearance in SVGRenderer.Appearance.allCases {
      for width in [240.0, 390, 1024] {
        let renderer = SVGRenderer(appearance: appearance, width: width)
        images.append(renderer.render(presentation))
        images.append(renderer.render(TimelinePreview(presentation, count: 4, title: title)))
        images.append(
          renderer.render(TimelineList(items: items, context: Fixtures.context()), title: title))
      }
    }
    return images
  }

  /// The ways an image could run script or load something.
  func expectInert(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let parsed = ParsedSVG(svg)
    #expect(
      parsed.isWellFormed, "\(String(describing: parsed.parserError))",
      sourceLocation: sourceLocation)
    #expect(!svg.lowercased().contains("<script"), sourceLocation: sourceLocation)
    #expect(!svg.contains("<![CDATA["), sourceLocation: sourceLocation)
    let forbidden: Set<String> = [
      "script", "foreignObject", "a", "image", "use", "iframe", "style",
    ]
    for element in parsed.elements {
      #expect(!forbidden.contains(element.name), "\(element.name)", sourceLocation: sourceLocation)
      for (name, value) in element.attributes {
        #expect(!name.lowercased().hasPrefix("on"), "\(name)", sourceLocation: sourceLocation)
        #expect(!name.lowercased().hasSuffix("href"), "\(name)", sourceLocation: sourceLocation)
        #expect(!value.lowercased().contains("javascript:"), sourceLocation: sourceLocation)
        if value.contains("url(") {
          #expect(value.hasPrefix("url(#"), "only local references", sourceLocation: sourceLocation)
        }
      }
    }
  }

  @Test func sec1_svgEscapesHostileStringsInEveryField() throws {
    let hostile = SVGFixtures.hostile
    let items = [
      SVGFixtures.item("past", "2026-11-20T09:00:00Z", text: hostile, status: .completed),
      SVGFixtures.item("now", "2026-11-21T09:00:00Z", text: hostile, status: .inProgress),
      SVGFixtures.item("later", "2026-11-23T09:00:00Z", text: hostile),
    ]
    for svg in images(items, title: hostile) {
      expectInert(svg)
      #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
      #expect(svg.contains("&quot; onmouseover=&quot;alert(2)&quot;"))
      #expect(svg.contains("]]&gt;"))
      #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      let parsed = ParsedSVG(svg)
      let title = try #require(parsed.all("title").first)
      #expect(title.text.hasPrefix("<script>alert(1)</script>"), "the text reads as written")
    }
  }

  @Test func sec1_out1_svgIsWellFormedForRandomText() {
    var generator = SeededGenerator(seed: 0x5EC1)
    let pools: [ClosedRange<UInt32>] = [
      0x00...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x590...0x6FF, 0x2000...0x206F,
      0x3040...0x30FF, 0x4E00...0x4FFF, 0xD7F0...0xD7FF, 0xE000...0xE0FF, 0xFFF0...0xFFFF,
      0x1F300...0x1F6FF, 0x1F1E6...0x1F1FF, 0xE0000...0xE007F,
    ]
    for round in 0..<40 {
      var text = ""
      for _ in 0..<Int.random(in: 1...120, using: &generator) {
        let pool = pools.randomElement(using: &generator)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) {
          text.unicodeScalars.append(scalar)
        }
      }
      let items = [
        SVGFixtures.item("a\(round)", "2026-11-21T09:00:00Z", text: text),
        SVGFixtures.item("b\(round)", "2026-11-22T09:00:00Z", text: String(text.reversed())),
      ]
      let presentation = SVGFixtures.presentation(items, title: text)
      let renderer = SVGRenderer(width: 390)
      expectInert(renderer.render(presentation))
      expectInert(renderer.render(TimelinePreview(presentation, count: 2)))
      expectInert(
        renderer.render(TimelineList(items: items, context: Fixtures.context()), title: text))
    }
  }
}
