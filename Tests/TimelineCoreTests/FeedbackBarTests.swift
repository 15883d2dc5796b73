import SnapshotTesting
import Testing
import TimelineCore
import _TimelineTestSupport

/// Every sequence of up to 4 chip taps and dialog applications, checked against a reference
/// and the order rules of FFB-2, FFB-3 and FFB-5 after every step.
@Suite("FFB-1 … FFB-10 filter feedback bar")
struct FeedbackBarTests {
  static let open = try! FilterToken(parsing: "status=open")
  static let done = try! FilterToken(parsing: "status=completed")
  static let video = try! FilterToken(parsing: "attribute=Video")
  static let urgent = try! FilterToken(parsing: "priority=4..5")
  static let fast = [open, done, video]
  static let context = Fixtures.context()

  enum Operation: CustomStringConvertible {
    case tap(FilterToken)
    case dialog([FilterToken], SortOrder)
    var description: String {
      switch self {
      case .tap(let token): "tap(\(token))"
      case .dialog(let tokens, let sort):
        "dialog([\(tokens.map(\.description).joined(separator: ","))], \(sort.isDefault ? "default" : "priority"))"
      }
    }
    static let all: [Operation] = [
      .tap(open), .tap(done), .tap(video), .tap(urgent),
      .dialog([urgent, open], .default),
      .dialog([done], SortOrder([SortCriterion(.priority, .descending)])),
    ]
  }

  /// The reference: the active list and the sort.
  struct Reference {
    var active: [FilterToken] = []
    var sorted = false
    mutating func perform(_ operation: Operation) {
      switch operation {
      case .tap(let token):
        if let index = active.firstIndex(of: token) {
          active.remove(at: index)
        } else if FeedbackBarTests.fast.contains(token) {
          active.append(token)
        }
      case .dialog(let tokens, let sort):
        active = tokens
        sorted = !sort.isDefault
      }
    }
    var expectedTexts: [String] {
      var texts: [String] = []
      if sorted { texts.append("Sort By: Priority, High to Low") }
      texts += active.map(Self.text)
      texts += FeedbackBarTests.fast.filter { !active.contains($0) }.map(Self.text)
      return texts
    }
    static func text(_ token: FilterToken) -> String {
      switch token.value {
      case "open": "Open"
      case "completed": "Completed"
      case "Video": "Video"
      default: "Priority: 4–5"
      }
    }
  }

  static func apply(_ operation: Operation, to bar: FilterFeedbackBar) -> FilterFeedbackBar {
    switch operation {
    case .tap(let token): bar.toggling(token)
    case .dialog(let tokens, let sort): bar.applying(filters: tokens, sort: sort)
    }
  }

  func checkInvariants(_ bar: FilterFeedbackBar) {
    let chips = bar.chips(context: Self.context)
    // FFB-2: the sort chip, when shown, is the very first and selected; active before inactive.
    if let sortIndex = chips.firstIndex(where: { $0.kind == .sort }) { #expect(sortIndex == 0) }
    let selected = chips.map(\.isSelected)
    #expect(selected == selected.sorted { $0 && !$1 }, "active chips stand left of inactive ones")
    // FFB-3: inactive chips are fast filters, in their defined order.
    let inactive = chips.filter { !$0.isSelected }.compactMap(\.token)
    #expect(inactive == Self.fast.filter { inactive.contains($0) })
    #expect(inactive.count == chips.filter { !$0.isSelected }.count)
    // FFB-8: a checkmark exactly on selected chips.
    #expect(chips.allSatisfy { $0.showsCheckmark == $0.isSelected })
    // FFB-10: visible with fast filters.
    #expect(bar.isVisible)
  }

  @Test func ffb2_ffb3_ffb4_ffb5_ffb6_everySequenceOfUpToFourOperationsMatchesTheReference() {
    var sequences = 0
    func explore(_ bar: FilterFeedbackBar, _ reference: Reference, depth: Int) {
      guard depth < 4 else { return }
      for operation in Operation.all {
        let next = Self.apply(operation, to: bar)
        var nextReference = reference
        nextReference.perform(operation)
        sequences += 1
        #expect(
          next.chips(context: Self.context).map(\.text) == nextReference.expectedTexts,
          "\(operation)")
        checkInvariants(next)
        explore(next, nextReference, depth: depth + 1)
      }
    }
    explore(FilterFeedbackBar(fastFilters: Self.fast.map { .init($0) }), Reference(), depth: 0)
    #expect(sequences == 6 + 36 + 216 + 1296)
  }

