import Foundation
import Testing
import _TimelineTestSupport

/// `--format svg` from the command line (OUT-1): the images, their width in pixels, the
/// appearance, and the preview's default size.
@Suite("CLI SVG output", .serialized)
struct SVGCommandTests {
  static let example = Fixtures.examplesDirectory.appendingPathComponent("work-package.json").path
  static let now = "2026-11-21T10:00:00-08:00"

  func svg(_ arguments: [String]) throws -> String {
    let result = try CommandRunner.run(arguments + ["--format", "svg", "--now", Self.now])
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput
  }

  @Test func out1_svgWidthIsPixelsFrom200AndDefaultsTo640() throws {
    #expect(try svg(["render", Self.example, "--width", "390"]).contains("width=\"390\""))
    #expect(try svg(["render", Self.example, "--width", "80"]).contains("width=\"640\""))
    #expect(try svg(["render", Self.example]).contains("width=\"640\""))
  }

  @Test func out1_svgAppearanceAndViews() throws {
    let dark = try svg(["render", Self.example, "--appearance", "dark"])
    #expect(dark.contains("fill=\"#12171c\""))
    let list = try svg(["render", Self.example, "--view", "list"])
    #expect(list.contains(">Line 4 maintenance</title>"), "the list image takes the title")
  }

  @Test func pv2_svgPreviewShowsFourObjectsFrom600PixelsAndTwoBelow() throws {
    let wide = try svg(["preview", Self.example])
    #expect(wide.contains("<desc") && wide.contains(">4 of 7 items"))
    let narrow = try svg(["preview", Self.example, "--width", "390"])
    #expect(narrow.contains(">2 of 7 items"))
  }
}
