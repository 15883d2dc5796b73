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

extension SVGCommandTests {
  /// `-o page.html` writes a page, not terminal text: without `--format`, the output file's
  /// extension names the format; `--format` still wins.
  @Test func out1_theOutputFilesExtensionChoosesTheFormat() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    func written(_ name: String, _ extra: [String] = []) throws -> String {
      let path = directory.appendingPathComponent(name).path
      let result = try CommandRunner.run(
        ["render", Self.example, "--now", Self.now, "-o", path] + extra)
      #expect(result.status == 0, "\(result.standardError)")
      return try String(contentsOfFile: path, encoding: .utf8)
    }
    #expect(try written("page.html").hasPrefix("<!DOCTYPE html>"))
    #expect(try written("PAGE.HTM").hasPrefix("<!DOCTYPE html>"))
    #expect(try written("image.svg").hasPrefix("<?xml"))
    let json = try written("rows.json")
    #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    let text = try written("rows.txt")
    #expect(!text.hasPrefix("<") && !text.hasPrefix("{") && text.contains("Line 4 maintenance"))
    #expect(!(try written("page.html", ["--format", "terminal"]).hasPrefix("<")))
    // A name without an extension is not one: `-o json` writes terminal text.
    #expect(!(try written("json").hasPrefix("{")))
    #expect(!(try written(".svg").hasPrefix("<")))
    #expect(try written("rows", ["--format", "json"]).hasPrefix("{"))
  }
}

extension SVGCommandTests {
  /// TL-8: `--select` names a row; an id the document does not have is a usage error
  /// rather than a page that silently selects nothing.
  @Test func tl8_selectingAnItemTheDocumentDoesNotHaveIsAUsageError() throws {
    // A child is not a row of its own: its id selects nothing either.
    let child = try CommandRunner.temporaryFile(
      #"{"version":1,"items":[{"id":"p","title":"Parent","start":"2026-11-21","children":[{"id":"c","title":"Child","start":"2026-11-21"}]}]}"#,
      name: "children.json")
    for (file, id) in [(Self.example, "wp-nope"), (child, "c")] {
      for view in ["timeline", "list"] {
        let wrong = try CommandRunner.run([
          "render", file, "--now", Self.now, "--view", view, "--select", id,
        ])
        #expect(wrong.status == 64)
        #expect(wrong.standardError.contains("--select \(id) names no item"))
        #expect(wrong.standardOutput.isEmpty)
      }
    }
    let id = try #require(
      try String(contentsOfFile: Self.example, encoding: .utf8)
        .firstMatch(of: /"id": *"([^"]+)"/)?.1)
    let right = try CommandRunner.run([
      "render", Self.example, "--now", Self.now, "--select", String(id), "--format", "json",
    ])
    #expect(right.status == 0, "\(right.standardError)")
    #expect(right.standardOutput.components(separatedBy: #""selected":true"#).count == 2)
  }
}
