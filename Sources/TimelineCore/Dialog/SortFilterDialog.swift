/// The Sort & Filter dialog: filter fields in form order and the multi-criteria sort, each
/// a `DialogItem`, with the dialog's derived Apply and Reset states.
///
/// ```swift
/// var dialog = SortFilterDialog(fields: [.init(key: .status, title: "Status", options: open + done)])
/// dialog.fields[0].item.workingValue = [open]
/// dialog.canApply   // true
/// dialog.apply()
/// dialog.appliedFilters  // [status=open]
/// ```
public struct SortFilterDialog: Hashable, Sendable {
  /// One filter of the form: the values offered and the ones chosen.
  public struct Field: Hashable, Sendable {
    public var key: FilterKey
    public var title: String
    /// The values offered, in the form's order.
    public var options: [FilterToken]
    /// The chosen values.
    public var item: DialogItem<[FilterToken]>

    public init(key: FilterKey, title: String, options: [FilterToken], selected: [FilterToken] = [])
    {
      self.key = key
      self.title = title
      self.options = options
      item = DialogItem(value: selected, original: [])
    }
  }

  /// The filter fields, in form order.
  public var fields: [Field]
  /// The sort control.
  public var sort: DialogItem<MultiSortModel>

  public init(fields: [Field], sort: MultiSortModel = MultiSortModel()) {
    self.fields = fields
    self.sort = DialogItem(value: sort, original: MultiSortModel())
  }

  private var controls: [any DialogControl] { fields.map(\.item) + [sort] }

  /// Apply is enabled when an edit differs from what is applied and the sort is valid.
  public var canApply: Bool { controls.contains { $0.isChanged } && sort.workingValue.isValid }
  /// Reset is enabled when an edit differs from the defaults.
  public var canReset: Bool { controls.contains { !$0.isOriginal } }

  /// Applies every edit.
  public mutating func apply() { forEachControl { $0.apply() } }
  /// Drops every edit.
  public mutating func cancel() { forEachControl { $0.cancel() } }
  /// Returns every edit to its default.
  public mutating func reset() { forEachControl { $0.reset() } }

  /// The applied filters in form order (FFB-6).
  public var appliedFilters: [FilterToken] { fields.flatMap(\.item.value) }
  /// The applied sort; the last valid one while nothing is selected (SORT-5).
  public var appliedSort: SortOrder { sort.value.effectiveOrder }

  private mutating func forEachControl(_ body: (inout any DialogControl) -> Void) {
    for index in fields.indices {
      var control: any DialogControl = fields[index].item
      body(&control)
      if let item = control as? DialogItem<[FilterToken]> { fields[index].item = item }
    }
    var control: any DialogControl = sort
    body(&control)
    if let item = control as? DialogItem<MultiSortModel> { sort = item }
  }
}
