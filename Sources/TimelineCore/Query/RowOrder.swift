import Foundation

/// Orders rows by the criteria of a sort (SORT-6). With the date first, sections keep
/// chronological order (reversed when it is newest first) and the other criteria order the
/// rows within each section (markers at its ends), the date (in its direction) only their
/// ties. With another
/// criterion first, the whole timeline is ranked: start
/// markers first, end markers last, the other rows by the criteria, and sections group the
/// rows by the first criterion's value. Ties keep chronological order; rows without a
/// priority come last in either direction.
struct RowOrder {
  let criteria: [SortCriterion]
  let items: [TimelineItem]
  let locale: Locale
  let reversesSections: Bool
  let groupingField: SortField?

  init(_ order: SortOrder, items: [TimelineItem], locale: Locale) {
    criteria = order.withinSections
    self.items = items
    self.locale = locale
    reversesSections = order.reversesSections
    groupingField = order.groupingField
  }

  /// Sorts the rows and rebuilds the sections in display order.
  func reorder(_ entries: inout [RowEntry], sections: inout [TimelineSection]) {
    if groupingField != nil {
      entries.sort { a, b in
        a.rank != b.rank ? a.rank < b.rank : areInIncreasingOrder(a, b)
      }
      sections = groupedSections(entries)
      return
    }
    var reordered: [RowEntry] = []
    reordered.reserveCapacity(entries.count)
    var newSections: [TimelineSection] = []
    newSections.reserveCapacity(sections.count)
    let sectionOrder = reversesSections ? Array(sections.reversed()) : sections
    for section in sectionOrder {
      let lower = reordered.count
      // Start markers lead their section and end markers close it, in the date's direction,
      // so that the line begins and ends at them.
      reordered.append(
        contentsOf: entries[section.rows].sorted { a, b in
          a.rank != b.rank
            ? (reversesSections ? a.rank > b.rank : a.rank < b.rank) : areInIncreasingOrder(a, b)
        })
      newSections.append(TimelineSection(rows: lower..<reordered.count, interval: section.interval))
    }
    entries = reordered
    sections = newSections
  }

  /// Sections of consecutive rows that share the grouping field's value.
  func groupedSections(_ entries: [RowEntry]) -> [TimelineSection] {
    guard let field = groupingField else { return [] }
    var sections: [TimelineSection] = []
    var current: SectionGroup?
    for (index, entry) in entries.enumerated() {
      let group = SectionGroup.of(
        items[Int(entry.item)], node: entry.node, rank: entry.rank, field: field, locale: locale)
      if group == current, !sections.isEmpty {
        sections[sections.count - 1].rows =
          sections[sections.count - 1].rows.lowerBound..<(index + 1)
        continue
      }
      current = group
      sections.append(
        TimelineSection(
          rows: index..<(index + 1),
          interval: DateInterval(
            start: Date(timeIntervalSinceReferenceDate: entry.start), duration: 0),
          group: group))
    }
    return sections
  }

  func areInIncreasingOrder(_ a: RowEntry, _ b: RowEntry) -> Bool {
    for criterion in criteria {
      let result = compare(criterion.field, a, b, criterion.direction)
      if result != 0 { return result < 0 }
    }
    return RowEntry.chronological(a, b)
  }

  /// Negative when `a` comes first in `direction`, positive when `b` does, 0 on a tie.
  func compare(_ field: SortField, _ a: RowEntry, _ b: RowEntry, _ direction: SortDirection)
    -> Int
  {
    let sign = direction == .ascending ? 1 : -1
    switch field {
    case .date:
      return a.start == b.start ? 0 : (a.start < b.start ? -sign : sign)
    case .status:
      return sign * (a.node.statusRank - b.node.statusRank)
    case .kind:
      let left = items[Int(a.item)].kind.rawValue
      let right = items[Int(b.item)].kind.rawValue
      return left == right ? 0 : (left < right ? -sign : sign)
    case .priority:
      let left = items[Int(a.item)].priority
      let right = items[Int(b.item)].priority
      switch (left, right) {
      case (nil, nil): return 0
      case (nil, _): return 1
      case (_, nil): return -1
      case (let l?, let r?): return l == r ? 0 : (l < r ? -sign : sign)
      }
    case .title:
      return sign * Self.compareText(items[Int(a.item)].title, items[Int(b.item)].title, locale)
    }
  }

  /// Case- and diacritic-insensitive text order, with a fast path for ASCII.
  static func compareText(_ left: String, _ right: String, _ locale: Locale) -> Int {
    var left = left
    var right = right
    let ascii: Int? = left.withUTF8 { l in
      right.withUTF8 { r -> Int? in
        let count = min(l.count, r.count)
        var index = 0
        while index < count {
          let x = l[index]
          let y = r[index]
          if x >= 0x80 || y >= 0x80 { return nil }
          let lx = SearchWord.lower(x)
          let ly = SearchWord.lower(y)
          if lx != ly { return lx < ly ? -1 : 1 }
          index += 1
        }
        if l[count...].contains(where: { $0 >= 0x80 })
          || r[count...].contains(where: { $0 >= 0x80 })
        {
          return nil
        }
        return l.count == r.count ? 0 : (l.count < r.count ? -1 : 1)
      }
    }
    if let ascii { return ascii }
    switch left.compare(right, options: [.caseInsensitive, .diacriticInsensitive], locale: locale) {
    case .orderedAscending: return -1
    case .orderedSame: return 0
    case .orderedDescending: return 1
    }
  }
}
