import _TimelineMarkup

/// One laid-out line of text, in coordinates relative to the box it belongs to.
struct SVGTextLine: Hashable {
  var text: String
  var style: SVGTextStyle
  var fill: CSSValue
  /// The logical x of the anchor, from the box's leading edge.
  var x: Double
  var baseline: Double
  var anchor: SVGCanvas.Anchor
  /// The width the text was fitted into; it spans `x …` (leading) or `… x` (trailing).
  var room: Double
}
