import TimelineCore
import _TimelineMarkup

/// Builds the SVG elements of one image: texts, rectangles, lines and circles as `Markup`,
/// with numbers written compactly and the x axis mirrored for right-to-left locales (TL-1).
///
/// Callers place everything in logical coordinates (x grows from the leading edge); the
/// canvas flips x and text anchors when `isRightToLeft`.
///
/// ```swift
/// let canvas = SVGCanvas(palette: TimelineTheme.standard.light, width: 640)
/// canvas.text("Now", x: 60, baseline: 20, style: .timestampBold, fill: canvas.palette.accent)
/// ```
struct SVGCanvas: Sendable {
  var palette: TimelineTheme.Palette
  var icons: NodeIcons = NodeIcons()
  /// The image width; mirroring reflects x about its middle.
  var width: Double
  var isRightToLeft: Bool = false
  /// Whether the image is written one element per line.
  var indented = false
  /// Whether the image's layers may move their text to temporary files (an image written
  /// to an output rather than made as one string).
  var spills = false

  /// A layer to draw on, whose elements stand `depth` levels deep in the image (1: children
  /// of the root; 2: clip paths in `defs`).
  func layer(depth: Int = 1) -> SVGLayer {
    SVGLayer(depth: depth, indented: indented, spills: spills)
  }

  /// Where text hangs from its x: the leading or trailing end, or the middle.
  enum Anchor { case leading, trailing, middle }

  /// The physical x of the logical `x`.
  func x(_ logical: Double) -> Double { isRightToLeft ? width - logical : logical }

  /// One line of text. Text is always escaped by the markup renderer. In a right-to-left
  /// layout every line, and elsewhere a line holding right-to-left letters, is isolated
  /// (FSI … PDI) so that it takes the direction of its first strong letter, like HTML's
  /// `dir="auto"`: a trailing ellipsis ends up where the line's reading ends.
  func text(
    _ string: String, x: Double, baseline: Double, style: SVGTextStyle, fill: CSSValue,
    anchor: Anchor = .leading
  ) -> Markup {
    guard !string.isEmpty else { return .empty }
    return .written { [self] in
      text(string, x: x, baseline: baseline, style: style, fill: fill, anchor: anchor, to: &$0)
    }
  }

  /// The line of text of ``text(_:x:baseline:style:fill:anchor:)``, written by `writer`
  /// (the parts of an image made in great numbers are drawn without building markup).
  func text(
    _ string: String, x: Double, baseline: Double, style: SVGTextStyle, fill: CSSValue,
    anchor: Anchor = .leading, to writer: inout MarkupWriter
  ) {
    guard !string.isEmpty else { return }
    writer.start("text")
    writer.attribute("x") { Self.write(number: self.x(x), to: $0) }
    writer.attribute("y") { Self.write(number: baseline, to: $0) }
    writer.attribute("font-size") { Self.write(number: style.size, to: $0) }
    if style.bold { writer.attribute("font-weight", constant: "700") }
    writer.attribute("fill", fill.value)
    switch (anchor, isRightToLeft) {
    case (.leading, false), (.trailing, true): break
    case (.trailing, false), (.leading, true): writer.attribute("text-anchor", constant: "end")
    case (.middle, _): writer.attribute("text-anchor", constant: "middle")
    }
    writer.text(isolates(string) ? "\u{2068}" + string + "\u{2069}" : string, closing: "text")
  }

  /// A note of up to three caption lines at `top` (what a window of a large document leaves
  /// out, TL-11), moving `top` below it.
  func note(_ note: String, x: Double, top: inout Double, width: Double) -> [Markup] {
    let style = SVGTextStyle.caption
    var markup: [Markup] = []
    for line in SVGTextWrapper.wrap(note, style: style, width: width, maxLines: 3) {
      markup.append(
        text(
          line, x: x, baseline: style.baseline(lineTop: top), style: style,
          fill: palette.secondaryText))
      top += style.lineHeight
    }
    top += 12
    return markup
  }

