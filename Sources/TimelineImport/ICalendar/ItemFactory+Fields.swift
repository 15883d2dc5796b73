import TimelineCore

extension ItemFactory {
  /// Fills the fields of `item` other than id, start and end from `record`.
  func fill(_ item: inout TimelineItem, from record: EventRecord, notes: inout ImportSummary) {
    let extensions = record.extensions
    if let summary = record.summary, !summary.isEmpty {
      item.title = summary
    } else {
      notes.record(.untitled(title: Self.untitled))
    }
    item.description = record.description.flatMap { $0.isEmpty ? nil : $0 }
    // The kind and status that STATUS, COMPLETED and PERCENT-COMPLETE imply (SPEC IO-2).
    var kind = ItemKind.event
    var status = ItemStatus.open
    switch record.status {
    case nil, "NEEDS-ACTION", "TENTATIVE", "CONFIRMED": break
    case "IN-PROCESS": status = .inProgress
    case "COMPLETED": status = .completed
    case "CANCELLED": kind = .inactive
    default: notes.record(.invalidValue(property: "STATUS"))
    }
    if status == .open {
      if record.completed || record.percentComplete == 100 {
        status = .completed
      } else if let percent = record.percentComplete, percent > 0 {
        status = .inProgress
      }
    }
    item.kind = extensions.kind ?? kind
    item.status = extensions.status ?? status
    item.priority = extensions.priority ?? record.priority.flatMap { $0 == 0 ? nil : 10 - $0 }
    if let attributes = extensions.attributes {
      item.attributes = attributes
    } else if let place = record.place, !place.isEmpty {
      item.attributes = [place]
    }
    item.supportingText =
      extensions.supportingText
      ?? (record.categories.isEmpty ? nil : record.categories.joined(separator: ", "))
    // The item is new: fields not given are already nil.
    for (name, field) in TimelineExtensions.textFields {
      if let text = extensions.texts[name] { item[keyPath: field] = text }
    }
  }
}
