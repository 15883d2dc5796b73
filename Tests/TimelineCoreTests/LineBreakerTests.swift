import Testing

@testable import TimelineCore

/// TL-2, CARD-2: a text that fits on one line is found a code point at a time, and the
/// lines are exactly those of the walk over grapheme clusters, whatever the measure.
@Suite("TL-2 line breaking")
struct LineBreakerTests {
  /// Measures with fractions whose sums depend on the order of the additions, one that
  /// gives nothing to some letters, and the plain one-per-character measure.
  static let measures: [(name: String, measure: @Sendable (Character) -> Double)] = [
    ("one each", { _ in 1 }),
    ("fractions", { character in character == " " ? 0.3 : character.isUppercase ? 1.1 : 0.7 }),
    ("zero-width a", { character in character == "a" ? 0 : 1 }),
    ("wide dash", { character in character == "—" ? 2.5 : 0.9 }),
  ]

  static let texts = [
    "Planned downtime", "Calibrate the control panel", "a a", "aa bb", "9:45\u{202F}AM",
    "“Quoted” — done…", " leading", "trailing ", "double  space", "x", "",
    "Wwm Wwm Wwm Wwm Wwm Wwm Wwm Wwm", "line\nbreak", "e\u{301}clair", "東京 会議", "🚀 go",
    "0.1 0.2 0.3 0.1 0.2 0.3 0.1 0.2", "Jan 1 at 9:00\u{202F}AM · In progress", "l·l ·",
    "·\u{301} mark on a dot",
    "Coordinate with the night shift & drain the circuit before the bearings are replaced.",
    "First line\nsecond line\n\nafter a blank one", "trailing break\n", "\nleading break",
    "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww then words", "a  b\n  c", "“Quoted”\n— dash",
  ]

  @Test func tl2_card2_aPlainLineIsWrappedAsTheClusterWalkWrapsIt() {
    for (name, measure) in Self.measures {
      for text in Self.texts {
        for width in stride(from: 0.0, through: 30, by: 0.1) {
          for maxLines in 1...3 {
            #expect(
              LineBreaker.wrap(text, width: width, maxLines: maxLines, measure: measure)
                == LineBreaker.wrapByClusters(
                  text, width: width, maxLines: maxLines, measure: measure),
              "\(name): \(text.debugDescription) at \(width), \(maxLines) lines")
          }
        }
      }
    }
    // The shortcut is taken: a plain line that fits comes back whole, in one line.
    #expect(
      LineBreaker.oneLine("9:45\u{202F}AM", width: 7, measure: { _ in 1 }) == "9:45\u{202F}AM")
    #expect(LineBreaker.oneLine("9:45\u{202F}AM", width: 6.9, measure: { _ in 1 }) == nil)
    #expect(LineBreaker.oneLine("e\u{301}", width: 9, measure: { _ in 1 }) == nil)
    // A card's caption, with its middle dot, takes the shortcut too.
    let caption = "Jan 1 at 9:00\u{202F}AM · Open"
    #expect(LineBreaker.oneLine(caption, width: 40, measure: { _ in 1 }) == caption)
  }
}
