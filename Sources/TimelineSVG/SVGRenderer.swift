import Foundation
import TimelineCore
@_exported import _TimelineMarkup

/// Draws timelines, preview strips and timeline lists as standalone SVG images, for
/// documents, e-mails and READMEs (OUT-1).
///
/// The images lay themselves out: text is measured for the font stack they name
/// (`'Noto Sans', 'DejaVu Sans', sans-serif`), wrapped and truncated with an ellipsis by the
/// same rules as the other renderers, and always stays inside its card. Each image is
/// `role="img"` with a `title` and a `desc` (A11Y-1); all user text is escaped (SEC-1); there
/// are no scripts, event attributes or external references. Right-to-left locales mirror the
/// layout (TL-1).
///
/// ```swift
/// let svg = SVGRenderer(appearance: .dark, width: 390).render(presentation)
/// try svg.write(toFile: "timeline.svg", atomically: true, encoding: .utf8)
/// ```
public struct SVGRenderer: Sendable {
  /// Which palette of the theme to use.
  public enum Appearance: String, Sendable, CaseIterable { case light, dark }

  /// Colors and node icons (TL-13).
  public var theme: TimelineTheme
  public var appearance: Appearance
  /// The image width in CSS pixels; it is kept between 240 and 16,384.
  public var width: Double
  /// Indent the markup, one element per line (for reading and diffs); minified by default.
  public var indented: Bool

  /// The narrowest image laid out; narrower widths are raised to it.
  public static let minimumWidth = 240.0
  /// The widest image laid out; wider widths are lowered to it.
  public static let maximumWidth = 16_384.0

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - theme: colors and node icons.
  ///   - appearance: the theme's light or dark palette.
  ///   - width: the image width in CSS pixels (390 is phone-like, 1024 tablet-like).
  ///   - indented: one element per line instead of minified markup.
  public init(
    theme: TimelineTheme = .standard, appearance: Appearance = .light, width: Double = 640,
    indented: Bool = false
  ) {
    self.theme = theme
    self.appearance = appearance
    self.width = width
    self.indented = indented
  }

  /// The palette of `appearance`.
  public var palette: TimelineTheme.Palette {
    appearance == .dark ? theme.dark : theme.light
  }

  /// The whole timeline (TL-1 … TL-8): title, section headers, rows with timestamps, nodes,
  /// lines and cards, and the now indicator; or the empty state.
  ///
  /// - Parameters:
  ///   - presentation: what the timeline shows, as the core decided it.
  ///   - window: the rows to draw, for a timeline too large for one image (TL-11); all by
  ///     default. Labels still count in the whole timeline.
  ///   - note: a line under the title saying what the image leaves out.
  public func render(
    _ presentation: TimelinePresentation, window: Range<Int>? = nil, note: String? = nil
  ) -> String {
    string(presentation.context.locale) { canvas in
      var layout = SVGTimelineLayout(presentation, canvas: canvas, window: window, note: note)
      return layout.document()
    }
  }

  /// Writes ``render(_:window:note:)`` to `output`. The drawing is kept as text, not as a
  /// tree, and moves to temporary files as it grows: an image of a million rows costs a
  /// bounded buffer, not its size in memory.
  ///
  /// - Throws: ``SVGImageError`` when part of the image cannot be kept in, or read back
  ///   from, a temporary file.
  public func write(
    _ presentation: TimelinePresentation, window: Range<Int>? = nil, note: String? = nil,
    to output: inout some TextOutputStream
  ) throws {
    try write(presentation.context.locale, to: &output) { canvas in
      var layout = SVGTimelineLayout(presentation, canvas: canvas, window: window, note: note)
      return layout.document()
    }
  }

  /// The preview strip (PV-1 … PV-5): header title and "See All (N)", then a column per
  /// object with its timestamp, node and line, and title.
  ///
  /// The strip reads in its language's direction.
  public func render(_ preview: TimelinePreview) -> String {
    string(preview.locale) { canvas in
      var document = SVGPreviewLayout(
        preview, canvas: canvas, words: SummaryStrings.localized(for: preview.locale)
      ).document()
      document.language = preview.locale.identifier(.bcp47)
      return document
    }
  }

  /// The timeline list of seed 004 (LIST-1, LIST-2): the date label on each day's first row,
  /// the line joining the rows and a dot on each day's first row.
  ///
  /// - Parameters:
  ///   - list: the list's rows.
  ///   - title: the image's accessible name (and nothing visible); defaults to "Timeline".
  ///   - window: the rows to draw, for a list too long for one image (TL-11); all by
  ///     default. The window's first row names its day; the description counts the whole.
  ///   - note: a line at the top saying what the image leaves out.
  public func render(
    _ list: TimelineList, title: String? = nil, window: Range<Int>? = nil, note: String? = nil
  ) -> String {
    string(list.context.locale) { canvas in
      SVGListLayout(list, title: title, canvas: canvas, window: window, note: note).document()
    }
  }

