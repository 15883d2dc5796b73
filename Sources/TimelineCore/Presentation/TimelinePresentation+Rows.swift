import Foundation

extension TimelinePresentation {
  /// The tense of the row at `index`.
  public func tense(ofRow index: Int) -> Tense { entries[index].tense }

  /// The node of the row at `index`.
  public func node(ofRow index: Int) -> Node { entries[index].node }

  /// The document item shown by the row at `index`.
  public func item(ofRow index: Int) -> TimelineItem { items[Int(entries[index].item)] }

  /// Which halves of the axis are drawn beside the row at `index`, and in which tone
  /// (TL-4, TL-7). The gap between two rows is drawn unless the upper one is an end marker
  /// or the lower one a start marker; nothing is drawn above the first row or below the last.
  public func lines(ofRow index: Int) -> LineSegments {
    let tone = LineTone(entries[index].tense)
    let node = entries[index].node
    let leading =
      index > 0
      ? Self.connects(entries[index - 1].node, node)
      : window?.nodeAbove.map { Self.connects($0, node) } ?? false
    let trailing =
      index + 1 < entries.count
      ? Self.connects(node, entries[index + 1].node)
      : window?.nodeBelow.map { Self.connects(node, $0) } ?? false
    return LineSegments(leading: leading ? tone : nil, trailing: trailing ? tone : nil)
  }

  static func connects(_ upper: Node, _ lower: Node) -> Bool {
    upper != .end && lower != .start
  }

  /// The rows a standalone page of at most `limit` rows holds (TL-11): around the row of
  /// `selectedID`, else around the now indicator, a third of them before it; `nil` when
  /// every row fits.
  public func pageWindow(limit: Int, selectedID: String? = nil) -> Range<Int>? {
    guard limit > 0, count > limit else { return nil }
    var anchor = 0
    if let selectedID,
      let index = entries.firstIndex(where: { items[Int($0.item)].id == selectedID })
    {
      anchor = index
    } else if case .beforeRow(let row) = nowIndicator {
      anchor = row
    } else if nowIndicator == .afterLastRow {
      anchor = count
    }
    let start = max(0, min(anchor - limit / 3, count - limit))
    return start..<(start + limit)
  }

  /// The index of the section holding the row at `index` (binary search).
  public func sectionIndex(ofRow index: Int) -> Int {
    var low = 0
    var high = sections.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if sections[middle].rows.lowerBound <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The row at `index`, with its texts.
  public func row(at index: Int) -> TimelineRow {
    rows(in: index..<(index + 1))[0]
  }

  /// The rows in `range`, with their texts; formatters are shared across the window.
  public func rows(in range: Range<Int>) -> [TimelineRow] {
    rows(in: range, texts: texts())
  }

  /// The header text of the section at `index` (TL-3).
  public func sectionTitle(at index: Int) -> String {
    sectionTitle(at: index, texts: texts())
  }

  /// The formatters of row and header texts, to share across the calls of one rendering
  /// (creating date formatters costs far more than using them). Use it on one thread.
  public func texts() -> RowTexts {
    RowTexts(formatter: TimelineTextFormatter(context: context, strings: strings))
  }

  /// The rows in `range`, formatted with `texts`.
  public func rows(in range: Range<Int>, texts: RowTexts) -> [TimelineRow] {
    range.map { makeRow(at: $0, formatter: texts.formatter) }
  }

  /// The header text of the section at `index`, formatted with `texts`.
  public func sectionTitle(at index: Int, texts: RowTexts) -> String {
    texts.formatter.sectionTitle(
      sections[index].interval, unit: configuration.headerUnit,
      format: configuration.headerFormat)
  }

  /// The titles of the sections in `range`, sharing one formatter.
  public func sectionTitles(in range: Range<Int>) -> [String] {
    let formatter = TimelineTextFormatter(context: context, strings: strings)
    return range.map {
      formatter.sectionTitle(
        sections[$0].interval, unit: configuration.headerUnit, format: configuration.headerFormat)
    }
  }

  func makeRow(at index: Int, formatter: TimelineTextFormatter) -> TimelineRow {
    let entry = entries[index]
    let item = items[Int(entry.item)]
    let timestamp = formatter.timestamp(for: item.start, unit: configuration.headerUnit)
    let statuses: [String]
    switch (item.statusLabel, item.substatusLabel) {
    case (let status?, let substatus?): statuses = [status, substatus]
    case (let status?, nil), (nil, let status?): statuses = [status]
    case (nil, nil): statuses = []
    }
    let spokenStatus = statuses.first ?? strings.name(of: entry.node)
    let label = strings.rowAccessibilityLabel(
      position: (window?.offset ?? 0) + index + 1, total: window?.total ?? entries.count,
      time: TimelineRow.spoken(timestamp), status: spokenStatus,
      title: item.title)
    return TimelineRow(
      index: index, position: (window?.offset ?? 0) + index, id: item.id, kind: item.kind,
      tense: entry.tense, node: entry.node,
      lines: lines(ofRow: index), isSelected: configuration.selectedID == item.id,
      timestamp: timestamp, start: Date(timeIntervalSinceReferenceDate: entry.start),
      dateTime: formatter.machineReadable(item.start),
      icon: item.icon, title: item.title, subtitle: item.subtitle,
      description: item.description, supportingText: item.supportingText,
      statuses: statuses,
      attributes: item.attributes.count <= 2 ? item.attributes : Array(item.attributes.prefix(2)),
      priority: item.priority, childCount: item.children.count, accessibilityLabel: label,
      sectionIndex: sectionIndex(ofRow: index))
  }
}

/// Formatters of row and header texts shared across the calls of one rendering (see
/// ``TimelinePresentation/texts()``); not for use from several threads at once.
public struct RowTexts {
  let formatter: TimelineTextFormatter
}