  /// Whether `string` is drawn as an isolate of its own direction.
  func isolates(_ string: String) -> Bool {
    isRightToLeft || Self.containsRightToLeft(string)
  }

  /// Whether `string` has letters of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
  /// N'Ko and their presentation forms, and the SMP's right-to-left blocks) or a
  /// right-to-left mark.
  static func containsRightToLeft(_ string: String) -> Bool {
    string.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x0590...0x08FF, 0x200F, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
        0x1E800...0x1EFFF:
        true
      default: false
      }
    }
  }

  /// A rectangle from the logical leading edge `x`, optionally rounded, filled and stroked.
  func rect(
    x: Double, y: Double, width: Double, height: Double, radius: Double = 0,
    fill: CSSValue?, stroke: CSSValue? = nil, strokeWidth: Double = 1
  ) -> Markup {
    .written { [self] in
      rect(
        x: x, y: y, width: width, height: height, radius: radius, fill: fill, stroke: stroke,
        strokeWidth: strokeWidth, to: &$0)
    }
  }

  /// The rectangle of ``rect(x:y:width:height:radius:fill:stroke:strokeWidth:)``, written
  /// by `writer`.
  func rect(
    x: Double, y: Double, width: Double, height: Double, radius: Double = 0,
    fill: CSSValue?, stroke: CSSValue? = nil, strokeWidth: Double = 1,
    to writer: inout MarkupWriter
  ) {
    rect(
      physicalLeft: isRightToLeft ? self.width - x - width : x, y: y, width: width,
      height: height, radius: radius, fill: fill, stroke: stroke, strokeWidth: strokeWidth,
      to: &writer)
  }

  /// A rectangle whose left edge is already placed on the image (mirrored, when the layout
  /// is right to left), written by `writer`.
  func rect(
    physicalLeft left: Double, y: Double, width: Double, height: Double, radius: Double = 0,
    fill: CSSValue?, stroke: CSSValue? = nil, strokeWidth: Double = 1,
    to writer: inout MarkupWriter
  ) {
    writer.start("rect")
    geometry(left: left, y: y, width: width, height: height, radius: radius, to: writer)
    paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, to: writer)
    writer.empty(closing: "rect")
  }

  /// A clip path with id `id`: the rectangle from the logical leading edge `x`.
  func clipPath(
    id: String, x: Double, y: Double, width: Double, height: Double, radius: Double = 0
  ) -> Markup {
    .written { [self] in
      clipPath(id: id, x: x, y: y, width: width, height: height, radius: radius, to: &$0)
    }
  }

  /// The clip path of ``clipPath(id:x:y:width:height:radius:)``, written by `writer`.
  func clipPath(
    id: String, x: Double, y: Double, width: Double, height: Double, radius: Double = 0,
    to writer: inout MarkupWriter
  ) {
    writer.start("clipPath")
    writer.attribute("id", id)
    writer.children()
    writer.start("rect")
    geometry(
      left: isRightToLeft ? self.width - x - width : x, y: y, width: width, height: height,
      radius: radius, to: writer)
    writer.empty(closing: "rect")
    writer.close("clipPath")
  }

  /// The geometry attributes of a rectangle whose left edge is at `left` on the image.
  private func geometry(
    left: Double, y: Double, width: Double, height: Double, radius: Double,
    to writer: MarkupWriter
  ) {
    writer.attribute("x") { Self.write(number: left, to: $0) }
    writer.attribute("y") { Self.write(number: y, to: $0) }
    writer.attribute("width") { Self.write(number: max(0, width), to: $0) }
    writer.attribute("height") { Self.write(number: max(0, height), to: $0) }
    if radius > 0 { writer.attribute("rx") { Self.write(number: radius, to: $0) } }
  }

  /// A straight line; dashed lines show a future (neutral) tone without relying on color.
  func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: CSSValue, width: Double = 2,
    dashed: Bool = false
  ) -> Markup {
    .written { [self] in
      line(x1: x1, y1: y1, x2: x2, y2: y2, stroke: stroke, width: width, dashed: dashed, to: &$0)
    }
  }

  /// The line of ``line(x1:y1:x2:y2:stroke:width:dashed:)``, written by `writer`.
  func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: CSSValue, width: Double = 2,
    dashed: Bool = false, to writer: inout MarkupWriter
  ) {
    writer.start("line")
    writer.attribute("x1") { Self.write(number: x(x1), to: $0) }
    writer.attribute("y1") { Self.write(number: y1, to: $0) }
    writer.attribute("x2") { Self.write(number: x(x2), to: $0) }
    writer.attribute("y2") { Self.write(number: y2, to: $0) }
    writer.attribute("stroke", stroke.value)
    writer.attribute("stroke-width") { Self.write(number: width, to: $0) }
    if dashed { writer.attribute("stroke-dasharray", constant: "4 3") }
    writer.empty(closing: "line")
  }

  /// A circle around the logical center.
  func circle(
    cx: Double, cy: Double, r: Double, fill: CSSValue?, stroke: CSSValue? = nil,
    strokeWidth: Double = 1
  ) -> Markup {
    .written { [self] in
      circle(cx: cx, cy: cy, r: r, fill: fill, stroke: stroke, strokeWidth: strokeWidth, to: &$0)
    }
  }

  /// The circle of ``circle(cx:cy:r:fill:stroke:strokeWidth:)``, written by `writer`.
  func circle(
    cx: Double, cy: Double, r: Double, fill: CSSValue?, stroke: CSSValue? = nil,
    strokeWidth: Double = 1, to writer: inout MarkupWriter
  ) {
    circle(
      physicalCX: x(cx), cy: cy, r: r, fill: fill, stroke: stroke, strokeWidth: strokeWidth,
      to: &writer)
  }

  /// A circle whose center is already placed on the image (mirrored, when the layout is
  /// right to left), written by `writer`.
  func circle(
    physicalCX cx: Double, cy: Double, r: Double, fill: CSSValue?, stroke: CSSValue? = nil,
    strokeWidth: Double = 1, to writer: inout MarkupWriter
  ) {
    writer.start("circle")
    writer.attribute("cx") { Self.write(number: cx, to: $0) }
    writer.attribute("cy") { Self.write(number: cy, to: $0) }
    writer.attribute("r") { Self.write(number: r, to: $0) }
    paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, to: writer)
    writer.empty(closing: "circle")
  }

  /// Fill and stroke attributes; `nil` fill means none.
  func paint(fill: CSSValue?, stroke: CSSValue?, strokeWidth: Double, to writer: MarkupWriter) {
    writer.attribute("fill", fill?.value ?? "none")
    if let stroke {
      writer.attribute("stroke", stroke.value)
      writer.attribute("stroke-width") { Self.write(number: strokeWidth, to: $0) }
    }
  }

  /// `value` with at most one decimal and no trailing zero: `12`, `12.5`, `-3.2`.
  static func number(_ value: Double) -> String {
    TextSink.text { write(number: value, to: $0) }
  }

  /// Writes ``number(_:)`` of `value` to `sink`, without making a string.
  static func write(number value: Double, to sink: TextSink) {
    guard value.isFinite, abs(value) < 1e15 else { return sink.write(ascii: UInt8(ascii: "0")) }
    let tenths = Int((value * 10).rounded())
    if tenths < 0 { sink.write(ascii: UInt8(ascii: "-")) }
    let magnitude = abs(tenths)
    sink.write(decimal: magnitude / 10)
    guard magnitude % 10 != 0 else { return }
    sink.write(ascii: UInt8(ascii: "."))
    sink.write(ascii: UInt8(ascii: "0") + UInt8(magnitude % 10))
  }
}
