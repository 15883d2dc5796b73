import Foundation
import TimelineCore

/// What a page or the rows API was asked to show, read from the URL in the CLI's syntax:
/// `q`, `filter=status=open` (repeatable), `sort=priority:desc,date`, `around=now|DATE`,
/// `after` / `before` cursors, `limit` and `now` (an RFC 3339 instant fixing the clock).
struct ViewQuery: Sendable {
  var search = ""
  var filters: [FilterToken] = []
  var sort = TimelineCore.SortOrder.default
  var anchor = WindowAnchor.now
  var limit: Int
  var now: Date?
  /// `now` as the address gave it (links keep it as it was).
  var nowText: String?

  /// A parameter that could not be read: its name and what was expected.
  struct Invalid: Error {
    var parameter: String
    var detail: String
  }

  init(_ parameters: [(String, String)], defaultLimit: Int) throws(Invalid) {
    limit = defaultLimit
    var sortParts: [String] = []
    var flip: String?
    for (name, value) in parameters {
      switch name {
      case "q": search = value
      case "filter" where !value.isEmpty:
        do { filters.append(try FilterToken(parsing: value)) } catch {
          throw Invalid(parameter: "filter", detail: error.description)
        }
      case "sort" where !value.isEmpty: sortParts.append(value)
      case "flip" where !value.isEmpty: flip = value
      case "after": anchor = .after(value)
      case "before": anchor = .before(value)
      case "at" where !value.isEmpty: anchor = .item(value)
      case "around" where value != "now" && !value.isEmpty:
        guard let date = Self.instant(value) else {
          throw Invalid(
            parameter: "around", detail: "expected now, YYYY-MM-DD or an RFC 3339 date-time")
        }
        anchor = .date(date)
      case "limit":
        guard let number = Int(value), number > 0 else {
          throw Invalid(parameter: "limit", detail: "expected a positive integer")
        }
        limit = min(number, 500)
      case "now" where !value.isEmpty:
        guard let date = Self.instant(value) else {
          throw Invalid(parameter: "now", detail: "expected an RFC 3339 date-time")
        }
        now = date
        nowText = value
      default: continue
      }
    }
    if !sortParts.isEmpty {
      do { sort = try SortOrder(parsing: sortParts.joined(separator: ",")) } catch {
        throw Invalid(parameter: "sort", detail: error.description)
      }
    }
    if let flip {
      // The dialog's direction toggle without the script: that criterion turns (one not
      // chosen yet joins the sort, descending).
      guard let field = SortField(rawValue: flip) else {
        throw Invalid(parameter: "flip", detail: "expected a sort field")
      }
      var criteria = sort.isDefault && sortParts.isEmpty ? [] : sort.criteria
      if let index = criteria.firstIndex(where: { $0.field == field }) {
        criteria[index].direction = criteria[index].direction.toggled
      } else {
        criteria.append(SortCriterion(field, .descending))
      }
      sort = SortOrder(criteria)
      flipped = true
    }
  }

  /// Whether the address turned a sort direction (the dialog stays open to go on).
  var flipped = false

  var query: TimelineQuery { TimelineQuery(search: search, filters: filters, sort: sort) }

  /// The parameters that describe the view (not the window's place), to keep in links.
  func viewParameters(filters: [FilterToken]? = nil, sort: TimelineCore.SortOrder? = nil)
    -> [(String, String)]
  {
    var result: [(String, String)] = []
    if !search.isEmpty { result.append(("q", search)) }
    for token in filters ?? self.filters { result.append(("filter", token.description)) }
    let order = sort ?? self.sort
    if !order.isDefault { result.append(("sort", Self.text(order))) }
    if let nowText { result.append(("now", nowText)) }
    return result
  }

  /// A sort in the CLI's syntax, e.g. `priority:desc,date`.
  static func text(_ order: TimelineCore.SortOrder) -> String {
    order.criteria.map {
      $0.field.rawValue + ($0.direction == .descending ? ":desc" : "")
    }.joined(separator: ",")
  }

  /// `YYYY-MM-DD` (midnight UTC) or an RFC 3339 date-time.
  static func instant(_ text: String) -> Date? {
    // The common forms through Foundation's parse strategies (cheap), others through the
    // (costly to create) formatter.
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
      return date
    }
    let formatter = ISO8601DateFormatter()
    for options: ISO8601DateFormatter.Options in [
      [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
    ] {
      formatter.formatOptions = options
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
