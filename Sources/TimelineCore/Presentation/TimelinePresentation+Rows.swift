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
    return TimelineCore.pageWindow(around: anchor, count: count, limit: limit)
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
    if let group = sections[index].group { return strings.title(of: group) }
    return texts.formatter.sectionTitle(
      sections[index].interval, unit: configuration.headerUnit,
      format: configuration.headerFormat)
  }

  /// The header of a unit of time (TL-3), a row's ``period(ofRow:)``, as the section holding
  /// it would be named in date order: what a page ranked by another criterion needs to
  /// return to date order (SORT-6).
  public func periodTitle(of period: DateInterval, texts: RowTexts) -> String {
    texts.formatter.sectionTitle(
      period, unit: configuration.headerUnit, format: configuration.headerFormat)
  }

  /// The unit of time (TL-3) the row at `index` starts in, in the timeline's calendar: the
  /// section that holds it in date order.
  public func period(ofRow index: Int) -> DateInterval {
    let start = Date(timeIntervalSinceReferenceDate: entries[index].start)
    return context.calendar.dateInterval(
      of: configuration.headerUnit.calendarComponent, for: start)
      ?? DateInterval(start: start, duration: 1)
  }

  /// The timestamp of the row at `index` as a ranked order shows it (SORT-6): with its
  /// whole date, since the section headers then name no day. What a page's script shows
  /// when it ranks rows the core wrote in date order.
  public func fullTimestamp(ofRow index: Int, texts: RowTexts) -> String {
    texts.formatter.timestamp(
      for: items[Int(entries[index].item)].start, unit: configuration.headerUnit, fullDate: true)
  }

  /// The titles of the sections in `range`, sharing one formatter.
  public func sectionTitles(in range: Range<Int>) -> [String] {
    let texts = texts()
    return range.map { sectionTitle(at: $0, texts: texts) }
  }

  /// The timestamp of the row at `index` as the row shows it (TL-2), formatted with
  /// `texts`: what sizes a timestamp column without making whole rows.
  public func timestamp(ofRow index: Int, texts: RowTexts) -> String {
    timestamp(of: items[Int(entries[index].item)], formatter: texts.formatter)
  }

  private func timestamp(of item: TimelineItem, formatter: TimelineTextFormatter) -> String {
    formatter.timestamp(
      for: item.start, unit: configuration.headerUnit, fullDate: query.sort.groupingField != nil)
  }

  func makeRow(at index: Int, formatter: TimelineTextFormatter) -> TimelineRow {
    let entry = entries[index]
    let item = items[Int(entry.item)]
    let timestamp = timestamp(of: item, formatter: formatter)
    let spokenStatus = strings.spokenStatus(
      label: item.statusLabel, substatus: item.substatusLabel, node: entry.node)
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
      statusStack: StatusLine.stack(
        status: item.statusLabel, statusIcon: item.statusIcon, substatus: item.substatusLabel,
        substatusIcon: item.substatusIcon),
      attributes: item.attributes.count <= 2 ? item.attributes : Array(item.attributes.prefix(2)),
      priority: item.priority, childCount: item.children.count, spokenStatus: spokenStatus,
      accessibilityLabel: label,
      sectionIndex: sectionIndex(ofRow: index))
  }
}

/// Formatters of row and header texts shared across the calls of one rendering (see
/// ``TimelinePresentation/texts()``); not for use from several threads at once.
public struct RowTexts {
  let formatter: TimelineTextFormatter
}

/// One step of the walk every renderer draws a timeline from (see
/// ``TimelinePresentation/walk(_:with:to:_:)``).
public enum TimelineStep {
  /// A section begins: its index, its header text (TL-3) and its rows within the walk. A
  /// folded section (``TimelinePresentation/isFolded(section:)``) ends right after, without
  /// rows; its renderer says what it holds (``TimelinePresentation/summary(ofSection:)``).
  case sectionStart(section: Int, title: String, rows: Range<Int>)
  /// The now indicator, between the rows where it falls or after the last (TL-6).
  case now
  /// A row, and whether it is the first of its section within the walk.
  case row(TimelineRow, isFirstInSection: Bool)
  /// The section that began last ends.
  case sectionEnd(section: Int)
}

