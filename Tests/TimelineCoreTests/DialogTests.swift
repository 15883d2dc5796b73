import Foundation
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

  @Test func sort3_aCriterionMovesOnePlaceAndStopsAtTheEnds() throws {
    let order = try SortOrder(parsing: "priority:desc,date,title")
    #expect(order.moving(.date, by: -1) == (try SortOrder(parsing: "date,priority:desc,title")))
    #expect(order.moving(.date, by: 1) == (try SortOrder(parsing: "priority:desc,title,date")))
    #expect(order.moving(.priority, by: -1) == order)
    #expect(order.moving(.title, by: 1) == order)
    #expect(order.moving(.status, by: -1) == order, "a criterion not chosen does not move")
  }

  @Test func ffb6_theStandardDialogKeepsAppliedFiltersItDoesNotOffer() throws {
    let nowhere = try FilterToken(parsing: "attribute=Nowhere")
    let dialog = SortFilterDialog.standard(
      filters: [nowhere], sort: .default, strings: .english, attributes: ["Line 4"])
    let attribute = try #require(dialog.fields.first { $0.key == .attribute })
    #expect(attribute.options.map(\.value) == ["Line 4", "Nowhere"])
    #expect(attribute.item.value == [nowhere])
  }

  @Test func web2_thePriorityRangeHoldsTheOneAppliedPriorityFilter() throws {
    let range = try FilterToken(parsing: "priority=2..4")
    let offered = [1, 2, 7]
    // One filter: its ends fill the range's two fields; no checkbox group.
    let dialog = SortFilterDialog.standard(filters: [range], sort: .default, strings: .english)
    #expect(dialog.fields.map(\.key) == [.status, .kind])
    #expect(
      SortFilterDialog.priorityRange(in: [range], offered: offered)
        == .init(lowest: 1, highest: 7, from: 2, to: 4))
    // Open ends stay empty; a single value fills both.
    let atLeast = try FilterToken(parsing: "priority=4..")
    #expect(
      SortFilterDialog.priorityRange(in: [atLeast], offered: offered)
        == .init(lowest: 1, highest: 7, from: 4, to: nil))
    let three = try FilterToken(parsing: "priority=3")
    #expect(SortFilterDialog.priorityRange(in: [three], offered: [])?.token == three)
    // Nothing applied: the bounds only; no priorities at all: no range.
    #expect(
      SortFilterDialog.priorityRange(in: [], offered: offered) == .init(lowest: 1, highest: 7))
    #expect(SortFilterDialog.priorityRange(in: [], offered: []) == nil)
    // Several (typed into an address) cannot be one range: they stay a group, ticked, and
    // the range's fields stay empty.
    let several = SortFilterDialog.standard(
      filters: [three, range], sort: .default, strings: .english)
    let group = try #require(several.fields.first { $0.key == .priority })
    #expect(group.item.value == [three, range])
    #expect(
      SortFilterDialog.priorityRange(in: [three, range], offered: offered)
        == .init(lowest: 1, highest: 7))
  }

  @Test func web2_aPriorityRangeIsWrittenInItsShortestSpelling() throws {
    #expect(FilterToken.priority(from: 2, to: 5)?.value == "2..5")
    #expect(FilterToken.priority(from: 5, to: 2)?.value == "2..5", "ends read in order")
    #expect(FilterToken.priority(from: 3, to: 3)?.value == "3")
    #expect(FilterToken.priority(from: 4, to: nil)?.value == "4..")
    #expect(FilterToken.priority(from: nil, to: -2)?.value == "..-2")
    #expect(FilterToken.priority(from: nil, to: nil) == nil)
  }

  @Test func web2_attributesAreOfferedInCodePointOrderAtMostFifty() {
    let items = (0..<80).map { index in
      TimelineItem(
        id: "i\(index)", title: "Item", start: .day(CalendarDay(year: 2026, month: 1, day: 1)!),
        attributes: ["Attr \(String(format: "%02d", 79 - index))", "Émile", "apple"])
    }
    let offered = SortFilterDialog.options(for: items).attributes
    #expect(offered.count == 50)
    #expect(offered.first == "Attr 00")
    #expect(
      offered == offered.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    #expect(!offered.contains("apple"), "lower case comes after the fiftieth upper-case value")
  }
}
