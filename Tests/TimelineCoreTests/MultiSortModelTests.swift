import SnapshotTesting
import Testing
import TimelineCore

/// Every sequence of up to 4 operations on a three-criteria sort, checked step by step
/// against a reference written here and against the invariants of SORT-1 … SORT-5.
@Suite("SORT-1 … SORT-5 multi-criteria sort model")
struct MultiSortModelTests {
  enum Operation: CustomStringConvertible, CaseIterable {
    case toggle(SortField)
    case direction(SortField)
    case up(SortField)
    case down(SortField)
    case top(SortField)
    static let fields: [SortField] = [.date, .title, .priority]
    static var allCases: [Operation] {
      fields.flatMap { [.toggle($0), .direction($0), .up($0), .down($0), .top($0)] }
    }
    var description: String {
      switch self {
      case .toggle(let f): "toggle(\(f))"
      case .direction(let f): "direction(\(f))"
      case .up(let f): "up(\(f))"
      case .down(let f): "down(\(f))"
      case .top(let f): "moveToTop(\(f))"
      }
    }
  }

  /// The reference: a list of (field, selected, descending) and the last valid order.
  struct Reference: Equatable {
    var rows: [(field: SortField, selected: Bool, descending: Bool)]
    var lastValid: [SortCriterion]

    static func == (a: Reference, b: Reference) -> Bool {
      a.rows.map { "\($0.field)\($0.selected)\($0.descending)" }
        == b.rows.map { "\($0.field)\($0.selected)\($0.descending)" }
        && a.lastValid == b.lastValid
    }

    var selected: [SortCriterion] {
      rows.filter(\.selected).map {
        SortCriterion($0.field, $0.descending ? .descending : .ascending)
      }
    }

    mutating func perform(_ operation: Operation) {
      func at(_ field: SortField) -> Int { rows.firstIndex { $0.field == field }! }
      switch operation {
      case .toggle(let f): rows[at(f)].selected.toggle()
      case .direction(let f): if rows[at(f)].selected { rows[at(f)].descending.toggle() }
      case .up(let f):
        let i = at(f)
        if rows[i].selected, i > 0 { rows.swapAt(i, i - 1) }
      case .down(let f):
        let i = at(f)
        if rows[i].selected, i < rows.count - 1 { rows.swapAt(i, i + 1) }
      case .top(let f):
        let i = at(f)
        if rows[i].selected { rows.insert(rows.remove(at: i), at: 0) }
      }
      if !selected.isEmpty { lastValid = selected }
    }
  }

  static func apply(_ operation: Operation, to model: inout MultiSortModel) {
    switch operation {
    case .toggle(let f): model.toggleSelection(f)
    case .direction(let f): model.toggleDirection(f)
    case .up(let f): model.moveUp(f)
    case .down(let f): model.moveDown(f)
    case .top(let f): model.move(f, to: 0)
    }
  }

  static func initial() -> (MultiSortModel, Reference) {
    (
      MultiSortModel(fields: Operation.fields),
      Reference(
        rows: [(.date, true, false), (.title, false, false), (.priority, false, false)],
        lastValid: [SortCriterion(.date)])
    )
  }

  static func describe(_ model: MultiSortModel) -> String {
    model.options.map { option in
      (option.isSelected ? "[x] " : "[ ] ") + "\(option.field)"
        + (option.isSelected
          ? " ≡ " + MultiSortModel.directionLabel(option.field, option.direction, strings: .english)
          : "")
    }.joined(separator: " | ") + (model.errorMessage.map { "  ⚠ " + $0 } ?? "")
  }

  func checkInvariants(_ before: MultiSortModel, _ operation: Operation, _ after: MultiSortModel) {
    // SORT-2: only selected options have a handle.
    #expect(after.options.allSatisfy { $0.hasDragHandle == $0.isSelected })
    // SORT-3: selecting or deselecting leaves every option where it is.
    if case .toggle = operation {
      #expect(after.options.map(\.field) == before.options.map(\.field))
    }
    // SORT-2: unselected options never move.
    if case .up(let f) = operation,
      before.options.first(where: { $0.field == f })?.isSelected == false
    {
      #expect(after == before)
    }
    // SORT-5: at least one criterion is always applied; the error shows when none is selected.
    #expect(!after.effectiveOrder.criteria.isEmpty)
    #expect((after.errorMessage != nil) == !after.isValid)
    if after.isValid { #expect(after.effectiveOrder == after.sortOrder) }
  }

  @Test func sort1_sort2_sort3_sort5_everySequenceOfUpToFourOperationsMatchesTheReference() {
    let operations = Operation.allCases
    var sequences = 0
    func explore(_ model: MultiSortModel, _ reference: Reference, depth: Int) {
      guard depth < 4 else { return }
      for operation in operations {
        var next = model
        var nextReference = reference
        Self.apply(operation, to: &next)
        nextReference.perform(operation)
        sequences += 1
        #expect(next.options.map(\.field) == nextReference.rows.map(\.field))
        #expect(next.options.map(\.isSelected) == nextReference.rows.map(\.selected))
        #expect(next.sortOrder.criteria == nextReference.selected)
        #expect(
          next.effectiveOrder.criteria
            == (nextReference.selected.isEmpty ? nextReference.lastValid : nextReference.selected))
        checkInvariants(model, operation, next)
        explore(next, nextReference, depth: depth + 1)
      }
    }
    let (model, reference) = Self.initial()
    explore(model, reference, depth: 0)
    #expect(sequences == 15 + 15 * 15 + 15 * 15 * 15 + 15 * 15 * 15 * 15)
  }

  @Test func sort4_directionLabelsDescribeTheOrderInContext() {
    #expect(MultiSortModel.directionLabel(.date, .ascending, strings: .english) == "Oldest first")
    #expect(MultiSortModel.directionLabel(.date, .descending, strings: .english) == "Newest first")
    #expect(MultiSortModel.directionLabel(.title, .ascending, strings: .english) == "A to Z")
    #expect(MultiSortModel.directionLabel(.title, .descending, strings: .english) == "Z to A")
    #expect(
      MultiSortModel.directionLabel(.priority, .ascending, strings: .english) == "Low to High")
    #expect(
      MultiSortModel.directionLabel(.priority, .descending, strings: .english) == "High to Low")
  }

  @Test func sort5_deselectingEverythingKeepsTheLastValidOrder() {
    var model = MultiSortModel(
      fields: [.date, .priority], order: SortOrder([SortCriterion(.priority, .descending)]))
    model.deselect(.priority)
    #expect(model.errorMessage == "Select at least one criterion")
    #expect(model.effectiveOrder == SortOrder([SortCriterion(.priority, .descending)]))
  }

  @Test func sort1_sort2_transitionTable() {
    // Every state reachable in two operations, with every operation's result.
    var seen: [String: MultiSortModel] = [:]
    var frontier = [Self.initial().0]
    for _ in 0..<2 {
      var next: [MultiSortModel] = []
      for model in frontier where seen[Self.describe(model)] == nil {
        seen[Self.describe(model)] = model
        for operation in Operation.allCases {
          var copy = model
          Self.apply(operation, to: &copy)
          next.append(copy)
        }
      }
      frontier = next
    }
    var table = ""
    for key in seen.keys.sorted() {
      table += key + "\n"
      for operation in Operation.allCases {
        var copy = seen[key]!
        Self.apply(operation, to: &copy)
        let result = Self.describe(copy)
        table += "  \(operation) → " + (result == key ? "(unchanged)" : result) + "\n"
      }
    }
    assertSnapshot(of: table, as: .lines)
  }
}
