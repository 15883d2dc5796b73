import TimelineCore

extension ICalendarParser {
  /// Takes a complete `VEVENT` or `VTODO`: single events become items now; recurring
  /// ones, overrides, and events with a `TZID` not known yet wait for the end of input.
  mutating func finish(_ record: EventRecord) {
    if record.recurrenceID != nil, let uid = record.uid, !uid.isEmpty {
      if overrides[uid] == nil { overrideOrder.append(uid) }
      overrides[uid, default: []].append(record)
    } else if record.isRecurring {
      masters.append(record)
    } else if factory.knowsZones(of: record) {
      emit(record, id: itemID(record))
    } else {
      deferred.append(record)
    }
  }

  /// Ends the input: expands the series, then makes ids unique and attaches children.
  mutating func finish(
    at end: SourceLocation
  ) throws(DocumentError) -> (document: TimelineDocument, summary: ImportSummary) {
    if let top = stack.last {
      throw DocumentError(
        file: file, location: end,
        message:
          "unexpected end of input; expected END:\(top.name) for BEGIN:\(top.name) on line \(top.line)"
      )
    }
    guard sawCalendar else {
      throw DocumentError(file: file, line: 1, column: 1, message: "expected BEGIN:VCALENDAR")
    }
    for record in deferred { emit(record, id: itemID(record)) }
    let expansion = SeriesExpansion(factory: factory, options: options)
    for master in masters {
      let baseID = itemID(master)
      let changes = master.uid.flatMap { overrides.removeValue(forKey: $0) } ?? []
      for item in expansion.items(
        master: master, overrides: changes, baseID: baseID, notes: &summary)
      {
        append(item, parent: master.parent)
      }
    }
    // Overrides whose series is not in the file stand alone.
    for uid in overrideOrder {
      for var record in overrides[uid] ?? [] {
        guard let original = record.recurrenceID else { continue }
        if record.start == nil { record.start = original }
        let key = original.isDate ? original.day : factory.instant(of: original, notes: &summary)
        emit(record, id: uid + "/" + ICalendarFormat.occurrence(key, isDate: original.isDate))
      }
    }
    if sink == nil {
      makeIDsUnique()
      attachChildren()
      document.items = items
    }
    return (document, summary)
  }

  private mutating func emit(_ record: EventRecord, id: String) {
    if let item = factory.item(from: record, id: id, notes: &summary) {
      append(item, parent: record.parent)
    }
  }

  private mutating func append(_ item: TimelineItem, parent: String?) {
    if let sink { return sink(item, parent.flatMap { $0.isEmpty ? nil : $0 }) }
    if let parent, !parent.isEmpty { parents.append((items.count, parent)) }
    items.append(item)
  }

  /// The record's UID, or `item-1`, `item-2`, … for components without one.
  private mutating func itemID(_ record: EventRecord) -> String {
    if let uid = record.uid, !uid.isEmpty { return uid }
    generatedIDs += 1
    return "item-\(generatedIDs)"
  }

  /// Gives each repeated id a suffix `#2`, `#3`, …; the first keeps it.
  private mutating func makeIDsUnique() {
    var taken = Set(items.map(\.id))
    var seen = Set<String>()
    for index in items.indices where !seen.insert(items[index].id).inserted {
      var counter = 2
      while taken.contains("\(items[index].id)#\(counter)") { counter += 1 }
      items[index].id += "#\(counter)"
      taken.insert(items[index].id)
      summary.record(.duplicateID)
    }
  }

  /// Moves items whose RELATED-TO names another item into its children, one level deep:
  /// an item that is itself a child keeps its would-be children at the top level.
  private mutating func attachChildren() {
    guard !parents.isEmpty else { return }
    let wanted = Set(parents.map(\.parent))
    var indexByID: [String: Int] = [:]
    for (index, item) in items.enumerated()
    where wanted.contains(item.id) && indexByID[item.id] == nil {
      indexByID[item.id] = index
    }
    let links: [(child: Int, parent: Int)] = parents.compactMap { link in
      indexByID[link.parent].flatMap { $0 == link.index ? nil : (child: link.index, parent: $0) }
    }
    let children = Set(links.map(\.child))
    var moved = Set<Int>()
    for link in links where !children.contains(link.parent) {
      items[link.parent].appendChild(items[link.child])
      moved.insert(link.child)
    }
    guard !moved.isEmpty else { return }
    items = items.indices.filter { !moved.contains($0) }.map { items[$0] }
  }
}
