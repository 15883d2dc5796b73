import Foundation

/// Which sections of a timeline are folded: their rows are left out and a summary says what
/// they hold (see ``SectionSummary``). `past` folds every section whose rows are all past,
/// but those named `-KEY` (a past section unfolded on its own); a key folds the section of
/// that key (``TimelinePresentation/sectionKey(at:)``).
///
/// ```swift
/// let configuration = TimelineConfiguration(
///   folding: try SectionFolding(parsing: ["past", "2026-11-24"]))
/// let presentation = TimelinePresentation(
///   document: document, context: context, configuration: configuration)
/// ```
public struct SectionFolding: Sendable, Hashable, CustomStringConvertible {
  /// Whether every section of past rows is folded.
  public var past: Bool
  /// The keys of the sections folded one by one.
  public var keys: Set<String>
  /// The keys of past sections shown although ``past`` folds the others.
  public var shown: Set<String>

  /// Nothing folded.
  public init(past: Bool = false, keys: Set<String> = [], shown: Set<String> = []) {
    self.past = past
    self.keys = keys
    self.shown = shown
  }

  /// Reads `past`, section keys (`2026-11-24`, `priority-5`, …) and past sections shown
  /// (`-2026-11-24`), as `--fold` and the address's `fold` give them; several may be given
  /// in one value, separated by commas.
  public init(parsing values: some Sequence<String>) throws(QueryError) {
    self.init()
    for value in values {
      for part in value.split(separator: ",", omittingEmptySubsequences: true) {
        let text = part.trimmingCharacters(in: .whitespaces)
        let shownKey = text.hasPrefix("-") ? String(text.dropFirst()) : nil
        guard Self.isKey(shownKey ?? text) else {
          throw QueryError(
            value: text,
            accepted: [
              "past", "a day YYYY-MM-DD", "status-NAME", "priority-N", "kind-NAME",
              "-KEY (a past section shown)",
            ],
            what: "section to fold")
        }
        if let shownKey {
          shown.insert(shownKey)
        } else if text == "past" {
          past = true
        } else {
          keys.insert(text)
        }
      }
    }
  }

  /// Whether nothing is folded.
  public var isEmpty: Bool { !past && keys.isEmpty }

  /// The values ``init(parsing:)`` reads back: `past` first, then the keys in order, then
  /// the past sections shown (only while the past is folded: they mean nothing otherwise).
  public var values: [String] {
    (past ? ["past"] : []) + keys.sorted() + (past ? shown.sorted().map { "-" + $0 } : [])
  }

  /// Every section of past rows folded, or none, and the sections named one by one as they
  /// were.
  public func foldingPast(_ folded: Bool) -> SectionFolding {
    SectionFolding(past: folded, keys: keys)
  }

  /// The same folding with the section of `key` folded (`true`) or shown: a section folded
  /// by its key is shown by leaving it out, one folded by the past by naming it as shown.
  public func folding(section key: String, folded: Bool) -> SectionFolding {
    var result = self
    if folded {
      if result.shown.remove(key) == nil || !past { result.keys.insert(key) }
    } else {
      result.keys.remove(key)
      if past { result.shown.insert(key) }
    }
    return result
  }

  public var description: String { values.joined(separator: ",") }

  /// A key is short text without controls or separators, so it can live in an address.
  static func isKey(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 100
      && text.unicodeScalars.allSatisfy {
        !$0.properties.isWhitespace && $0.value >= 0x20 && $0 != "," && $0.value != 0x7F
      }
  }
}

/// What a section holds, said in words when it is folded: "12 items — Open: 3, In progress:
/// 2, Completed: 7". The counts are by node (TL-5), in the status order.
public struct SectionSummary: Sendable, Hashable {
  /// The number of rows.
  public var count: Int
  /// The rows of each node, in ``Node`` order, nodes without rows left out.
  public var counts: [NodeCount]

  public struct NodeCount: Sendable, Hashable {
    public var node: Node
    public var count: Int

    public init(node: Node, count: Int) {
      self.node = node
      self.count = count
    }
  }

  public init(count: Int, counts: [NodeCount]) {
    self.count = count
    self.counts = counts
  }

  /// The summary of rows counted by node (nodes without rows may be left out or be 0).
  public init(counting rows: [Node: Int]) {
    self.init(
      count: rows.values.reduce(0, +),
      counts: Node.allCases.compactMap { node in
        rows[node].flatMap { $0 == 0 ? nil : NodeCount(node: node, count: $0) }
      })
  }

  /// The summary in the words of `strings`.
  public func text(_ strings: TimelineStrings) -> String {
    let words = strings.summaries
    let parts = counts.map {
      words.format(words.statusCountFormat, numbers: [$0.count], strings.name(of: $0.node))
    }
    return words.format(
      words.sectionSummaryFormat, words.items(count), parts.joined(separator: words.listSeparator))
  }
}

/// What one section of a whole timeline holds, for a window that shows only part of it
/// (``TimelineWindow/sectionFacts``).
public struct SectionFacts: Sendable, Hashable {
  /// Its rows, counted by node.
  public var summary: SectionSummary
  /// Whether every row of it is past.
  public var isPast: Bool

  public init(summary: SectionSummary, isPast: Bool) {
    self.summary = summary
    self.isPast = isPast
  }
}

extension TimelinePresentation {
  /// The section's key, stable across renderings and windows: its first day for a unit of
  /// time (`2026-11-24`, the week's or month's first day for longer units), else the value
  /// its rows share in a ranked order (`status-completed`, `priority-5`, `priority-none`,
  /// `kind-event`, `initial-A`, `markers-start`).
  public func sectionKey(at index: Int) -> String {
    let section = sections[index]
    switch section.group {
    case nil: return CalendarDay(section.interval.start, in: context.calendar).description
    case .status(let node): return "status-" + node.name
    case .priority(let priority): return "priority-" + (priority.map(String.init) ?? "none")
    case .kind(let kind): return "kind-" + kind.rawValue
    case .initial(let letter): return "initial-" + letter
    case .markers(let kind): return "markers-" + kind.rawValue
    }
  }

  /// What the section at `index` holds: its rows, counted by node (in a window, the whole
  /// section's when the window says so, ``TimelineWindow/sectionFacts``).
  public func summary(ofSection index: Int) -> SectionSummary {
    if let facts = window?.sectionFacts[sectionKey(at: index)] { return facts.summary }
    var counts: [Node: Int] = [:]
    for row in sections[index].rows { counts[entries[row].node, default: 0] += 1 }
    return SectionSummary(counting: counts)
  }

  /// Whether the section at `index` is folded by ``folding``: its key is named, or it is a
  /// section of past rows only and the past is folded.
  public func isFolded(section index: Int) -> Bool { foldedSections.contains(index) }

  /// The sections `folding` folds.
  func sectionsFolded(by folding: SectionFolding) -> Set<Int> {
    guard !folding.isEmpty else { return [] }
    var folded: Set<Int> = []
    for index in sections.indices {
      let rows = sections[index].rows
      let key = sectionKey(at: index)
      if folding.keys.contains(key) {
        folded.insert(index)
      } else if folding.past, !rows.isEmpty, !folding.shown.contains(key),
        window?.sectionFacts[key]?.isPast ?? rows.allSatisfy({ entries[$0].tense == .past })
      {
        folded.insert(index)
      }
    }
    return folded
  }
}
