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
    let (kind, status) = Self.state(of: record, notes: &notes)
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
    item.subtitle = extensions.subtitle
    item.statusLabel = extensions.statusLabel
    item.substatusLabel = extensions.substatusLabel
    item.icon = extensions.icon
    item.statusIcon = extensions.statusIcon
    item.substatusIcon = extensions.substatusIcon
  }

  /// The kind and status that STATUS, COMPLETED and PERCENT-COMPLETE imply (SPEC IO-2).
  static func state(
    of record: EventRecord, notes: inout ImportSummary
  ) -> (ItemKind, ItemStatus) {
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
    return (kind, status)
  }
}
