import TimelineCore
import _TimelineMarkup

/// The root of a standalone SVG image: its size, the font stack it is measured for, the
/// accessible name and description (`role="img"` with `title` and `desc`), the clip paths
/// and the background, around the content a layout drew.
///
/// Element ids start with a prefix derived from the content, so that several images can be
/// inlined in one HTML page without their ids colliding.
struct SVGDocument {
  var width: Double
  var height: Double
  /// The accessible name: the document title.
  var title: String
  /// The accessible description: a summary such as "7 items, now before …".
  var summary: String
  /// A BCP 47 language tag for the text, when known.
  var language: String?
  var background: CSSValue
  var idPrefix: String
  /// The `clipPath` elements, written into `defs`.
  var clipPaths: SVGLayer
  /// The drawing, bottom layer first.
  var layers: [SVGLayer]

  /// Writes the whole image as XML text to `sink`, minified or `indented` (as the layers
  /// were drawn).
  func write(to sink: TextSink, indented: Bool) throws(SVGImageError) {
    sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" as StaticString)
    let renderer = MarkupRenderer(dialect: .xml, indented: indented)
    var writer = MarkupWriter(sink: sink, dialect: .xml, indented: indented)
    let titleID = idPrefix + "-title"
    let descID = idPrefix + "-desc"
    let size = [SVGCanvas.number(width), SVGCanvas.number(height)]
    writer.start("svg")
    writer.attribute("xmlns", constant: "http://www.w3.org/2000/svg")
    writer.attribute("width", size[0])
    writer.attribute("height", size[1])
    writer.attribute("viewBox", "0 0 " + size[0] + " " + size[1])
    writer.attribute("role", constant: "img")
    writer.attribute("aria-labelledby", titleID + " " + descID)
    writer.attribute("xml:lang", language)
    writer.attribute("font-family", SVGFontMetrics.fontFamily)
    writer.children()
    renderer.write(
      .element("title", ["id": titleID], text: SVGTextWrapper.clean(title)), to: &writer)
    renderer.write(
      .element("desc", ["id": descID], text: SVGTextWrapper.clean(summary)), to: &writer)
    if !clipPaths.isEmpty {
      writer.start("defs")
      writer.children()
      try clipPaths.copy(to: sink)
      writer.close("defs")
    }
    renderer.write(
      .element("rect", ["width": size[0], "height": size[1], "fill": background.value]),
      to: &writer)
    for layer in layers { try layer.copy(to: sink) }
    writer.close("svg")
  }

  /// Content clipped by the clip path `id`.
  static func clipped(_ id: String, _ children: [Markup]) -> Markup {
    .element("g", ["clip-path": "url(#" + id + ")"], children)
  }

  /// The lines of `texts` that `draw` writes, clipped by the clip path `id`: the group of
  /// ``clipped(_:_:)`` written by `writer` (no lines: an empty group; only empty texts,
  /// which draw nothing: a group with nothing inside).
  static func clipped(
    _ id: String, texts: some Collection<String>, to writer: inout MarkupWriter,
    _ draw: (inout MarkupWriter) -> Void
  ) {
    writer.start("g")
    writer.attribute("clip-path", "url(#" + id + ")")
    guard !texts.isEmpty else { return writer.empty(closing: "g") }
    guard texts.contains(where: { !$0.isEmpty }) else {
      writer.inlineChildren()
      return writer.closeInline("g")
    }
    writer.children()
    draw(&writer)
    writer.close("g")
  }

  /// A short, stable id prefix for `parts` (FNV-1a): "tl" and eight hex digits.
  static func idPrefix(_ parts: [String]) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for part in parts {
      for byte in part.utf8 + [0] {
        hash ^= UInt32(byte)
        hash = hash &* 0x0100_0193
      }
    }
    let hex = String(hash, radix: 16)
    return "tl" + String(repeating: "0", count: 8 - hex.count) + hex
  }
}
