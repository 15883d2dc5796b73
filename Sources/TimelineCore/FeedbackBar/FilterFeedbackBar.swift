import Foundation

/// The filter feedback bar (FFB-1 … FFB-10): chips for the sort, the active filters and the
/// inactive fast filters, computed from state. Toggling a chip is one function from state
/// to state; the chip list is derived again from the new state.
///
/// ```swift
/// let bar = FilterFeedbackBar(fastFilters: [.init(open), .init(done)])
/// let next = bar.toggling(done)       // done becomes active, moves left (FFB-4)
/// next.chips(context: context).map(\.text)   // ["Completed", "Open"]
/// ```
public struct FilterFeedbackBar: Hashable, Sendable {
  /// A filter offered as a chip even when inactive (FFB-3).
  public struct FastFilter: Hashable, Sendable {
    public var token: FilterToken
    /// The chip opens a wider selection: a bottom sheet on compact widths, a dialog on
    /// regular widths (FFB-8).
    public var hasExtendedSelection: Bool

    public init(_ token: FilterToken, hasExtendedSelection: Bool = false) {
      self.token = token
      self.hasExtendedSelection = hasExtendedSelection
    }
  }

  /// The fast filters in their defined order.
  public var fastFilters: [FastFilter]
  /// The applied filters, in chip order.
  public private(set) var activeFilters: [FilterToken]
  /// The applied sort.
  public var sort: SortOrder
  /// The sort that is never shown as a chip (FFB-2).
  public var defaultSort: SortOrder
  /// Whether the counter chip is shown in front (FFB-9).
  public var showsCounter: Bool

  public init(
    fastFilters: [FastFilter], activeFilters: [FilterToken] = [], sort: SortOrder = .default,
    defaultSort: SortOrder = .default, showsCounter: Bool = false
  ) {
    self.fastFilters = fastFilters
    var unique: [FilterToken] = []
    for token in activeFilters where !unique.contains(token) { unique.append(token) }
    self.activeFilters = unique
    self.sort = sort
    self.defaultSort = defaultSort
    self.showsCounter = showsCounter
  }

  /// Visible by default with fast filters; otherwise once a filter or a non-default sort
  /// is applied (FFB-10).
  public var isVisible: Bool {
    !fastFilters.isEmpty || !activeFilters.isEmpty || sort != defaultSort
  }

  /// Whether a page shows the bar while `search` is applied: as ``isVisible`` says, and
  /// also for a search, whose match count the bar carries.
  public func isShown(search: String) -> Bool { isVisible || !search.isEmpty }

  /// The bar after a chip for `token` is tapped: an active filter is removed (a fast filter
  /// returns to its place among the inactive ones, FFB-5; another one disappears, FFB-6);
  /// an inactive fast filter becomes active, right of the active ones (FFB-4).
  public func toggling(_ token: FilterToken) -> FilterFeedbackBar {
    var next = self
    if let index = next.activeFilters.firstIndex(of: token) {
      next.activeFilters.remove(at: index)
    } else if fastFilters.contains(where: { $0.token == token }) {
      next.activeFilters.append(token)
    }
    return next
  }

  /// The bar after a chip's selection view (FFB-8) chose `tokens` among the values of `key`:
  /// the key's active filters give way to the chosen ones, in the selection's order, where
  /// the key's first active filter stood (else right of the active ones, FFB-4). Filters of
  /// other keys stay as they are.
  ///
  /// ```swift
  /// let bar = FilterFeedbackBar(fastFilters: [.init(open, hasExtendedSelection: true)])
  /// bar.selecting([open, done], for: .status).activeFilters   // [open, done]
  /// ```
  public func selecting(_ tokens: [FilterToken], for key: FilterKey) -> FilterFeedbackBar {
    var next = self
    let place = activeFilters.firstIndex { $0.key == key } ?? activeFilters.count
    let before = activeFilters[..<place].filter { $0.key != key }
    let after = activeFilters[place...].filter { $0.key != key }
    var chosen: [FilterToken] = []
    for token in tokens where token.key == key && !chosen.contains(token) { chosen.append(token) }
    next.activeFilters = before + chosen + after
    return next
  }

  /// The keys whose fast-filter chips open a selection view (FFB-8), in chip order.
  public var selectionKeys: [FilterKey] {
    var keys: [FilterKey] = []
    for fast in fastFilters where fast.hasExtendedSelection && !keys.contains(fast.token.key) {
      keys.append(fast.token.key)
    }
    return keys
  }

  /// The bar after the Sort & Filter dialog applied `filters` (in form order) and `sort`
  /// (FFB-6).
  public func applying(filters: [FilterToken], sort: SortOrder) -> FilterFeedbackBar {
    FilterFeedbackBar(
      fastFilters: fastFilters, activeFilters: filters, sort: sort, defaultSort: defaultSort,
      showsCounter: showsCounter)
  }

  /// The query the bar stands for, with `search`.
  public func query(search: String = "") -> TimelineQuery {
    TimelineQuery(search: search, filters: activeFilters, sort: sort)
  }
}

/// How a chip's wider selection is presented (FFB-8).
public enum ExtendedSelectionStyle: String, Sendable, Hashable {
  case bottomSheet, dialog

  /// A bottom sheet on compact widths, a dialog on regular widths.
  public init(_ size: PreviewSize) { self = size == .compact ? .bottomSheet : .dialog }
}