  /// Writes ``render(_:title:window:note:)`` to `output` as the list is drawn (see
  /// ``write(_:window:note:to:)``).
  public func write(
    _ list: TimelineList, title: String? = nil, window: Range<Int>? = nil, note: String? = nil,
    to output: inout some TextOutputStream
  ) throws {
    try write(list.context.locale, to: &output) { canvas in
      SVGListLayout(list, title: title, canvas: canvas, window: window, note: note).document()
    }
  }

  /// A canvas for this renderer's palette, icons and width, mirrored for `locale`; its
  /// layers move to temporary files as they grow when `spills`.
  func canvas(_ locale: Locale?, spills: Bool) -> SVGCanvas {
    SVGCanvas(
      palette: palette, icons: theme.icons,
      width: min(max(Self.minimumWidth, width.isFinite ? width : 640), Self.maximumWidth)
        .rounded(),
      isRightToLeft: locale.map { ReadingDirection($0).isRightToLeft } ?? false,
      indented: indented, spills: spills)
  }

  /// The image `draw` lays out, as one string. Its layers stay in memory, so reading them
  /// back cannot fail.
  func string(_ locale: Locale?, _ draw: (SVGCanvas) -> SVGDocument) -> String {
    let document = draw(canvas(locale, spills: false))
    return TextSink.text { sink in
      // Layers in memory have no temporary file to fail.
      try! document.write(to: sink, indented: indented)
    }
  }

  /// Writes the image `draw` lays out to `output`, its layers spilling to temporary files.
  func write(
    _ locale: Locale?, to output: inout some TextOutputStream,
    _ draw: (SVGCanvas) -> SVGDocument
  ) throws {
    let document = draw(canvas(locale, spills: true))
    try TextSink.writing(to: &output) { sink in try document.write(to: sink, indented: indented) }
  }
}

extension SVGRenderer {
  /// A feed of cards (CARD-1 … CARD-6), vertical or side by side, with the selected part
  /// outlined.
  ///
  /// - Parameters:
  ///   - feed: the cards and the feed's spacing.
  ///   - title: the image's accessible name; a default in the language of `locale` when
  ///     `nil`.
  ///   - orientation: vertical paths, or paths laid left to right.
  ///   - selection: the part outlined as selected, if any.
  ///   - locale: the language of status names and of the image's default name and
  ///     description.
  ///   - dateText: the text of an item's date.
  ///   - window: the cards to draw, for a feed too long for one image (TL-11); all by
  ///     default (see `CardFeed.pageWindow(limit:selecting:)`).
  ///   - note: a line above the cards saying what the image leaves out.
  public func render(
    _ feed: CardFeed, title: String? = nil, orientation: CardLayout.Orientation = .vertical,
    selection: CardEvent? = nil, locale: Locale,
    dateText: @escaping @Sendable (TimelineDate) -> String, window: Range<Int>? = nil,
    note: String? = nil
  ) -> String {
    string(locale) { canvas in
      cardsDocument(
        feed, canvas: canvas, title: title, orientation: orientation, selection: selection,
        locale: locale, dateText: dateText, window: window, note: note)
    }
  }

  /// Writes ``render(_:title:orientation:selection:locale:dateText:window:note:)`` to
  /// `output` as the cards are drawn (see ``write(_:window:note:to:)``).
  public func write(
    _ feed: CardFeed, title: String? = nil, orientation: CardLayout.Orientation = .vertical,
    selection: CardEvent? = nil, locale: Locale,
    dateText: @escaping @Sendable (TimelineDate) -> String, window: Range<Int>? = nil,
    note: String? = nil, to output: inout some TextOutputStream
  ) throws {
    try write(locale, to: &output) { canvas in
      cardsDocument(
        feed, canvas: canvas, title: title, orientation: orientation, selection: selection,
        locale: locale, dateText: dateText, window: window, note: note)
    }
  }

  func cardsDocument(
    _ feed: CardFeed, canvas: SVGCanvas, title: String?, orientation: CardLayout.Orientation,
    selection: CardEvent?, locale: Locale, dateText: @escaping @Sendable (TimelineDate) -> String,
    window: Range<Int>?, note: String?
  ) -> SVGDocument {
    let strings = TimelineStrings.localized(for: locale)
    var document = SVGCardsLayout(
      feed: feed, canvas: canvas, orientation: orientation, selection: selection,
      dateText: dateText, strings: strings, window: window, note: note
    ).document(title: title ?? strings.summaries.cards)
    document.language = locale.identifier(.bcp47)
    return document
  }
}