  @Test func ffb4_ffb5_activatingMovesLeftAndDeactivatingReturnsToItsPlace() {
    let bar = FilterFeedbackBar(fastFilters: Self.fast.map { .init($0) })
    #expect(bar.chips(context: Self.context).map(\.text) == ["Open", "Completed", "Video"])
    let video = bar.toggling(Self.video)
    #expect(video.chips(context: Self.context).map(\.text) == ["Video", "Open", "Completed"])
    #expect(video.chips(context: Self.context).map(\.isSelected) == [true, false, false])
    let both = video.toggling(Self.done)
    #expect(both.chips(context: Self.context).map(\.text) == ["Video", "Completed", "Open"])
    #expect(
      both.toggling(Self.video).chips(context: Self.context).map(\.text) == [
        "Completed", "Open", "Video",
      ])
  }

  @Test func ffb6_removingANonFastFilterMakesItDisappear() {
    let bar = FilterFeedbackBar(fastFilters: Self.fast.map { .init($0) }).applying(
      filters: [Self.urgent], sort: .default)
    #expect(
      bar.chips(context: Self.context).map(\.text) == [
        "Priority: 4–5", "Open", "Completed", "Video",
      ])
    #expect(
      bar.toggling(Self.urgent).chips(context: Self.context).map(\.text) == [
        "Open", "Completed", "Video",
      ])
  }

  @Test func sort7_theSortChipNamesTheFirstCriterionWithADirectionThatIsNotItsDefault() throws {
    func chip(_ sort: String, _ locale: String = "en_US") throws -> String {
      let bar = FilterFeedbackBar(fastFilters: [], sort: try SortOrder(parsing: sort))
      let context = Fixtures.context(locale: locale)
      return try #require(bar.chips(context: context).first { $0.kind == .sort }).text
    }
    #expect(try chip("title:desc") == "Sort By: Title, Z to A")
    #expect(try chip("title") == "Sort By: Title", "ascending is the default")
    #expect(try chip("priority:desc,date") == "Sort By: Priority, High to Low")
    #expect(try chip("status:desc,title") == "Sort By: Status, Completed first")
    #expect(try chip("date:desc") == "Sort By: Date, Newest first")
    #expect(try chip("title:desc", "de_DE") == "Sortiert nach: Titel, Z bis A")
  }

  @Test func ffb7_ambiguousValuesCarryAPrefix() {
    let bar = FilterFeedbackBar(
      fastFilters: [],
      activeFilters: [
        try! FilterToken(parsing: "from=2026-11-01"), try! FilterToken(parsing: "to=2026-11-30"),
        try! FilterToken(parsing: "kind=start"), try! FilterToken(parsing: "priority=2..5"),
        try! FilterToken(parsing: "priority=4.."), try! FilterToken(parsing: "priority=..1"),
        try! FilterToken(parsing: "priority=3"),
      ])
    #expect(
      bar.chips(context: Self.context).map(\.text) == [
        "From: Nov 1, 2026", "To: Nov 30, 2026", "Start", "Priority: 2–5", "Priority: ≥ 4",
        "Priority: ≤ 1", "Priority: 3",
      ])
  }

  @Test func ffb8_chipAnatomyAndExtendedSelection() {
    let bar = FilterFeedbackBar(
      fastFilters: [.init(Self.open, hasExtendedSelection: true), .init(Self.done)],
      sort: SortOrder([SortCriterion(.title)]))
    let chips = bar.chips(context: Self.context)
    #expect(chips.map(\.kind) == [.sort, .filter, .filter])
    #expect(chips.map(\.showsDisclosure) == [true, true, false])
    #expect(chips.map(\.showsCheckmark) == [true, false, false])
    #expect(ExtendedSelectionStyle(.compact) == .bottomSheet)
    #expect(ExtendedSelectionStyle(.regular) == .dialog)
  }

  @Test func ffb8_aSelectionReplacesItsKeysFiltersWhereTheFirstStood() throws {
    let active = try FilterToken(parsing: "status=inProgress")
    let bar = FilterFeedbackBar(
      fastFilters: [.init(Self.open, hasExtendedSelection: true), .init(Self.video)],
      activeFilters: [Self.urgent, active, Self.video])
    #expect(bar.selectionKeys == [.status])
    let chosen = bar.selecting([Self.done, Self.open, Self.video], for: .status)
    // The key's filters stand where its first one stood; other keys keep their place, and a
    // token of another key in the choice is not taken.
    #expect(chosen.activeFilters == [Self.urgent, Self.done, Self.open, Self.video])
    #expect(bar.selecting([], for: .status).activeFilters == [Self.urgent, Self.video])
    // With nothing of the key applied, the choice goes right of the applied ones (FFB-4).
    let fresh = FilterFeedbackBar(fastFilters: bar.fastFilters, activeFilters: [Self.video])
    #expect(fresh.selecting([Self.open], for: .status).activeFilters == [Self.video, Self.open])
    let chips = chosen.chips(context: Self.context)
    #expect(chips.map(\.selectionKey) == [nil, nil, .status, nil])
  }

  @Test func ffb8_theSelectionViewOffersEveryValueOfTheKey() throws {
    let strings = ControlStrings.english
    let extra = try FilterToken(parsing: "attribute=Dock B")
    let bar = FilterFeedbackBar(
      fastFilters: [.init(extra, hasExtendedSelection: true)], activeFilters: [Self.open])
    let dialog = SortFilterDialog.standard(
      filters: [Self.open], sort: .default, strings: strings, attributes: ["Video"])
    let status = try #require(dialog.selection(for: .status, bar: bar, strings: strings))
    #expect(status.title == "Status")
    #expect(status.options.count == ItemStatus.allCases.count)
    #expect(status.item.workingValue == [Self.open])
    // A fast filter's value the items do not offer is offered too.
    let attribute = try #require(dialog.selection(for: .attribute, bar: bar, strings: strings))
    #expect(attribute.options == [Self.video, extra])
    #expect(dialog.selection(for: .from, bar: bar, strings: strings) == nil)
  }

  @Test func ffb9_counterChipInFrontAndMatchCount() {
    let bar = FilterFeedbackBar(
      fastFilters: Self.fast.map { .init($0) }, activeFilters: [Self.open, Self.urgent],
      showsCounter: true)
    let chips = bar.chips(context: Self.context)
    #expect(chips.first?.kind == .counter)
    #expect(chips.first?.text == "2")
    #expect(FilterFeedbackBar.matchLabel(12, strings: .english) == "12 results")
    #expect(FilterFeedbackBar.matchLabel(1, strings: .english) == "1 result")
  }

  @Test func ffb10_withoutFastFiltersTheBarAppearsOnceSomethingIsApplied() {
    let bar = FilterFeedbackBar(fastFilters: [])
    #expect(!bar.isVisible)
    #expect(bar.applying(filters: [Self.open], sort: .default).isVisible)
    #expect(bar.applying(filters: [], sort: SortOrder([SortCriterion(.title)])).isVisible)
    #expect(!bar.applying(filters: [], sort: .default).isVisible)
  }

  @Test func ffb1_ffb4_transitionTable() {
    var table = ""
    var seen = Set<[String]>()
    var frontier = [FilterFeedbackBar(fastFilters: Self.fast.map { .init($0) })]
    for _ in 0..<2 {
      var next: [FilterFeedbackBar] = []
      for bar in frontier {
        let texts = bar.chips(context: Self.context).map { ($0.isSelected ? "✓" : "") + $0.text }
        guard seen.insert(texts).inserted else { continue }
        table += texts.joined(separator: " | ") + "\n"
        for operation in Operation.all {
          let result = Self.apply(operation, to: bar)
          table +=
            "  \(operation) → "
            + result.chips(context: Self.context).map { ($0.isSelected ? "✓" : "") + $0.text }
            .joined(separator: " | ") + "\n"
          next.append(result)
        }
      }
      frontier = next
    }
    assertSnapshot(of: table, as: .lines)
  }
}
