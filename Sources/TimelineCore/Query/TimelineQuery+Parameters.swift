/// A parameter of a query that could not be read: its name (`q`, `filter`, `sort`, or a
/// CLI flag such as `--filter`) and why.
public struct QueryParameterError: Error, Sendable, Hashable, CustomStringConvertible {
  public var parameter: String
  public var reason: QueryError

  public init(parameter: String, reason: QueryError) {
    self.parameter = parameter
    self.reason = reason
  }

  public var description: String { "\(parameter): \(reason.description)" }
}

extension SortOrder: CustomStringConvertible {
  /// The text `init(parsing:)` reads back: `priority:desc,date` (ascending is implied).
  public var description: String {
    criteria.map { $0.field.rawValue + ($0.direction == .descending ? ":desc" : "") }
      .joined(separator: ",")
  }

  /// The order with `field` turned: its direction toggles, or, not chosen yet, it joins the
  /// criteria descending (the dialog's direction toggle as a link). `replacingDefault`
  /// starts from no criteria instead of the default date order, for a sort not yet chosen.
  public func toggling(_ field: SortField, replacingDefault: Bool = false) -> SortOrder {
    var criteria = replacingDefault && isDefault ? [] : self.criteria
    if let index = criteria.firstIndex(where: { $0.field == field }) {
      criteria[index].direction = criteria[index].direction.toggled
    } else {
      criteria.append(SortCriterion(field, .descending))
    }
    return SortOrder(criteria)
  }

  /// The order with the criterion of `field` moved one place earlier (`by: -1`) or later
  /// (`by: 1`) among the criteria (the dialog's move buttons without the script); the same
  /// order when it is not chosen or already at that end.
  public func moving(_ field: SortField, by offset: Int) -> SortOrder {
    guard let index = criteria.firstIndex(where: { $0.field == field }) else { return self }
    let target = index + (offset < 0 ? -1 : 1)
    guard criteria.indices.contains(target) else { return self }
    var criteria = self.criteria
    criteria.swapAt(index, target)
    return SortOrder(criteria)
  }
}

extension TimelineQuery {
  /// The names of the query's parameters in an address: `q` (search), `filter` (repeated,
  /// `KEY=VALUE`) and `sort` (`priority:desc,date`; repeated parts are joined).
  public enum Parameter: String, Sendable, CaseIterable {
    case search = "q"
    case filter, sort
  }

  /// Reads a query from its texts as the CLI flags and an address give them: the search,
  /// `KEY=VALUE` filters and a sort such as `priority:desc,date`. Empty texts mean nothing.
  public init(search: String?, filters: [String], sort: String?) throws(QueryParameterError) {
    var tokens: [FilterToken] = []
    for text in filters where !text.isEmpty {
      do { tokens.append(try FilterToken(parsing: text)) } catch {
        throw QueryParameterError(parameter: Parameter.filter.rawValue, reason: error)
      }
    }
    var order = SortOrder.default
    if let sort, !sort.isEmpty {
      do { order = try SortOrder(parsing: sort) } catch {
        throw QueryParameterError(parameter: Parameter.sort.rawValue, reason: error)
      }
    }
    self.init(search: search ?? "", filters: tokens, sort: order)
  }

  /// Reads a query from an address's query items (`q`, `filter`, `sort`); other names are
  /// left to the caller.
  public init(parameters: some Sequence<(String, String)>) throws(QueryParameterError) {
    var search: String?
    var filters: [String] = []
    var sortParts: [String] = []
    for (name, value) in parameters {
      switch Parameter(rawValue: name) {
      case .search?: search = value
      case .filter?: filters.append(value)
      case .sort? where !value.isEmpty: sortParts.append(value)
      default: continue
      }
    }
    try self.init(
      search: search, filters: filters,
      sort: sortParts.isEmpty ? nil : sortParts.joined(separator: ","))
  }

  /// The query as address parameters, which `init(parameters:)` reads back: what is the
  /// default (no search, no filters, the date order) is left out.
  public var parameters: [(String, String)] {
    var result: [(String, String)] = []
    if !search.isEmpty { result.append((Parameter.search.rawValue, search)) }
    for token in filters { result.append((Parameter.filter.rawValue, token.description)) }
    if !sort.isDefault { result.append((Parameter.sort.rawValue, sort.description)) }
    return result
  }
}
