import Foundation
import Testing
import TimelineCore
import _TimelineTestSupport

/// Every word a page shows or speaks comes from the strings of its language: a page in
/// another language than English holds no English interface word, in its text or in the
/// accessible names and texts its script speaks (A11Y-1, TL-12).
@Suite("A11Y-1 TL-12 pages speak one language")
struct LanguageTests {
  static let locales = [
    "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "nl_NL", "ja_JP", "zh_CN", "ko_KR", "ar_EG",
  ]

  /// Interface words of the English tables that no other shipped language uses (whole
  /// words: "Cancelar" is not "Cancel"); "of N" catches "Item 1 of 3", "Card 1 of 2" and
  /// "position 2 of 5" (Dutch "of" is "or").
  static let english = [
    "Timeline", "Appointments", "of 1", "of 2", "of 3", "of %d", "Select at least one criterion",
    "Sort by", "Sort By",
    "Reset", "Cancel", "Apply", "See All", "results", "Showing", "Today", "Oldest first",
    "Newest first", "Low to High", "Card", "Cards", "Reorder", "No items", "applied",
  ]

  static func contains(_ text: String, word: String) -> Bool {
    let pattern = "\\b" + NSRegularExpression.escapedPattern(for: word) + "\\b"
    return text.range(of: pattern, options: .regularExpression) != nil
  }

  /// Items and cards whose own texts are no word of any language.
  static let document = """
    {"version":1,"timeZone":"UTC","items":[
      {"id":"a","title":"Xylo 1","start":"2026-11-20T09:00:00Z","status":"completed",
       "priority":5,"attributes":["Zq 7"]},
      {"id":"b","title":"Xylo 2","start":"2026-11-21T11:00:00Z","status":"inProgress"},
      {"id":"c","title":"Xylo 3","start":"2026-11-24T09:00:00Z","priority":2}
    ]}
    """
  static let feed = """
    {"version":1,"timeZone":"UTC","cards":[
      {"items":[{"title":"Xylo","start":"2026-11-20","status":"completed"}]},
      {"items":[{"title":"Xylo","start":"2026-11-22","status":"open"}]}
    ]}
    """

  /// The text of a page a person reads or hears: text outside `style` and `script`, and
  /// the attributes that name or describe, or that the script shows or says.
  static func spoken(_ html: String) -> [String] {
    var text = html
    for element in ["style", "script"] {
      while let start = text.range(of: "<\(element)"),
        let end = text.range(of: "</\(element)>", range: start.upperBound..<text.endIndex)
      {
        text.removeSubrange(start.lowerBound..<end.upperBound)
      }
    }
    var parts: [String] = []
    let spokenAttribute = try! Regex(
      #"(aria-label|aria-roledescription|title|placeholder|alt|data-[a-z-]*(format|text|help|result|results|sort|chip|label))="([^"]*)""#
    )
    for match in text.matches(of: spokenAttribute) {
      if let value = match.output[3].substring { parts.append(String(value)) }
    }
    for match in text.matches(of: try! Regex(#">([^<]+)<"#)) {
      if let value = match.output[1].substring { parts.append(String(value)) }
    }
    return parts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  func pages(_ locale: String) throws -> [(String, String)] {
    let file = try CommandRunner.temporaryFile(Self.document, name: "plan.json")
    let feed = try CommandRunner.temporaryFile(Self.feed, name: "feed.json")
    let common = ["--format", "html", "--now", "2026-11-21T12:00:00Z", "--locale", locale]
    let runs: [(String, [String])] = [
      (
        "timeline with the bar and the dialog",
        ["render", file, "--fast-filters", "status=open,priority=5", "--sort", "priority:desc"]
      ),
      ("empty timeline", ["render", file, "--search", "qqqq"]),
      ("list", ["render", file, "--view", "list"]),
      ("cards", ["render", feed, "--view", "cards"]),
      ("preview", ["preview", file]),
    ]
    return try runs.map { name, arguments in
      let result = try CommandRunner.run(arguments + common)
      #expect(result.status == 0, "\(locale) \(name): \(result.standardError)")
      return (name, result.standardOutput)
    }
  }

  @Test(arguments: locales)
  func tl12_a11y1_everyViewSpeaksItsLanguage(locale: String) throws {
    for (name, page) in try pages(locale) {
      let texts = Self.spoken(page)
      #expect(!texts.isEmpty, "\(locale) \(name): no text found")
      for text in texts {
        for word in Self.english where Self.contains(text, word: word) {
          Issue.record("\(locale) \(name): English \"\(word)\" in \"\(text)\"")
        }
      }
    }
  }

  /// Every text of a language's tables (timeline, summary and control strings), found by
  /// walking them, so a word added to a table is checked without listing it here.
  static func phrases(_ locale: String) -> Set<String> {
    var found: Set<String> = []
    func walk(_ value: Any) {
      if let text = value as? String {
        found.insert(text)
        return
      }
      for child in Mirror(reflecting: value).children { walk(child.value) }
    }
    walk(TimelineStrings.localized(for: Locale(identifier: locale)))
    walk(ControlStrings.localized(for: Locale(identifier: locale)))
    walk(SummaryStrings.localized(for: Locale(identifier: locale)))
    return found
  }

  /// The phrases of `other` that `locale`'s tables do not share, which a page in `locale`
  /// must never show: whole phrases without placeholders, long enough to be unmistakable.
  static func foreign(to locale: String, from other: String) -> [String] {
    let own = phrases(locale)
    return phrases(other).subtracting(own).filter { phrase in
      !phrase.contains("%") && !phrase.contains("\n")
        && phrase.count >= (phrase.unicodeScalars.allSatisfy { $0.value < 0x2E80 } ? 5 : 2)
    }.sorted()
  }

  @Test(arguments: locales + ["en_US"])
  func tl12_a11y1_noViewSpeaksAnotherShippedLanguage(locale: String) throws {
    let others = (Self.locales + ["en_US"]).filter { $0 != locale }
    let texts = try pages(locale).flatMap { name, page in Self.spoken(page).map { (name, $0) } }
    var checked = 0
    for other in others {
      for phrase in Self.foreign(to: locale, from: other) {
        checked += 1
        for (name, text) in texts where Self.contains(text, word: phrase) {
          Issue.record("\(locale) \(name): \(other) \"\(phrase)\" in \"\(text)\"")
        }
      }
    }
    // The tables hold hundreds of phrases per language: the check is not empty.
    #expect(checked > 300, "\(locale): only \(checked) phrases checked")
  }

  @Test func tl12_theEnglishPagesHoldTheWordsTheOthersMustNot() throws {
    // The check above can fail: English pages say these words.
    let texts = try pages("en_US").flatMap { Self.spoken($0.1) }.joined(separator: "\n")
    for word in ["Timeline", "Appointments", "position", "Select at least one criterion", "Card "] {
      #expect(texts.contains(word), "\(word)")
    }
  }
}
