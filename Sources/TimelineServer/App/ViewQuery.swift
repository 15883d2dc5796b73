import Foundation
import Hummingbird
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
  /// `view=list`: the timeline list (LIST-1, LIST-2) instead of the timeline.
  var isList = false
  /// `fold=past,2026-11-24,…`: the sections shown folded, with what they hold.
  var folding = SectionFolding()

  /// `now` as the address gave it, for links that keep it; none without one.
  var nowParameter: [(String, String)] { nowText.map { [("now", $0)] } ?? [] }

  /// A parameter that could not be read: its name and what was expected.
  struct Invalid: Error {
    var parameter: String
    var detail: String
  }

  /// The longest value a parameter may have, in UTF-8 bytes.
  static let maximumValueBytes = 2_048
  /// The most filters, search words and rows a request may ask for.
  static let maximumFilters = 64
  static let maximumSearchWords = 32
  static let maximumLimit = WindowReader.maximumWindow

  /// The view of `request`'s address.
  init(_ request: Request, defaultLimit: Int) throws(Invalid) {
    try self.init(FormBody.parameters(request), defaultLimit: defaultLimit)
  }

  init(_ parameters: [(String, String)], defaultLimit: Int) throws(Invalid) {
    try self.init(parameters, defaultLimit: defaultLimit, readsApplied: true)
  }

  private init(_ parameters: [(String, String)], defaultLimit: Int, readsApplied: Bool)
    throws(Invalid)
  {
    limit = defaultLimit
    // Values are bounded text before anything reads them: no store takes NUL, and no
    // view needs a value longer than a cursor or a long search.
    for (name, value) in parameters {
      if value.utf8.contains(0) {
        throw Invalid(parameter: name, detail: "contains U+0000 (NUL)")
      }
      if value.utf8.count > Self.maximumValueBytes {
        throw Invalid(parameter: name, detail: "longer than \(Self.maximumValueBytes) bytes")
      }
    }
    // Search, filters and sort are the core's query, read as the CLI reads its flags.
    let query: TimelineQuery
    let queried = try Self.priorityFields(Self.dayFields(parameters))
    do { query = try TimelineQuery(parameters: queried) } catch {
      throw Invalid(parameter: error.parameter, detail: error.reason.description)
    }
    // Every filter and search word is a condition of the store's query: a bounded number
    // of them (a page offers a few dozen at most) keeps a request's cost bounded.
    guard query.filters.count <= Self.maximumFilters else {
      throw Invalid(parameter: "filter", detail: "at most \(Self.maximumFilters) filters")
    }
    guard TimelineText.searchWords(query.search).count <= Self.maximumSearchWords else {
      throw Invalid(parameter: "q", detail: "at most \(Self.maximumSearchWords) words")
    }
    // One place in the timeline at a time.
    let anchors = parameters.filter {
      ["after", "before", "at", "around"].contains($0.0) && !$0.1.isEmpty
    }
    if anchors.count > 1 {
      throw Invalid(
        parameter: anchors[1].0, detail: "one of after, before, at and around at a time")
    }
    search = query.search
    filters = query.filters
    sort = query.sort
    let hasSortParameter = parameters.contains {
      $0.0 == TimelineQuery.Parameter.sort.rawValue && !$0.1.isEmpty
    }
    choosesSort = hasSortParameter
    var flip: String?
    var move: String?
    var folds: [String] = []
    for (name, value) in parameters {
      switch name {
      case "applied" where readsApplied:
        // The Sort & Filter form without the script sends the view as applied along.
        let fields = FormBody.parse(value)
        _ = try ViewQuery(fields, defaultLimit: defaultLimit, readsApplied: false)
        applied = fields
      case "flip" where !value.isEmpty: flip = value
      case "fold": folds.append(value)
      case "move" where !value.isEmpty: move = value
      case "defaults" where !value.isEmpty:
        // The dialog's Reset without the script: its defaults (no filters, the default
        // sort), the dialog still open; the search is not the dialog's and stays.
        filters = []
        sort = .default
        flipped = true
        choosesSort = true
      case "after": anchor = .after(value)
      case "before": anchor = .before(value)
      case "at" where !value.isEmpty: anchor = .item(value)
      case "view":
        guard value == "list" || value == "timeline" || value.isEmpty else {
          throw Invalid(parameter: "view", detail: "expected timeline or list")
        }
        isList = value == "list"
      case "around" where value != "now" && !value.isEmpty:
        guard let date = Self.instant(value) else {
          throw Invalid(
            parameter: "around", detail: "expected now, YYYY-MM-DD or an RFC 3339 date-time")
        }
        anchor = .date(date)
      case "limit":
        guard let number = Int(value), (1...Self.maximumLimit).contains(number) else {
          throw Invalid(
            parameter: "limit", detail: "expected an integer from 1 to \(Self.maximumLimit)")
        }
        limit = number
      case "now" where !value.isEmpty:
        guard let date = Self.instant(value) else {
          throw Invalid(parameter: "now", detail: "expected an RFC 3339 date-time")
        }
        now = date
        nowText = value
      default: continue
      }
    }
    do { folding = try SectionFolding(parsing: folds) } catch {
      throw Invalid(parameter: "fold", detail: error.description)
    }
    guard folding.keys.count + folding.shown.count <= Self.maximumFilters else {
      throw Invalid(parameter: "fold", detail: "at most \(Self.maximumFilters) sections")
    }
    if let flip {
      // The dialog's direction toggle without the script: that criterion turns (one not
      // chosen yet joins the sort, descending).
      guard let field = SortField(rawValue: flip) else {
        throw Invalid(parameter: "flip", detail: "expected a sort field")
      }
      sort = sort.toggling(field, replacingDefault: !hasSortParameter)
      flipped = true
      choosesSort = true
    }
    if isList,
      let given = parameters.first(where: { Self.timelineOnly.contains($0.0) && !$0.1.isEmpty })
    {
      // As `timeline render --view list`: the list shows every item by date, so a query
      // would be silently ignored; it is refused instead.
      throw Invalid(
        parameter: given.0,
        detail: "applies to the timeline view; the list shows every item by date")
    }
    if let move {
      // A criterion's move button without the script: `FIELD:up` or `FIELD:down`.
      let parts = move.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, let field = SortField(rawValue: String(parts[0])),
        parts[1] == "up" || parts[1] == "down"
      else {
        throw Invalid(parameter: "move", detail: "expected FIELD:up or FIELD:down")
      }
      sort = sort.moving(field, by: parts[1] == "up" ? -1 : 1)
      flipped = true
    }
  }

  /// The parameters with the dialog's day fields (`from=YYYY-MM-DD`, `to=…`, empty when
  /// unset) as the filters they stand for: a day field sent replaces that key's filter.
  static func dayFields(_ parameters: [(String, String)]) throws(Invalid) -> [(String, String)] {
    func dayKey(_ name: String) -> FilterKey? {
      FilterKey(rawValue: name).flatMap { $0 == .from || $0 == .to ? $0 : nil }
    }
    let sent = Set(parameters.compactMap { dayKey($0.0) })
    guard !sent.isEmpty else { return parameters }
    var result: [(String, String)] = []
    for (name, value) in parameters {
      if let key = dayKey(name) {
        guard !value.isEmpty else { continue }
        guard CalendarDay(parsing: value) != nil else {
          throw Invalid(parameter: name, detail: "expected a day, YYYY-MM-DD")
        }
        result.append((TimelineQuery.Parameter.filter.rawValue, key.rawValue + "=" + value))
      } else if name == TimelineQuery.Parameter.filter.rawValue,
        sent.contains(where: { value.hasPrefix($0.rawValue + "=") })
      {
        continue
      } else {
        result.append((name, value))
      }
    }
    return result
  }

  /// The parameters with the dialog's priority range (`priority-from=N`, `priority-to=M`,
  /// either empty for an open end) as the one filter it stands for, `priority=N..M`, in the
  /// fields' place (form order, FFB-6); the dialog sends an applied range only through
  /// these two fields.
  static func priorityFields(_ parameters: [(String, String)]) throws(Invalid) -> [(String, String)]
  {
    var ends: [String: Int] = [:]
    var result: [(String, String)] = []
    var place: Int?
    for (name, value) in parameters {
      guard name == "priority-from" || name == "priority-to" else {
        result.append((name, value))
        continue
      }
      place = place ?? result.count
      let text = value.trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty else { continue }
      guard let number = Int(text) else {
        throw Invalid(parameter: name, detail: "expected an integer")
      }
      ends[name] = number
    }
    if let token = FilterToken.priority(from: ends["priority-from"], to: ends["priority-to"]) {
      let parameter = (TimelineQuery.Parameter.filter.rawValue, token.description)
      if !result.contains(where: { $0 == parameter }) {
        result.insert(parameter, at: place ?? result.count)
      }
    }
    return result
  }

  /// The parameters of a query, which the list does not take.
  static let timelineOnly: Set<String> = Set(
    TimelineQuery.Parameter.allCases.map(\.rawValue)
      + [
        "from", "to", "priority-from", "priority-to", "flip", "move", "defaults", "applied",
        "fold",
      ])

  /// Whether the address changed the dialog's choices in place (a direction turned, a
  /// criterion moved, Reset): the dialog stays open to go on.
  var flipped = false

  /// The view as applied when the Sort & Filter form was sent without the script (its
  /// `applied` field), whose filters and sort are the ones being edited.
  var applied: [(String, String)]?

  /// Whether the Sort & Filter form was sent without a sort criterion (SORT-5): the view
  /// keeps its order, and the dialog stays open and says why.
  var lacksCriterion: Bool { applied != nil && !choosesSort }
  /// Whether the address names a sort: a criterion, a direction turned, or Reset's defaults.
  private var choosesSort = false

  /// What the page shows: the view as applied while its dialog is being edited without the
  /// script (a direction turned, a criterion moved, Reset) or was refused (SORT-5), so that
  /// Cancel leaves it as it was; else this view.
  func shown() throws(Invalid) -> ViewQuery {
    guard let applied, flipped || lacksCriterion else { return self }
    var view = try ViewQuery(applied, defaultLimit: limit, readsApplied: false)
    (view.now, view.nowText, view.anchor) = (now, nowText, anchor)
    return view
  }

  var query: TimelineQuery { TimelineQuery(search: search, filters: filters, sort: sort) }

  /// The parameters that describe the view (not the window's place), to keep in links.
  func viewParameters(
    filters: [FilterToken]? = nil, sort: TimelineCore.SortOrder? = nil,
    folding: SectionFolding? = nil
  ) -> [(String, String)] {
    TimelineQuery(search: search, filters: filters ?? self.filters, sort: sort ?? self.sort)
      .parameters + foldParameter(folding ?? self.folding) + nowParameter
  }

  /// Where an item's page leads back to, in its own links and forms (Back, Save, the status
  /// buttons, Delete): ``viewParameters(filters:sort:folding:)``, and the list when the item
  /// was opened from it. The timeline beside the item keeps its own links.
  var returnParameters: [(String, String)] {
    (isList ? [("view", "list")] : []) + viewParameters()
  }

  /// `fold` for `folding`, none when nothing is folded.
  func foldParameter(_ folding: SectionFolding) -> [(String, String)] {
    folding.isEmpty ? [] : [("fold", folding.description)]
  }

  /// `YYYY-MM-DD` (midnight UTC) or an RFC 3339 date-time, read as the CLI reads `--now`.
  static func instant(_ text: String) -> Date? { RFC3339.instant(text, in: .gmt) }
}