extension TimelinePresentation {
  /// Walks the rows in `range` (all by default) with their section headers and the now
  /// indicator, in order, and lets `visit` write each step to `sink`. Steps are made and
  /// written in chunks of rows on every core (each worker with its own formatters), then
  /// joined in order: a million rows take a fraction of the time of one core, and memory
  /// holds two chunks per worker. While one batch of chunks is handed to `sink` (for a file,
  /// the kernel copying it), the workers make the next; `sink` has everything when the walk
  /// returns. `visit` gets the texts of the worker it runs on: any text it makes of a row
  /// beyond the row's own must use them, never formatters of its own shared across calls.
  public func walk(
    _ range: Range<Int>? = nil, with workers: RowWorkers, to sink: TextSink,
    _ visit: (_ step: TimelineStep, _ sink: TextSink, _ texts: RowTexts) -> Void
  ) {
    let range = (range ?? 0..<count).clamped(to: 0..<count)
    let chunk = RowWorkers.chunkSize
    guard range.count > chunk, workers.texts.count > 1 else {
      forEachStep(in: range, texts: workers.texts[0]) { visit($0, sink, workers.texts[0]) }
      return
    }
    let batch = workers.texts.count
    // Batches alternate between two sets of parts; a set is refilled once its last batch
    // has been handed on, in order, by the one writer.
    let writer = DispatchQueue(label: "TimelinePresentation.walk")
    var lower = range.lowerBound
    var set = 0
    while lower < range.upperBound {
      let (batchStart, filled) = (lower, set)
      workers.handedOn[filled].wait()
      withoutActuallyEscaping(visit) { visit in
        let job = RowWorkers.Job(visit: visit)
        DispatchQueue.concurrentPerform(iterations: batch) { worker in
          let part = workers.parts[filled][worker]
          part.removeAll()
          let start = batchStart + worker * chunk
          guard start < range.upperBound else { return }
          let texts = workers.texts[worker]
          let made = rows(in: start..<min(start + chunk, range.upperBound), texts: texts)
          forEachStep(made, of: range, texts: texts) { job.visit($0, part, texts) }
        }
      }
      let handOff = RowWorkers.HandOff(
        sink: sink, parts: workers.parts[filled], done: workers.handedOn[filled])
      writer.async {
        for part in handOff.parts { handOff.sink.append(part.contents) }
        handOff.done.signal()
      }
      set = 1 - set
      lower = min(range.upperBound, lower + batch * chunk)
    }
    writer.sync {}
  }

  /// The steps of the walk of `range` (all by default) in order on the calling thread, rows
  /// made a chunk at a time: for renderers that lay out geometry rather than write text
  /// (SVG). The same steps as ``walk(_:with:to:_:)``, which takes this path on one core.
  public func forEachStep(
    in range: Range<Int>? = nil, texts: RowTexts, _ visit: (TimelineStep) -> Void
  ) {
    let range = (range ?? 0..<count).clamped(to: 0..<count)
    var lower = range.lowerBound
    while lower < range.upperBound {
      let upper = min(lower + RowWorkers.chunkSize, range.upperBound)
      forEachStep(rows(in: lower..<upper, texts: texts), of: range, texts: texts, visit)
      lower = upper
    }
  }

  /// The steps of rows already made (`rows`, consecutive, within `range`), in order.
  private func forEachStep(
    _ rows: [TimelineRow], of range: Range<Int>, texts: RowTexts,
    _ visit: (TimelineStep) -> Void
  ) {
    var nowRow = -1
    if case .beforeRow(let row) = nowIndicator { nowRow = row }
    let nowAfter = nowIndicator == .afterLastRow ? count - 1 : -1
    var sectionRows = 0..<0
    var folded = false
    for row in rows {
      if !sectionRows.contains(row.index) {
        sectionRows = sections[row.sectionIndex].rows.clamped(to: range)
        folded = foldedSections.contains(row.sectionIndex)
      }
      let isFirst = row.index == sectionRows.lowerBound
      if isFirst {
        visit(
          .sectionStart(
            section: row.sectionIndex, title: sectionTitle(at: row.sectionIndex, texts: texts),
            rows: sectionRows))
      }
      // A folded section is its header and summary: its rows and the now indicator among
      // them are left out.
      if folded {
        if row.index == sectionRows.upperBound - 1 {
          visit(.sectionEnd(section: row.sectionIndex))
        }
        continue
      }
      if row.index == nowRow { visit(.now) }
      let index = row.index
      let section = row.sectionIndex
      visit(.row(row, isFirstInSection: isFirst))
      if index == nowAfter { visit(.now) }
      if index == sectionRows.upperBound - 1 { visit(.sectionEnd(section: section)) }
    }
  }
}

/// Formatters and buffers for the workers of ``TimelinePresentation/walk(_:with:to:_:)``:
/// one set per core, made once per rendering. Each worker uses only its own, so one walk at
/// a time may use them (a walk inside another's `visit` needs workers of its own).
public final class RowWorkers: @unchecked Sendable {
  static let chunkSize = 2048
  /// The cores the process may use, read once: Foundation reads the cgroup's files for it.
  public static let cores = ProcessInfo.processInfo.activeProcessorCount
  let texts: [RowTexts]
  /// Two sets of one buffer per worker: one filled while the other is handed on.
  let parts: [[TextSink]]
  /// Signaled when a set has been handed on and may be filled again.
  let handedOn = [DispatchSemaphore(value: 1), DispatchSemaphore(value: 1)]

  public init(
    _ presentation: TimelinePresentation,
    workers: Int = RowWorkers.cores
  ) {
    // No more workers than chunks: a short timeline is walked by one.
    let chunks = (presentation.count + Self.chunkSize - 1) / Self.chunkSize
    let count = max(1, min(workers, 8, chunks))
    texts = (0..<count).map { _ in presentation.texts() }
    parts = (0..<2).map { _ in (0..<count).map { _ in TextSink.growing() } }
  }

  struct Job: @unchecked Sendable {
    let visit: (TimelineStep, TextSink, RowTexts) -> Void
  }

  /// A batch's parts, handed to the walk's sink on the writer's thread while the caller
  /// waits for the walk: one thread touches the sink at a time.
  struct HandOff: @unchecked Sendable {
    let sink: TextSink
    let parts: [TextSink]
    let done: DispatchSemaphore
  }
}
