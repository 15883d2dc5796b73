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
    /// The text it was read from, where the reader's errors are located.
    var text: String

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

  /// `item` changed by an item form (``ItemForm``); the reason names the field but no
  /// place, since the patch was made from the form.
  static func applying(_ form: ItemForm, to item: TimelineItem, zone: TimeZone) throws
    -> TimelineItem
  {
    try applying(try object(Array(form.patch.utf8)), to: item, zone: zone, located: false)
  }

  private static func applying(
    _ patch: Body, to item: TimelineItem, zone: TimeZone, located: Bool
  ) throws -> TimelineItem {
    do {
      var changed = try TimelineJSONReader.patch(
        item, with: patch.value, file: "body", timeZone: zone)
      // A change of state removes the custom label and icon, which named the old state (the
      // state buttons, a PATCH of `status`): the core's rule. What the patch itself says of
      // them stays.
      if patch["statusLabel"] == nil || patch["statusIcon"] == nil {
        let (status, label, icon) = (changed.status, changed.statusLabel, changed.statusIcon)
        changed.status = item.status
        changed.setStatus(status)
        if patch["statusLabel"] != nil { changed.statusLabel = label }
        if patch["statusIcon"] != nil { changed.statusIcon = icon }
      }
      return try checkedIDs(of: changed)
    } catch let error as DocumentError {
      throw AppError(
        status: .unprocessableContent, code: "invalid_item",
        detail: located ? error.description : error.message,
        field: member(line: error.line, column: error.column, in: patch.text))
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
    return Body(value: value, text: String(decoding: bytes, as: UTF8.self))
  }

  /// `object` with the members of `members` (a JSON object's text) merged in.
  static func merging(_ object: Body, _ members: String) throws -> Body {
    var text = ""
    merge(object.value, try self.object(Array(members.utf8)).value, to: &text)
    return try self.object(Array(text.utf8))
  }

  /// Reads one item object through the document reader; a 422 naming the field when it is
  /// not a valid item.
  static func read(_ object: Body, zone: TimeZone) throws -> TimelineItem {
    var text = ""
    write(object.value, to: &text)
    return try read(text: text, zone: zone)
  }

  /// The most characters (Unicode scalars) an item's id, or a child's, has when the item is
  /// sent to the app (a form or the API): an address and a `Location` header carry it.
  static let maximumIDLength = 1_000

  /// What keeps `id` out of an address, if anything: over ``maximumIDLength`` characters,
  /// or only `.` or `..`, a path segment every client resolves away. The same rule holds
  /// for items sent to the app and for files imported into it (``ImportOptions/idProblem``).
  @Sendable static func idProblem(_ id: String) -> String? {
    if id.unicodeScalars.count > maximumIDLength {
      return "an id has at most \(maximumIDLength) characters"
    }
    if id == "." || id == ".." { return #"an id cannot be "." or "..", which no address can hold"# }
    return nil
  }

  /// `item`, as sent to the app or changed by it, with its ids and its children's in
  /// Unicode NFC (``TimelineItem/withCanonicalIDs``); fails (422) when one cannot be
  /// addressed (``idProblem(_:)``): ids go into addresses and `Location`.
  static func checkedIDs(of item: TimelineItem) throws -> TimelineItem {
    for id in [item.id] + item.children.map(\.id) {
      if let problem = idProblem(id) {
        throw AppError(
          status: .unprocessableContent, code: "invalid_item", detail: problem,
          field: id == item.id ? "id" : "children")
      }
    }
    return item.withCanonicalIDs
  }

  /// Reads one item's JSON text through the document reader.
  static func read(text item: String, zone: TimeZone) throws -> TimelineItem {
    let prefix =
      "{\"version\":1,\"timeZone\":" + JSONString.quoted(zone.identifier) + ",\"items\":["
    let document = prefix + item + "]}"
    do {
      let read = try TimelineJSONReader.read(Array(document.utf8), file: "item")
      guard let item = read.items.first else {
        throw AppError(status: .unprocessableContent, code: "invalid_item", detail: "no item")
      }
      return try checkedIDs(of: item)
    } catch let error as DocumentError {
      // The document is one line (the item's text is written without line breaks), so the
      // error's column places it in the item's text, in the value of one of its members.
      throw AppError(
        status: .unprocessableContent, code: "invalid_item", detail: error.message,
        field: member(
          line: error.line, column: error.column - prefix.unicodeScalars.count, in: item))
    }
  }

  /// The key of the member of the JSON object `text` whose value holds the place `line`
  /// and `column` (1-based, in Unicode scalars, as ``DocumentError`` counts them), or `nil`
  /// when none does (the place is on a key, or outside the object).
  static func member(line: Int, column: Int, in text: String) -> String? {
    var offset = column - 1
    if line > 1 {
      var lines = 1
      for (index, scalar) in text.unicodeScalars.enumerated() where scalar == "\n" {
        lines += 1
        if lines == line {
          offset += index + 1
          break
        }
      }
      guard lines == line else { return nil }
    }
    var depth = 0
    var inString = false
    var escaped = false
    // The last string read, and the member whose value is being read (after its colon).
    var string = ""
    var member: String?
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if index == offset { return member }
      if inString {
        if escaped {
          escaped = false
          string.unicodeScalars.append(scalar)
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
        } else {
          string.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"":
        inString = true
        string = ""
      case ":" where depth == 1: member = string
      case "," where depth == 1: member = nil
      case "{", "[": depth += 1
      case "}", "]":
        depth -= 1
        if depth == 0 { member = nil }
      default: break
      }
    }
    return nil
  }
}

/// The fields of the item forms (edit, add, the state buttons) as the JSON the document
/// reader reads, written straight from the form: the reader holds every rule of an item, so
/// a form is checked exactly as a document or a PATCH is. An empty optional field removes
/// the field (`null` in the merge patch).
struct ItemForm {
  /// The object's members in the form's order: a key and its JSON value.
  private(set) var members: [(key: String, json: String)] = []

  init(_ form: [(String, String)]) {
    func add(_ key: String, _ json: String) { members.append((key, json)) }
    func text(_ value: String) -> String { JSONString.quoted(value) }
    for key in ["title", "status"] where form.has(key) { add(key, text(form.value(key))) }
    for key in ["subtitle", "statusLabel", "description", "supportingText"] where form.has(key) {
      // A browser sends a text area's line breaks as CRLF, whatever they were: they are
      // stored as LF, as they were shown, so a save changes only what was edited. The
      // description (a text area) keeps its white space; a field of one line loses it.
      let value = form.value(key).replacingOccurrences(of: "\r\n", with: "\n")
      let kept =
        key == "description" ? value : value.trimmingCharacters(in: .whitespacesAndNewlines)
      add(key, kept.allSatisfy(\.isWhitespace) ? "null" : text(kept))
    }
    // Dates come from date pickers (a local time in the timeline's zone, which the reader
    // places there) or as typed (RFC 3339); "All day" keeps the dates only.
    if form.has("start") {
      let allDay = form.has("allDay")
      for key in ["start", "end"] {
        let value = Self.pickedDate(form.value(key), allDay: allDay)
        add(key, value.isEmpty && key == "end" ? "null" : text(value))
      }
    }
    if form.has("attributes") {
      let values = form.value("attributes").split(whereSeparator: \.isNewline).map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      add("attributes", "[" + values.map(text).joined(separator: ",") + "]")
    }
    if form.has("priority") {
      // A whole number as a number; anything else as text, which the reader refuses by name.
      let value = form.value("priority").trimmingCharacters(in: .whitespaces)
      add("priority", value.isEmpty ? "null" : Int(value).map(String.init) ?? text(value))
    }
  }

  /// The state buttons: the status alone.
  init(status: String) {
    members = [("status", JSONString.quoted(status))]
  }

  /// The fields as a merge patch (RFC 7386).
  var patch: String {
    "{" + members.map { JSONString.quoted($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
  }

  /// The fields as a new item with `id`: empty fields are left out.
  func item(id: String) -> String {
    let given = members.filter { $0.json != "null" && $0.key != "id" }
    return "{\"id\":" + JSONString.quoted(id)
      + given.map { "," + JSONString.quoted($0.key) + ":" + $0.json }.joined() + "}"
  }

  /// A date picker's value (`YYYY-MM-DDTHH:MM`, seconds only when not zero) as the
  /// document reader reads dates; other text is left for the reader to judge.
  static func pickedDate(_ value: String, allDay: Bool) -> String {
    let text = value.trimmingCharacters(in: .whitespaces)
    let picked = text.count >= 16 && text.dropFirst(10).first == "T" && !text.hasSuffix("Z")
    if allDay, picked || text.count == 10 { return String(text.prefix(10)) }
    return picked && text.count == 16 ? text + ":00" : text
  }
}
