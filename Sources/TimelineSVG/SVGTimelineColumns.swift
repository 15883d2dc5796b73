import TimelineCore

/// The columns of a timeline image (TL-1), in logical x: the timestamp column on the
/// leading side, the axis with the nodes, and the cards on the trailing side. On wide images
/// the timeline keeps a readable width and is centered (TL-12).
///
/// ```text
/// | padding | timestamps (right-aligned) | gap | node | gap | card ………………… | padding |
/// ```
struct SVGTimelineColumns: Sendable, Hashable {
  /// The margin around the content: 12 on narrow images, 16 otherwise.
  var padding: Double
  /// The timestamp column: wide enough for the widest timestamp and its today marker, at
  /// most a third of the content.
  var timestampWidth: Double
  /// The leading edge of the content.
  var left: Double
  /// The width of the content: the image without its padding, at most
  /// `maximumContentWidth`.
  var contentWidth: Double

  /// The widest the timeline gets; wider images center it.
  static let maximumContentWidth = 800.0

  /// Sizes the columns for timestamps as wide as `widestTimestamp` (see
  /// ``widestTimestamp(_:)``) and the now indicator's label.
  init(widestTimestamp: Double, nowLabel: String, width: Double) {
    padding = width < 480 ? 12 : 16
    contentWidth = min(width - 2 * padding, Self.maximumContentWidth)
    left = ((width - contentWidth) / 2).rounded(.down)
    let pill = 2 * SVGCanvas.pillPadding
    let widest = max(widestTimestamp, SVGTextStyle.timestampBold.width(of: nowLabel) + pill)
    timestampWidth = min(max(widest, 40), (contentWidth / 3).rounded(.down)).rounded(.up)
  }

  /// The width the widest line of `timestamps` takes in the column, with its pill's
  /// padding; 0 for none. A timestamp with the today marker is bold.
  static func widestTimestamp(_ timestamps: some Sequence<(String, marked: Bool)>) -> Double {
    let pill = 2 * SVGCanvas.pillPadding
    var widest = 0.0
    for (timestamp, marked) in timestamps {
      let style: SVGTextStyle = marked ? .timestampBold : .timestamp
      for line in timestamp.split(separator: "\n") {
        widest = max(widest, style.width(of: SVGTextWrapper.clean(String(line))) + pill)
      }
    }
    return widest
  }

  /// The trailing edge of the content.
  var right: Double { left + contentWidth }
  /// Where timestamp texts end: inside the column, leaving room for the today marker.
  var timestampTextTrailing: Double { left + timestampWidth - SVGCanvas.pillPadding }
  /// The room for a timestamp line.
  var timestampTextWidth: Double { timestampWidth - 2 * SVGCanvas.pillPadding }
  /// The axis: nodes are centered on it.
  var nodeX: Double { left + timestampWidth + 10 + SVGCanvas.nodeRadius }
  /// The leading edge of the cards.
  var cardX: Double { nodeX + SVGCanvas.nodeRadius + 12 }
  /// The width of the cards.
  var cardWidth: Double { max(0, right - cardX) }
}
