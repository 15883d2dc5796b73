import Foundation
import TimelineCore

extension TimelineJSONMapper {
  /// Maps the array `value` of `key` to items; `nested` items may not have children.
  func items(
    in value: JSONValue, key: String, nested: Bool
  ) throws(DocumentError) -> [TimelineItem] {
    let elements = try array(value, for: key)
    var items: [TimelineItem] = []
    items.reserveCapacity(elements.count)
    for element in elements {
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
  private func item(
    _ object: JSONValue, nested: Bool
  ) throws(DocumentError) -> TimelineItem {
    var item = TimelineItem(id: "", title: "", start: .instant(Date(timeIntervalSince1970: 0)))
    var hasTitle = false
    var startValue: JSONValue?
    var endValue: JSONValue?
    try object.forEachMember { (keyUTF8, value) throws(DocumentError) in
      guard let key = ItemKey(utf8: keyUTF8), !value.isNull else { return }
      let name = key.rawValue
      switch key {
      case .id: item.id = try uniqueID(value)
      case .kind:
        item.kind = try choice(
          value, for: name, among: ItemKind.allCases.map(\.rawValue), ItemKind.init(rawValue:))
      case .title:
        item.title = try nonEmptyString(value, for: name)
        hasTitle = true
      case .subtitle: item.subtitle = try string(value, for: name)
      case .start:
        item.start = try date(value, for: name)
        startValue = value
      case .end: endValue = value
      case .status:
        item.status = try choice(
          value, for: name, among: ItemStatus.allCases.map(\.rawValue), ItemStatus.init(rawValue:))
      case .statusLabel: item.statusLabel = try string(value, for: name)
      case .substatusLabel: item.substatusLabel = try string(value, for: name)
      case .description: item.description = try string(value, for: name)
      case .supportingText: item.supportingText = try string(value, for: name)
      case .attributes: item.attributes = try strings(value, for: name)
      case .priority: item.priority = try integer(value, for: name)
      case .icon: item.icon = try string(value, for: name)
      case .children:
        if nested {
          guard try array(value, for: name).isEmpty else {
            throw failure(at: value, "children may nest only one level deep")
          }
        } else {
          item.children = try items(in: value, key: name, nested: true)
        }
      }
    }
    guard hasTitle else { throw failure(at: object, missingKey: ItemKey.title.rawValue) }
    guard startValue != nil else { throw failure(at: object, missingKey: ItemKey.start.rawValue) }
    if let endValue { item.end = try end(endValue, after: item.start) }
    return item
  }

  /// The explicit id `value`, which must be unique across items and children.
  private func uniqueID(_ value: JSONValue) throws(DocumentError) -> String {
    let id = try nonEmptyString(value, for: ItemKey.id.rawValue)
    if let first = explicitIDs[id] {
      let location = SourceLocation(offset: first, in: bytes)
      throw failure(at: value, "duplicate id \(id.quotedForMessage) (first used at \(location))")
    }
    explicitIDs[id] = value.offset
    return id
  }

  /// The RFC 3339 date `value` of `key`.
  func date(_ value: JSONValue, for key: String) throws(DocumentError) -> TimelineDate {
    let zone = timeZone
    guard let outcome = value.withStringUTF8({ RFC3339.parse(utf8: $0, floatingIn: zone) }) else {
      throw mismatch(value, expected: "a string", for: key)
    }
    switch outcome {
    case .success(let date): return date
    case .failure(let error): throw failure(at: value, error.description)
    }
  }

  /// The `end` date, which must have the form of `start` and must not precede it.
  private func end(_ value: JSONValue, after start: TimelineDate) throws(DocumentError)
    -> TimelineDate
  {
    let end = try date(value, for: ItemKey.end.rawValue)
    switch (start, end) {
    case (.day(let first), .day(let last)) where last < first:
      throw failure(at: value, #""end" must not be before "start""#)
    case (.instant(let first), .instant(let last)) where last < first:
      throw failure(at: value, #""end" must not be before "start""#)
    case (.day, .instant):
      throw failure(
        at: value, #"expected an all-day date for "end" because "start" is one, found a date-time"#)
    case (.instant, .day):
      throw failure(
        at: value, #"expected a date-time for "end" because "start" is one, found an all-day date"#)
    default:
      return end
    }
  }
}
