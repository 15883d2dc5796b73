/// The presentation model as JSON (SPEC "Presentation JSON"): the contract that programs
/// and the semantic tests read. Keys may be added; the SPEC's keys keep their meaning.
///
/// ```swift
/// var text = ""
/// PresentationJSON.write(presentation, to: &text)
/// // {"sections":[{"title":"Saturday, November 21, 2026","rows":[…]}],"nowBeforeId":"t1",…}
/// ```
public enum PresentationJSON {
  /// Writes the timeline: sections with rows, the now indicator and the total.
  ///
  /// A window of a longer timeline (``TimelinePresentation/window``) writes the whole
  /// timeline's now indicator and total, its `offset`, and `cursors` (`before`, `after`:
  /// where the windows on either side start; `null` at the ends).
  public static func write(
    _ presentation: TimelinePresentation, bar: [FilterChip]? = nil,
    cursors: (before: String?, after: String?)? = nil,
    to output: inout some TextOutputStream
  ) {
    TextSink.writing(to: &output) { sink in
      var json = JSONWriter(sink: sink)
      let total = presentation.window?.total ?? presentation.count
      json.beginObject()
      json.field("title", presentation.title)
      if let bar { writeBar(bar, matches: total, to: &json) }
      json.key("sections")
      json.beginArray()
      presentation.walk(with: RowWorkers(presentation), to: sink) { step, part, _ in
        switch step {
        case .sectionStart(let section, let title, _):
          var sectionJSON = JSONWriter(sink: part, needsComma: section > 0)
          sectionJSON.beginObject()
          sectionJSON.field("title", title)
          if presentation.isFolded(section: section) {
            writeFolded(presentation, section: section, to: &sectionJSON)
          }
          sectionJSON.key("rows")
          sectionJSON.beginArray()
        case .row(let row, let isFirst):
          var rowJSON = JSONWriter(sink: part, needsComma: !isFirst)
          writeRow(row, to: &rowJSON)
        case .sectionEnd:
          part.write("]}" as StaticString)
        case .now: break
        }
      }
      json.endArray()
      if let window = presentation.window {
        json.field("nowBeforeId", window.nowBeforeID)
        json.field("nowAfterLast", window.nowAfterLast)
        json.field("offset", window.offset)
      } else {
        writeNowIndicator(presentation, to: &json)
      }
      json.field("total", total)
      json.field("emptyState", total == 0 ? presentation.emptyText : nil)
      if let cursors {
        json.field("before", cursors.before)
        json.field("after", cursors.after)
      }
      json.endObject()
    }
  }

  /// A folded section's `folded`, `key` and `summary`: `text`, `count`, and `nodes` (each
  /// node with rows, in status order, and its count).
  static func writeFolded(
    _ presentation: TimelinePresentation, section: Int, to json: inout JSONWriter
  ) {
    let summary = presentation.summary(ofSection: section)
    json.field("folded", true)
    json.field("key", presentation.sectionKey(at: section))
    json.key("summary")
    json.beginObject()
    json.field("text", summary.text(presentation.strings))
    json.field("count", summary.count)
    json.key("nodes")
    json.beginArray()
    for part in summary.counts {
      json.beginObject()
      json.field("node", part.node.name)
      json.field("count", part.count)
      json.endObject()
    }
    json.endArray()
    json.endObject()
  }

  static func writeNowIndicator(
    _ presentation: TimelinePresentation, to json: inout JSONWriter
  ) {
    switch presentation.nowIndicator {
    case .beforeRow(let row):
      json.field("nowBeforeId", presentation.item(ofRow: row).id)
      json.field("nowAfterLast", false)
    case .afterLastRow:
      json.field("nowBeforeId", nil as String?)
      json.field("nowAfterLast", true)
    case .hidden:
      json.field("nowBeforeId", nil as String?)
      json.field("nowAfterLast", false)
    }
  }

