import Foundation
import Testing
import _TimelineTestSupport

/// `--theme FILE` (TL-13): colors and node icons customized together for `render` and
/// `preview` in HTML and SVG; a theme the file cannot give is refused with its place.
@Suite("TL-13 theme files")
struct ThemeCommandTests {
  static let example = Fixtures.examplesDirectory.appendingPathComponent("work-package.json").path
  static let now = "2026-11-21T10:00:00-08:00"
  static let theme = """
    {
      "light": { "accent": "#6a1fb0", "highlight": "#f1e8fb" },
      "dark": { "accent": "#c9a3f5" },
      "icons": { "checkmark": "M4 8l3 3 5-6", "events": { "Rocket": "M12 2l4 8h-8Z" } }
    }
    """

  func output(_ arguments: [String], theme: String = theme) throws -> CommandRunner.Result {
    let path = try CommandRunner.temporaryFile(Data(theme.utf8), name: "theme.json")
    return try CommandRunner.run(arguments + ["--theme", path, "--now", Self.now])
  }

  @Test func tl13_aThemeFileColorsAndDrawsHTMLAndSVG() throws {
    let page = try output(["render", Self.example, "--format", "html"])
    #expect(page.status == 0, "\(page.standardError)")
    #expect(page.standardOutput.contains("--tl-accent: #6a1fb0;"), "the light accent")
    #expect(page.standardOutput.contains("--tl-accent: #c9a3f5;"), "the dark accent")
    #expect(page.standardOutput.contains("--tl-highlight: #f1e8fb;"))
    #expect(page.standardOutput.contains("--tl-surface: #ffffff;"), "the rest is standard")
    #expect(page.standardOutput.contains(#"d="M4 8l3 3 5-6""#), "the completed node's glyph")
    let image = try output(["render", Self.example, "--format", "svg"])
    #expect(image.status == 0, "\(image.standardError)")
    #expect(image.standardOutput.contains("#6a1fb0"))
    #expect(image.standardOutput.contains(#"d="M4 8l3 3 5-6""#))
    let dark = try output(["preview", Self.example, "--format", "svg", "--appearance", "dark"])
    #expect(dark.status == 0, "\(dark.standardError)")
    #expect(dark.standardOutput.contains("#c9a3f5") && !dark.standardOutput.contains("#6a1fb0"))
    // Without a theme, the standard colors.
    let standard = try CommandRunner.run(
      ["render", Self.example, "--format", "html", "--now", Self.now])
    #expect(!standard.standardOutput.contains("#6a1fb0"))
  }

  @Test(arguments: [
    (
      ##"{"light": {"acent": "#000000"}}"##,
      ##"theme.json:1:12: unknown member "acent" in "light""##
    ),
    (
      ##"{"light": {"accent": "red"}}"##,
      ##"theme.json:1:22: expected a color #rrggbb for "accent""##
    ),
    (
      ##"{"light": {"text": "#+00000"}}"##,
      ##"theme.json:1:20: expected a color #rrggbb for "text""##
    ),
    (
      ##"{"light": {"accent": "#dddddd"}}"##,
      "theme.json:1:11: the light palette falls short of WCAG AA: accent #dddddd on background"
    ),
    (
      ##"{"dark": {"text": "#222222"}}"##,
      "theme.json:1:10: the dark palette falls short of WCAG AA: text #222222 on background"
    ),
    (
      ##"{"icons": {"bar": "M0 0\"/><script>"}}"##,
      ##"theme.json:1:19: expected SVG path data for "bar""##
    ),
    (##"{"icons": {"events": {"x": 5}}}"##, ##"theme.json:1:28: expected a string for "x""##),
    ("[1]", "theme.json:1:1: expected an object for the theme, found array"),
    (
      ##"{"light": "#000000"}"##,
      ##"theme.json:1:11: expected an object for "light", found string"##
    ),
  ])
  func tl13_io4_aThemeTheFileCannotGiveExits65WithItsPlace(theme: String, message: String) throws {
    for command in ["render", "preview"] {
      let result = try output([command, Self.example, "--format", "html"], theme: theme)
      #expect(result.status == 65, "\(command) \(theme)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
      #expect(result.standardOutput.isEmpty, "nothing half-written")
    }
  }
}
