import Foundation
import Testing
import TimelineCore

@testable import TimelineServer

/// One vocabulary, all of it translated: every text of every strings table, in every
/// language, differs from the English text unless the word is the same in that language
/// (the allow-list names each such word), so that a missing translation, which would
/// silently fall back to English, fails here.
@Suite struct VocabularyTests {
  static let languages = ["de", "fr", "es", "it", "pt", "nl", "ja", "zh", "ko", "ar"]

  /// Texts that are the same word in English and in that language ("Status" in German).
  static let sameInLanguage: Set<String> = [
    "de.TimelineStrings.start", "de.ControlStrings.status", "de.AppStrings.appNavigation",

    "fr.ControlStrings.date", "fr.ControlStrings.type", "fr.SummaryStrings.oneSection",
    "fr.SummaryStrings.sectionsFormat", "fr.AppStrings.description",
    "es.AppStrings.errorFormat",
    "it.SummaryStrings.timelineFormat", "it.AppStrings.appNavigation",
    "pt.ControlStrings.status", "pt.SummaryStrings.oneItem",
    "nl.TimelineStrings.open", "nl.TimelineStrings.start", "nl.ControlStrings.status",
    "nl.ControlStrings.type", "nl.ControlStrings.later", "nl.SummaryStrings.oneItem",
    "nl.SummaryStrings.itemsFormat", "nl.SummaryStrings.timelineFormat",
    "nl.AppStrings.appNavigation",

    // Punctuation, not words: a criterion and its direction joined by a Latin comma.
    "de.ControlStrings.criterionDirectionFormat", "fr.ControlStrings.criterionDirectionFormat",
    "es.ControlStrings.criterionDirectionFormat", "it.ControlStrings.criterionDirectionFormat",
    "pt.ControlStrings.criterionDirectionFormat", "nl.ControlStrings.criterionDirectionFormat",
    "ko.ControlStrings.criterionDirectionFormat",
    // A folded section's summary: a count and a list joined by a dash, "Name: N", and the
    // comma between list parts (Latin punctuation, the same in these languages).
    "de.SummaryStrings.sectionSummaryFormat", "de.SummaryStrings.statusCountFormat",
    "de.SummaryStrings.listSeparator", "fr.SummaryStrings.sectionSummaryFormat",
    "fr.SummaryStrings.listSeparator", "es.SummaryStrings.sectionSummaryFormat",
    "es.SummaryStrings.statusCountFormat", "es.SummaryStrings.listSeparator",
    "it.SummaryStrings.sectionSummaryFormat", "it.SummaryStrings.statusCountFormat",
    "it.SummaryStrings.listSeparator", "pt.SummaryStrings.sectionSummaryFormat",
    "pt.SummaryStrings.statusCountFormat", "pt.SummaryStrings.listSeparator",
    "nl.SummaryStrings.sectionSummaryFormat", "nl.SummaryStrings.statusCountFormat",
    "nl.SummaryStrings.listSeparator", "ko.SummaryStrings.sectionSummaryFormat",
    "ko.SummaryStrings.statusCountFormat", "ko.SummaryStrings.listSeparator",
    "ar.SummaryStrings.sectionSummaryFormat", "ar.SummaryStrings.statusCountFormat",
    // A label's colon (French, Chinese and Japanese write theirs otherwise).
    "de.AppStrings.labelSeparator", "es.AppStrings.labelSeparator", "it.AppStrings.labelSeparator",
    "pt.AppStrings.labelSeparator", "nl.AppStrings.labelSeparator", "ko.AppStrings.labelSeparator",
    "ar.AppStrings.labelSeparator",
  ]

  /// Every text field of `strings` by name (nested tables are walked on their own).
  static func fields(_ strings: some Any) -> [(String, String)] {
    Mirror(reflecting: strings).children.compactMap { child in
      (child.value as? String).map { (child.label ?? "", $0) }
    }
  }

  static func tables(_ locale: Locale) -> [(String, [(String, String)])] {
    [
      ("TimelineStrings", fields(TimelineStrings.localized(for: locale))),
      ("ControlStrings", fields(ControlStrings.localized(for: locale))),
      ("SummaryStrings", fields(SummaryStrings.localized(for: locale))),
      ("AppStrings", fields(AppStrings.localized(for: locale))),
    ]
  }

  @Test func a11y1_tl12_everyTextOfEveryTableIsTranslatedInEveryLanguage() {
    let english = Self.tables(Locale(identifier: "en"))
    var untranslated: [String] = []
    for language in Self.languages {
      for ((table, fields), (_, englishFields)) in zip(
        Self.tables(Locale(identifier: language)), english)
      {
        #expect(fields.map(\.0) == englishFields.map(\.0), "\(language) \(table)")
        for ((name, text), (_, englishText)) in zip(fields, englishFields) where text == englishText
        {
          let key = "\(language).\(table).\(name)"
          if !Self.sameInLanguage.contains(key) { untranslated.append("\(key) = \(text)") }
        }
      }
    }
    #expect(untranslated.isEmpty, "left in English:\n\(untranslated.joined(separator: "\n"))")
    // Every allowed word names a text that exists (none is left over from a removed one).
    let keys = Set(
      Self.languages.flatMap { language in
        Self.tables(Locale(identifier: language)).flatMap { table, fields in
          fields.map { "\(language).\(table).\($0.0)" }
        }
      })
    #expect(Self.sameInLanguage.subtracting(keys).isEmpty)
  }

  /// The words the app's pages share with the timeline are the core's, in every language:
  /// one translation each.
  @Test func a11y1_wordsTheAppSharesWithTheTimelineComeFromTheCoresTables() {
    for language in Self.languages + ["en"] {
      let locale = Locale(identifier: language)
      let app = AppStrings.localized(for: locale)
      let core = TimelineStrings.localized(for: locale)
      #expect(app.title == core.controls.title, "\(language)")
      #expect(app.status == core.controls.status, "\(language)")
      #expect(app.priority == core.controls.priority, "\(language)")
      #expect(app.start == core.start, "\(language)")
      #expect(app.cards == core.summaries.cards, "\(language)")
    }
    // No English text of the app repeats one of the core's under another name (in other
    // languages two meanings may share a form: Japanese has no plural, so "Attributes" and
    // "Attribute" are one word).
    let english = TimelineStrings.english
    let coreTables: [Any] = [english, english.controls, english.summaries]
    let coreTexts = Set(coreTables.flatMap { Self.fields($0).map(\.1) })
    let repeated = Self.fields(AppStrings.english).filter { coreTexts.contains($0.1) }.map(\.0)
    #expect(repeated.isEmpty, "\(repeated)")
  }
}