  static func writeRow(_ row: TimelineRow, to json: inout JSONWriter) {
    json.beginObject()
    json.field("id", row.id)
    json.field("kind", row.kind.rawValue)
    json.field("tense", row.tense.name)
    json.field("node", row.node.name)
    json.field("timestamp", row.timestamp)
    json.field("title", row.title)
    json.field("dateTime", row.dateTime)
    json.field("subtitle", row.subtitle)
    json.field("description", row.description)
    json.field("supportingText", row.supportingText)
    json.field("statuses", strings: row.statuses)
    json.key("statusStack")
    json.beginArray()
    for line in row.statusStack {
      json.beginObject()
      json.field("label", line.label)
      json.field("icon", line.icon)
      json.endObject()
    }
    json.endArray()
    json.field("attributes", strings: row.attributes)
    json.field("icon", row.icon)
    json.field("priority", row.priority)
    json.key("lines")
    json.beginObject()
    json.field("leading", row.lines.leading?.rawValue)
    json.field("trailing", row.lines.trailing?.rawValue)
    json.endObject()
    json.field("highlighted", row.isHighlighted)
    json.field("todayMarker", row.showsTodayMarker)
    json.field("selectable", row.isSelectable)
    json.field("selected", row.isSelected)
    json.field("children", row.childCount)
    json.field("accessibilityLabel", row.accessibilityLabel)
    json.endObject()
  }

  /// Writes the filter feedback bar: its chips in order and the number of matches.
  static func writeBar(
    _ chips: [FilterChip], matches: Int, to json: inout JSONWriter
  ) {
    json.key("bar")
    json.beginObject()
    json.key("chips")
    json.beginArray()
    for chip in chips {
      json.beginObject()
      json.field("text", chip.text)
      json.field("active", chip.isSelected)
      json.field("kind", chip.kind.rawValue)
      json.field("filter", chip.token?.description)
      json.field("checkmark", chip.showsCheckmark)
      json.field("disclosure", chip.showsDisclosure)
      json.field("accessibilityLabel", chip.accessibilityLabel)
      json.endObject()
    }
    json.endArray()
    json.field("matches", matches)
    json.endObject()
  }

  /// Writes the preview strip: its items and the "See All" action.
  public static func write(
    _ preview: TimelinePreview, bar: [FilterChip]? = nil, matches: Int = 0,
    to output: inout some TextOutputStream
  ) {
    TextSink.writing(to: &output) { sink in
      var json = JSONWriter(sink: sink)
      json.beginObject()
      json.field("title", preview.title)
      if let bar { writeBar(bar, matches: matches, to: &json) }
      json.key("items")
      json.beginArray()
      for item in preview.items {
        json.beginObject()
        json.field("id", item.id)
        json.field("kind", item.kind.rawValue)
        json.field("tense", item.tense.name)
        json.field("node", item.node.name)
        json.field("timestamp", item.timestamp)
        json.field("title", item.title)
        json.field("dateTime", item.dateTime)
        json.field("overdue", item.isOverdue)
        json.field("trailingLine", item.showsTrailingLine)
        json.field("accessibilityLabel", item.accessibilityLabel)
        json.endObject()
      }
      json.endArray()
      json.key("seeAll")
      json.beginObject()
      json.field("label", preview.seeAll.label)
      json.field("count", preview.seeAll.count)
      json.endObject()
      json.endObject()
    }
  }

  /// Writes the timeline list of seed 004.
  public static func write(_ list: TimelineList, to output: inout some TextOutputStream) {
    TextSink.writing(to: &output) { sink in
      var json = JSONWriter(sink: sink)
      json.beginObject()
      json.key("rows")
      json.beginArray()
      list.forEachRow { row in
        json.beginObject()
        json.field("id", row.id)
        json.field("title", row.title)
        json.field("dateLabel", row.dateLabel)
        json.field("dateTime", row.dateTime)
        json.field("upperLine", row.showsUpperLine)
        json.field("lowerLine", row.showsLowerLine)
        json.field("dot", row.showsDot)
        json.field("selectable", row.isSelectable)
        json.field("accessibilityLabel", row.accessibilityLabel)
        json.endObject()
      }
      json.endArray()
      json.field("total", list.count)
      json.endObject()
    }
  }
}
