import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// FFB-7, FFB-9, SORT-4: the words of the feedback bar and the Sort & Filter dialog follow
/// the locale, like the rest of the components.
@Suite struct ControlStringsTests {
  static let languages = ["en", "de", "fr", "es", "it", "pt", "nl", "ja", "zh", "ko", "ar"]

  /// Every text field, by name, read through Mirror so that a field added later is
  /// checked too.
  static func fields(_ strings: some Any) -> [(String, String)] {
    Mirror(reflecting: strings).children.compactMap { child in
      (child.value as? String).map { (child.label ?? "", $0) }
    }
  }

  static func placeholders(_ text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let range = rest.range(of: "%") {
      let next = rest[range.upperBound...].first
      if next == "d" || next == "@" { found.append("%" + String(next!)) }
      rest = rest[range.upperBound...]
    }
    return found
  }

  @Test func ffb9_everyLanguageHasEveryWordWithTheSamePlaceholders() {
    let english = Self.fields(ControlStrings.english)
    #expect(english.count >= 30)
    for language in Self.languages {
      let strings = ControlStrings.localized(for: Locale(identifier: language))
      let fields = Self.fields(strings)
      #expect(fields.map(\.0) == english.map(\.0))
      for ((name, text), (_, englishText)) in zip(fields, english) {
        #expect(!text.isEmpty, "\(language).\(name)")
        #expect(
          Self.placeholders(text) == Self.placeholders(englishText),
          "\(language).\(name): \(text)")
      }
      if language != "en" {
        let translated = zip(fields, english).filter { $0.0.1 != $0.1.1 }.count
        #expect(translated * 10 >= fields.count * 8, "\(language): mostly translated")
      }
    }
    var swahili = ControlStrings.localized(for: Locale(identifier: "sw"))
    #expect(swahili.numberLocale.identifier == "sw", "counts are written as the locale writes them")
    swahili.numberLocale = ControlStrings.english.numberLocale
    #expect(swahili == .english, "a language without a table falls back to English words")
  }

  @Test func a11y1_imageDescriptionsHaveEveryWordWithTheSamePlaceholders() {
    let english = Self.fields(SummaryStrings.english)
    #expect(english.count == 25)
    for language in Self.languages {
      let fields = Self.fields(SummaryStrings.localized(for: Locale(identifier: language)))
      #expect(fields.map(\.0) == english.map(\.0))
      for ((name, text), (_, englishText)) in zip(fields, english) {
        #expect(!text.isEmpty, "\(language).\(name)")
        #expect(
          Self.placeholders(text) == Self.placeholders(englishText),
          "\(language).\(name): \(text)")
      }
    }
    let german = SummaryStrings.localized(for: Locale(identifier: "de_DE"))
    #expect(german.items(1) == "1 Eintrag")
    #expect(german.items(7) == "7 Einträge")
    #expect(TimelineStrings.localized(for: Locale(identifier: "de_DE")).summaries == german)
  }

  @Test func ffb9_chipsAndTheMatchCountSpeakTheLocale() throws {
    let context = Fixtures.context(locale: "de_DE")
    let open = try FilterToken(parsing: "status=open")
    let bar = FilterFeedbackBar(
      fastFilters: [.init(open)], activeFilters: [open, try FilterToken(parsing: "priority=4..5")],
      sort: SortOrder([SortCriterion(.priority, .descending)]), showsCounter: true)
    let chips = bar.chips(context: context)
    // FFB-9: the counter counts the two filters; a sort is not a filter.
    #expect(
      chips.map(\.text) == ["2", "Sortiert nach: Priorität, Absteigend", "Offen", "Priorität: 4–5"])
    #expect(chips[0].accessibilityLabel == "Sortieren und Filtern, 2 angewendet")
    #expect(chips[2].accessibilityLabel == "Offen, angewendet")
    let words = ControlStrings.localized(for: context.locale)
    #expect(FilterFeedbackBar.matchLabel(1, strings: words) == "1 Ergebnis")
    #expect(FilterFeedbackBar.matchLabel(12, strings: words) == "12 Ergebnisse")
    #expect(FilterFeedbackBar.matchLabel(12, strings: .english) == "12 results")
    // Counts are grouped as the locale groups them.
    #expect(FilterFeedbackBar.matchLabel(100_000, strings: words) == "100.000 Ergebnisse")
    #expect(FilterFeedbackBar.matchLabel(100_000, strings: .english) == "100,000 results")
    #expect(
      TimelineStrings.localized(for: context.locale).seeAll(100_000) == "Alle anzeigen (100.000)")
    // No counter before a filter is active, even with a sort applied (FFB-9).
    let sorted = FilterFeedbackBar(
      fastFilters: [.init(open)], sort: SortOrder([SortCriterion(.title)]), showsCounter: true)
    #expect(sorted.chips(context: context).map(\.kind) == [.sort, .filter])
  }

  @Test func sort4_directionsAndTitlesSpeakTheLocale() {
    let french = ControlStrings.localized(for: Locale(identifier: "fr_FR"))
    #expect(MultiSortModel.title(.date, strings: french) == "Date")
    #expect(MultiSortModel.title(.priority, strings: french) == "Priorité")
    #expect(
      MultiSortModel.directionLabel(.date, .descending, strings: french) == "Plus récents d’abord")
    #expect(MultiSortModel.directionLabel(.title, .ascending, strings: french) == "De A à Z")
    var model = MultiSortModel(order: .default)
    model.toggleSelection(.date)
    #expect(model.errorMessage(strings: french) == "Sélectionnez au moins un critère")
    #expect(model.errorMessage == "Select at least one criterion")
  }

  @Test func ffb7_userTextIsNeverReadAsAFormat() {
    var strings = ControlStrings.english
    strings.priorityFormat = "Prio %@ !"
    #expect(strings.format(strings.priorityFormat, "%d 50%@") == "Prio %d 50%@ !")
    #expect(strings.format(strings.counterFormat, number: 2) == "Sort and filter, 2 applied")
  }
}
