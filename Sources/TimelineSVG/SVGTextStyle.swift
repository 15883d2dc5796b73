/// A size, weight and line height of SVG text, with measurement in that style. An open set:
/// the styles the renderer uses are static members.
///
/// ```swift
/// SVGTextStyle.title.width(of: "Project Start")   // pixels at 15 px bold
/// SVGTextStyle.title.baseline(lineTop: 12)         // where a line starting at 12 sits
/// ```
struct SVGTextStyle: Sendable, Hashable {
  /// The font size in pixels.
  var size: Double
  var bold: Bool
  /// The distance between the tops of consecutive lines.
  var lineHeight: Double

  /// The document title above a timeline.
  static let heading = SVGTextStyle(size: 18, bold: true, lineHeight: 24)
  /// Section headers (TL-3).
  static let header = SVGTextStyle(size: 13, bold: true, lineHeight: 18)
  /// Card titles (TL-2) and marker titles (TL-7).
  static let title = SVGTextStyle(size: 15, bold: true, lineHeight: 20)
  /// Subtitles, descriptions, attributes, list messages.
  static let body = SVGTextStyle(size: 13, bold: false, lineHeight: 18)
  /// Supporting text, statuses, the icon name under a timestamp.
  static let caption = SVGTextStyle(size: 12, bold: false, lineHeight: 16)
  /// The first status of the stack.
  static let captionBold = SVGTextStyle(size: 12, bold: true, lineHeight: 16)
  /// Timestamps.
  static let timestamp = SVGTextStyle(size: 12, bold: false, lineHeight: 16)
  /// A timestamp inside the today marker and the now indicator's label.
  static let timestampBold = SVGTextStyle(size: 12, bold: true, lineHeight: 16)
  /// Preview titles (PV-1).
  static let previewTitle = SVGTextStyle(size: 14, bold: false, lineHeight: 19)
  /// The preview header title (PV-3).
  static let previewHeader = SVGTextStyle(size: 16, bold: true, lineHeight: 22)
  /// "See All (N)" (PV-3).
  static let action = SVGTextStyle(size: 14, bold: false, lineHeight: 19)
  /// List messages (LIST-1).
  static let message = SVGTextStyle(size: 15, bold: false, lineHeight: 20)
  /// The weekday of a list date label.
  static let weekday = SVGTextStyle(size: 12, bold: false, lineHeight: 15)
  /// The day of month of a list date label.
  static let dayOfMonth = SVGTextStyle(size: 17, bold: true, lineHeight: 21)

  /// The width of `text` in pixels, never less than the named fonts draw it.
  func width(of text: some StringProtocol) -> Double {
    SVGFontMetrics.width(of: text, size: size, bold: bold)
  }

  /// The most 1/1000 em that fit in `width` pixels at this size.
  func units(fitting width: Double) -> Int {
    guard width > 0 else { return -1 }
    guard width < 1e9 else { return Int.max / 2 }
    return Int((width * 1000 / size).rounded(.down))
  }

  /// The baseline of a line whose box starts at `lineTop`: the text is centered in the box.
  func baseline(lineTop: Double) -> Double {
    lineTop + lineHeight / 2 + size * 0.35
  }

  /// The baseline that centers one line of text on `center`.
  func baseline(center: Double) -> Double {
    center + size * 0.35
  }
}
