extension SortFilterDialog {
  /// The Sort & Filter dialog of a timeline: status and type as checkbox groups (in form
  /// order), the multi-criteria sort, with `filters` and `sort` applied and its groups
  /// named in the language of `strings`.
  public static func standard(
    filters: [FilterToken], sort: SortOrder, strings: ControlStrings
  ) -> SortFilterDialog {
    func field(_ key: FilterKey, _ title: String, _ values: [String]) -> Field {
      let options = values.compactMap { try? FilterToken(key, $0) }
      return Field(
        key: key, title: title, options: options, selected: filters.filter { options.contains($0) })
    }
    return SortFilterDialog(
      fields: [
        field(.status, strings.status, ItemStatus.allCases.map(\.rawValue)),
        field(.kind, strings.type, ItemKind.allCases.map(\.rawValue)),
      ],
      sort: MultiSortModel(order: sort))
  }
}
