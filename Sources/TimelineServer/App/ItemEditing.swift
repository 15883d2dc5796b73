import Foundation
import TimelineCore
import TimelineImport

/// Items as the API sends and receives them: the document v1 shape of one item, changed by
/// JSON merge patches (RFC 7386) and checked by the same reader as a whole document.
enum ItemEditing {
  /// The item's JSON (document v1 `items[]` shape), instants in `zone`.
  static func json(_ item: TimelineItem, zone: TimeZone) -> String {
    TimelineJSONWriter.string(item, in: zone)
  }

  /// A JSON object sent as a body; errors point into the text it was parsed from.
  struct Body: Sendable {
    var value: JSONValue

    subscript(key: String) -> JSONValue? { value[key] }
  }

  /// `item` changed by the merge patch `patch` (RFC 7386) through the document reader's
  /// rules; a change that does not make a valid item is a 422 naming the field and its
  /// place in the body. A patch that changes `status` without `statusLabel` removes the
  /// custom label (`TimelineItem.setStatus(_:)`).
  static func applying(_ patch: Body, to item: TimelineItem, zone: TimeZone) throws
    -> TimelineItem
  {
    try applying(patch, to: item, zone: zone, located: true)
  }

  /// `item` with a merge patch built from form fields (`NSNull` removes a field); the
  /// reason names the field but no place, since the body was made from the form.
  static func applying(_ patch: [String: Any], to item: TimelineItem, zone: TimeZone) throws
    -> TimelineItem
  {
    try applying(try value(patch), to: item, zone: zone, located: false)
  }

  private static func applying(
    _ patch: Body, to item: TimelineItem, zone: TimeZone, located: Bool
  ) throws -> TimelineItem {
    do {
      var changed = try TimelineJSONReader.patch(
        item, with: patch.value, file: "body", timeZone: zone)
      // A change of state that does not also say its label removes the custom label, which
      // named the old state (the state buttons, a PATCH of `status`): the core's rule.
      if patch["statusLabel"] == nil {
        let status = changed.status
        changed.status = item.status
        changed.setStatus(status)
      }
      return changed
    } catch {
      throw AppError(
        status: .unprocessableContent, code: "invalid_item",
        detail: located ? error.description : error.message)
    }
  }

  /// RFC 7386 written as JSON text: objects merge key by key (the target's keys first, in
  /// their order), `null` removes, anything else replaces. Never called with a `null` patch
  /// at the top (a body must be an object).
  static func merge(_ target: JSONValue?, _ patch: JSONValue, to output: inout String) {
    guard let changes = patch.members else {
      write(patch, to: &output)
      return
    }
    output += "{"
    var first = true
    func member(_ key: String, _ write: (inout String) -> Void) {
      output += (first ? "" : ",") + JSONString.quoted(key) + ":"
      first = false
      write(&output)
    }
    let kept = target?.members ?? []
    for old in kept {
      guard let change = changes.last(where: { $0.key == old.key }) else {
        member(old.key) { write(old.value, to: &$0) }
        continue
      }
      if !change.value.isNull { member(old.key) { merge(old.value, change.value, to: &$0) } }
    }
    for change in changes
    where !change.value.isNull && !kept.contains(where: { $0.key == change.key }) {
      member(change.key) { merge(nil, change.value, to: &$0) }
    }
    output += "}"
  }

  /// A parsed value written back as JSON text.
  static func write(_ value: JSONValue, to output: inout String) {
    switch value.kind {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): output += JSONString.quoted(text)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        write(element, to: &output)
      }
      output += "]"
    case .object:
      merge(nil, value, to: &output)
    }
  }

  /// Parses a JSON body as an object; 400 (with the place) when it is not JSON, 422 when it
  /// is not an object.
  static func object(_ bytes: [UInt8]) throws -> Body {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes, file: "body")
    } catch {
      throw AppError(
        status: .badRequest, code: "bad_json",
        detail: "the body is not valid JSON (\(error.description))")
    }
    guard value.type == .object else {
      throw AppError(
        status: .unprocessableContent, code: "invalid_item", detail: "expected a JSON object")
    }
    return Body(value: value)
  }

  /// Form fields (strings, numbers, arrays, `NSNull`) as a parsed JSON object.
  static func value(_ fields: [String: Any]) throws -> Body {
    guard let text = JSONText.text(fields) else {
      throw AppError(status: .unprocessableContent, code: "invalid_item", detail: "not a JSON item")
    }
    return try object(Array(text.utf8))
  }

  /// `object` with the fields of `fields` merged in.
  static func value(_ object: Body, with fields: [String: Any]) throws -> Body {
    var text = ""
    merge(object.value, try value(fields).value, to: &text)
    return try self.object(Array(text.utf8))
  }

  /// Reads one item object through the document reader; a 422 naming the field when it is
  /// not a valid item.
  static func read(_ object: Body, zone: TimeZone) throws -> TimelineItem {
    var text = ""
    write(object.value, to: &text)
    return try read(text: text, zone: zone)
  }

  /// Reads one item's JSON text through the document reader.
  static func read(text item: String, zone: TimeZone) throws -> TimelineItem {
    let document =
      "{\"version\":1,\"timeZone\":" + JSONString.quoted(zone.identifier) + ",\"items\":["
      + item + "]}"
    do {
      let read = try TimelineJSONReader.read(Array(document.utf8), file: "item")
      guard let item = read.items.first else {
        throw AppError(status: .unprocessableContent, code: "invalid_item", detail: "no item")
      }
      return item
    } catch let error as DocumentError {
      throw AppError(
        status: .unprocessableContent, code: "invalid_item", detail: error.message)
    }
  }
}
