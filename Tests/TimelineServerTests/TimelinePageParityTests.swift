import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineHTML
import TimelineImport
import _TimelineMarkup
import _TimelineTestSupport

@testable import TimelineServer

/// The app's timeline page shows what `timeline render` writes for the same document, view
/// and `now` (WEB-2): the same section headers, and the same rows, each with its label, its
/// timestamp and icon, its node and line, and its card (texts, status stack with icons,
/// attributes), and the bar's chips the core makes for the view. Only where a row leads
/// differs (the app's rows open the detail page).
@Suite("WEB-2 the app's timeline page and timeline render")
struct TimelinePageParityTests {
  /// Each row of `html`: its element id, its label, and everything it draws.
  static func rows(_ html: String) -> [String] {
    html.components(separatedBy: #"<li class="tl-row""#).dropFirst().map { row in
      let id = row.firstMatch(of: /id="([^"]*)"/).map { String($0.output.1) } ?? "?"
      let label = row.firstMatch(of: /aria-label="([^"]*)"/).map { String($0.output.1) } ?? "?"
      guard let start = row.range(of: #"<span class="tl-stamp""#),
        let end = row.range(of: "</li>", range: start.upperBound..<row.endIndex)
      else { return id + " | " + label + " | (nothing drawn)" }
      return id + " | " + label + " | " + row[start.lowerBound..<end.lowerBound]
    }
  }

  /// The section headers' texts of `html`, without their markup.
  static func headers(_ html: String) -> [String] {
    html.matches(of: /<h2 class="tl-header"[^>]*>(.*?)<\/h2>/).map {
      String($0.output.1).replacing(/<[^>]*>/, with: "")
    }
  }

  /// The empty state's message of `html`, if it shows one.
  static func emptyState(_ html: String) -> String? {
    html.firstMatch(of: /<p class="tl-empty" role="status">(.*?)<\/p>/).map { String($0.output.1) }
  }

  static let documents = ["work-package.json", "project.json", "meetings.json"]
  static let views: [(parameters: String, query: TimelineQuery)] = [
    ("", TimelineQuery()),
    ("&q=line", TimelineQuery(search: "line")),
    // Nothing matches: the page says so as the core does (TL-6, TL-10).
    ("&q=zebra", TimelineQuery(search: "zebra")),
    ("&filter=status%3Dopen", TimelineQuery(filters: [try! FilterToken(.status, "open")])),
    (
      "&sort=priority%3Adesc",
      TimelineQuery(sort: SortOrder([SortCriterion(.priority, .descending)]))
    ),
    ("&sort=title", TimelineQuery(sort: SortOrder([SortCriterion(.title)]))),
  ]

  @Test(arguments: documents)
  func web2_theAppsTimelinePageShowsWhatTimelineRenderWrites(document name: String)
    async throws
  {
    try await withApp { client, store in
      let document = try TimelineJSONReader.read(
        path: Fixtures.examplesDirectory.appendingPathComponent(name).path)
      _ = try await TimelineImporter.importDocument(document, into: store)
      let now = "2026-11-21T12:00:00Z"
      let context = Fixtures.context(
        now: Fixtures.instant(now), zone: document.timeZone.identifier)
      for view in Self.views {
        let written = HTMLRenderer().render(
          HTMLRenderer().timeline(
            TimelinePresentation(document: document, context: context, query: view.query)))
        let page = try await client.execute(
          uri: "/timelines/1?now=\(now)\(view.parameters)", method: .get)
        #expect(page.status == .ok)
        let expected = Self.rows(written)
        #expect(!expected.isEmpty || view.parameters.contains("q="), "\(name) \(view.parameters)")
        #expect(Self.rows(page.text) == expected, "\(name) \(view.parameters)")
        #expect(Self.headers(page.text) == Self.headers(written), "\(name) \(view.parameters)")
        #expect(
          Self.emptyState(page.text) == Self.emptyState(written), "\(name) \(view.parameters)")
        if view.parameters == "&q=zebra" {
          #expect(Self.emptyState(page.text) == "No matching items", "\(name)")
        }
        // The bar's chips, as the core makes them for the app's fast filters and the view.
        let bar = FilterFeedbackBar(
          fastFilters: AppConfiguration.defaultFastFilters.map { .init($0) },
          activeFilters: view.query.filters, sort: view.query.sort, showsCounter: true)
        let chips = bar.chips(context: context).map { "\($0.text) \($0.isSelected)" }
        let rows = try await client.execute(
          uri: "/api/timelines/1/rows?now=\(now)\(view.parameters)", method: .get
        ).json
        // A view without rows (only a search finds none here) says nothing matches.
        #expect(
          rows["emptyState"] as? String == (expected.isEmpty ? "No matching items" : nil),
          "\(name) \(view.parameters)")
        let shown = ((rows["bar"] as? [String: Any])?["chips"] as? [[String: Any]] ?? []).map {
          "\($0["text"] as? String ?? "?") \($0["active"] as? Bool ?? false)"
        }
        #expect(
          chips.count >= AppConfiguration.defaultFastFilters.count, "\(name) \(view.parameters)")
        #expect(shown == chips, "\(name) \(view.parameters)")
        // The page shows each chip's text.
        for chip in bar.chips(context: context) {
          #expect(page.text.contains(MarkupEscaping.escape(chip.text)), "\(chip.text)")
        }
      }
    }
  }
}
