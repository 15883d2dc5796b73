import Testing
import TimelineCore

@Suite("Sort & Filter dialog items and dialog state")
struct DialogTests {
  static let open = try! FilterToken(parsing: "status=open")
  static let done = try! FilterToken(parsing: "status=completed")

  enum Operation: CaseIterable {
    case chooseOpen, chooseDone, clear, sortByTitle, deselectDate, apply, cancel, reset
  }

  /// The reference: applied and working values of the one filter field and the sort.
  struct Reference {
    var filter: [FilterToken] = []
    var workingFilter: [FilterToken] = []
    var sort = MultiSortModel()
    var workingSort = MultiSortModel()
    mutating func perform(_ operation: Operation) {
      switch operation {
      case .chooseOpen: workingFilter = [DialogTests.open]
      case .chooseDone: workingFilter = [DialogTests.done]
      case .clear: workingFilter = []
      case .sortByTitle: workingSort.toggleSelection(.title)
      case .deselectDate: workingSort.toggleSelection(.date)
      case .apply:
        filter = workingFilter
        sort = workingSort
      case .cancel:
        workingFilter = filter
        workingSort = sort
      case .reset:
        workingFilter = []
        workingSort = MultiSortModel()
      }
    }
  }

  static func perform(_ operation: Operation, on dialog: inout SortFilterDialog) {
    switch operation {
    case .chooseOpen: dialog.fields[0].item.workingValue = [open]
    case .chooseDone: dialog.fields[0].item.workingValue = [done]
    case .clear: dialog.fields[0].item.workingValue = []
    case .sortByTitle: dialog.sort.workingValue.toggleSelection(.title)
    case .deselectDate: dialog.sort.workingValue.toggleSelection(.date)
    case .apply: dialog.apply()
    case .cancel: dialog.cancel()
    case .reset: dialog.reset()
    }
  }

  @Test func sort5_ffb6_everySequenceOfUpToFourDialogOperationsMatchesTheReference() {
    var count = 0
    func explore(_ dialog: SortFilterDialog, _ reference: Reference, depth: Int) {
      guard depth < 4 else { return }
      for operation in Operation.allCases {
        var next = dialog
        var nextReference = reference
        Self.perform(operation, on: &next)
        nextReference.perform(operation)
        count += 1
        #expect(next.appliedFilters == nextReference.filter)
        #expect(next.fields[0].item.workingValue == nextReference.workingFilter)
        #expect(next.sort.workingValue == nextReference.workingSort)
        let changed =
          nextReference.workingFilter != nextReference.filter
          || nextReference.workingSort != nextReference.sort
        #expect(next.canApply == (changed && nextReference.workingSort.isValid))
        #expect(
          next.canReset
            == (!nextReference.workingFilter.isEmpty
              || nextReference.workingSort != MultiSortModel()))
        #expect(!next.appliedSort.criteria.isEmpty, "a sort is always applied")
        explore(next, nextReference, depth: depth + 1)
      }
    }
    explore(
      SortFilterDialog(fields: [
        .init(key: .status, title: "Status", options: [Self.open, Self.done])
      ]), Reference(), depth: 0)
    #expect(count == 8 + 64 + 512 + 4096)
  }

  @Test func dialogItemDerivesChangedAndOriginal() {
    var item = DialogItem(0)
    #expect(!item.isChanged && item.isOriginal)
    item.workingValue = 3
    #expect(item.isChanged && !item.isOriginal)
    item.apply()
    #expect(item.value == 3 && !item.isChanged && !item.isOriginal)
    item.reset()
    #expect(item.workingValue == 0 && item.isChanged && item.isOriginal)
    item.cancel()
    #expect(item.workingValue == 3)
  }
}
