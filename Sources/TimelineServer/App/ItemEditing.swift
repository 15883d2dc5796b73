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

  /// `item` with `patch` merged into its JSON; a result that is not a valid item is a 422
  /// naming the field.
  static func applying(_ patch: [String: Any], to item: TimelineItem, zone: TimeZone) throws
    -> TimelineItem
  {
    guard
      let current = try? JSONSerialization.jsonObject(with: Data(json(item, zone: zone).utf8))
        as? [String: Any]
    else { throw AppError.badRequest("the stored item could not be read") }
    return try read(merge(current, patch) as? [String: Any] ?? [:], zone: zone)
  }

  /// RFC 7386: objects merge key by key, `null` removes, anything else replaces.
  static func merge(_ target: Any, _ patch: Any) -> Any? {
    guard let patch = patch as? [String: Any] else { return patch is NSNull ? nil : patch }
    var result = target as? [String: Any] ?? [:]
    for (key, value) in patch {
      if value is NSNull {
        result[key] = nil
      } else {
        result[key] = merge(result[key] ?? NSNull(), value)
      }
    }
    return result
  }

  /// Parses a JSON body as an object; 400 when it is not JSON, 422 when not an object.
  static func object(_ bytes: [UInt8]) throws -> [String: Any] {
    let value: Any
    do {
      value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw AppError(status: .badRequest, code: "bad_json", detail: "the body is not valid JSON")
    }
    guard let object = value as? [String: Any] else {
      throw AppError(
        status: .unprocessableContent, code: "invalid_item", detail: "expected a JSON object")
    }
    return object
  }

  /// Reads one item object through the document reader; a 422 naming the field when it is
  /// not a valid item.
  static func read(_ object: [String: Any], zone: TimeZone) throws -> TimelineItem {
    let document: [String: Any] = ["version": 1, "timeZone": zone.identifier, "items": [object]]
    guard JSONSerialization.isValidJSONObject(document),
      let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    else {
      throw AppError(status: .unprocessableContent, code: "invalid_item", detail: "not a JSON item")
    }
    do {
      let read = try TimelineJSONReader.read(data, file: "item")
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
