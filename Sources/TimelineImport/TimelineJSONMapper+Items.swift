import Foundation
import TimelineCore

extension TimelineJSONMapper {
  /// Maps the array `value` of `key` to items; `nested` items may not have children.
  func items(
    in value: JSONValue, key: String, nested: Bool
  ) throws(DocumentError) -> [TimelineItem] {
    var items: [TimelineItem] = []
    items.reserveCapacity(value.count)
    try forEachElement(of: value, for: key) { element throws(DocumentError) in
      guard element.type == .object else {
        throw failure(
          at: element,
          "expected an object for an item in \(key.quotedForMessage), found \(element.typeName)")
      }
      items.append(try item(element, nested: nested))
    }
    return items
  }

  /// Maps one item object; an absent id stays empty until ids are generated.
  private func item(_ object: JSONValue, nested: Bool) throws(DocumentError) -> TimelineItem {
    var item = TimelineItem(id: "", title: "", start: .instant(Date(timeIntervalSince1970: 0)))
    var hasStart = false
    var endValue: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = ItemKey(utf8: keyUTF8), !value.isNull else { return }
      if key == .start { hasStart = true } else if key == .end { endValue = value }
      try set(key, value, on: &item, nested: nested)
    }
    // A title that was set is not empty (see ``nonEmptyString(_:for:)``).
    guard !item.title.isEmpty else { throw failure(at: object, missingKey: ItemKey.title.rawValue) }
    guard hasStart else { throw failure(at: object, missingKey: ItemKey.start.rawValue) }
    if let endValue { item.end = try end(endValue, after: item.start) }
    return item
  }

  /// Sets `item`'s field `key` from the non-null `value`, except `end`, which depends on `start`.
  private func set(
    _ key: ItemKey, _ value: JSONValue, on item: inout TimelineItem, nested: Bool
  ) throws(DocumentError) {
    let name = key.rawValue
    switch key {
    case .id: item.id = try uniqueID(value)
    case .kind:
      item.kind = try choice(
        value, for: name, among: ItemKind.allCases.map(\.rawValue), ItemKind.init(rawValue:))
    case .title: item.title = try nonEmptyString(value, for: name)
    case .subtitle: item.subtitle = try string(value, for: name)
    case .start: item.start = try date(value, for: name, in: timeZone)
    case .end: break
    case .status: item.status = try status(value, for: name)
    case .statusLabel: item.statusLabel = try string(value, for: name)
    case .substatusLabel: item.substatusLabel = try string(value, for: name)
    case .description: item.description = try string(value, for: name)
    case .supportingText: item.supportingText = try string(value, for: name)
    case .attributes: item.attributes = try strings(value, for: name)
    case .priority: item.priority = try integer(value, for: name)
    case .icon: item.icon = try string(value, for: name)
    case .statusIcon: item.statusIcon = try string(value, for: name)
    case .substatusIcon: item.substatusIcon = try string(value, for: name)
    case .children where nested: try refuseGrandchildren(value, for: name)
    case .children: item.children = try items(in: value, key: name, nested: true)
    }
  }

  /// `current` changed by the JSON merge patch `patch` (RFC 7386): a member replaces its
  /// field (arrays whole), `null` removes it (`kind` and `status` return to their
  /// defaults), unknown keys are ignored.
  func patch(_ current: TimelineItem, with patch: JSONValue) throws(DocumentError)
    -> TimelineItem
  {
    guard patch.type == .object else {
      throw failure(at: patch, "expected an object for the item, found \(patch.typeName)")
    }
    var item = current
    var startValue: JSONValue?
    var endValue: JSONValue?
    var childrenValue: JSONValue?
    try patch.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = ItemKey(utf8: keyUTF8) else { return }
      guard value.isNull else {
        if key == .start { startValue = value }
        if key == .end { endValue = value }
        if key == .children { childrenValue = value }
        try set(key, value, on: &item, nested: false)
        return
      }
      switch key {
      case .id, .title, .start:
        throw failure(at: value, "\(key.rawValue.quotedForMessage) cannot be removed")
      case .kind: item.kind = .event
      case .status: item.status = .open
      case .subtitle: item.subtitle = nil
      case .end: item.end = nil
      case .statusLabel: item.statusLabel = nil
      case .substatusLabel: item.substatusLabel = nil
      case .description: item.description = nil
      case .supportingText: item.supportingText = nil
      case .attributes: item.attributes = []
      case .priority: item.priority = nil
      case .icon: item.icon = nil
      case .statusIcon: item.statusIcon = nil
      case .substatusIcon: item.substatusIcon = nil
      case .children: item.children = []
      }
    }
    if let endValue {
      item.end = try end(endValue, after: item.start)
    } else if let startValue, let end = item.end, end.endProblem(after: item.start) != nil {
      throw failure(at: startValue, #""start" must not be after "end" or differ from its form"#)
    }
    // Ids stay unique across the item and its children; children without one get one.
    var seen: Set<String> = []
    for id in [item.id] + item.children.map(\.id) where !id.isEmpty {
      guard seen.insert(id).inserted else {
        throw failure(at: childrenValue ?? patch, "the id \(id.quotedForMessage) is used twice")
      }
      if explicitIDs[id] == nil { explicitIDs[id] = patch.offset }
    }
    var items = [item]
    assignGeneratedIDs(to: &items)
    return items[0]
  }

  /// The explicit id `value`, which must be unique across items and children.
  private func uniqueID(_ value: JSONValue) throws(DocumentError) -> String {
    let id = try nonEmptyString(value, for: ItemKey.id.rawValue)
    if let problem = idProblem?(id) { throw failure(at: value, problem) }
    if let first = explicitIDs[id] {
      let location = SourceLocation(offset: first, in: text)
      throw failure(at: value, "duplicate id \(id.quotedForMessage) (first used at \(location))")
    }
    explicitIDs[id] = value.offset
    return id
  }

  /// The RFC 3339 date `value` of `key`, floating times in `zone`: workers that share the
  /// mapper pass their own rather than each retaining the mapper's.
  func date(
    _ value: JSONValue, for key: String, in zone: TimeZone
  ) throws(DocumentError) -> TimelineDate {
    guard let outcome = value.withStringUTF8({ RFC3339.parse(utf8: $0, floatingIn: zone) }) else {
      throw mismatch(value, expected: "a string", for: key)
    }
    switch outcome {
    case .success(let date): return date
    case .failure(let error):
      // Named like every other refused member: `invalid date "…" for "start": why`.
      throw failure(
        at: value,
        "invalid date \(error.text.quotedForMessage) for \(key.quotedForMessage): \(error.reason)")
    }
  }

  /// The `end` date, which must have the form of `start` and must not precede it.
  private func end(_ value: JSONValue, after start: TimelineDate) throws(DocumentError)
    -> TimelineDate
  {
    let end = try date(value, for: ItemKey.end.rawValue, in: timeZone)
    if let problem = end.endProblem(after: start) { throw failure(at: value, problem) }
    return end
  }
}
