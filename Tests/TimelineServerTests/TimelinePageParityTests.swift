import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineHTML
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// The app's timeline page shows what `timeline render` writes for the same document, view
/// and `now` (WEB-2): the same section headers, and the same rows, each with its label, its
/// timestamp and icon, its node and line, and its card (texts, status stack with icons,
/// attributes). Only where a row leads differs (the app's rows open the detail page).
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

  static let documents = ["work-package.json", "project.json", "meetings.json"]
  static let views: [(parameters: String, query: TimelineQuery)] = [
    ("", TimelineQuery()),
    ("&q=line", TimelineQuery(search: "line")),
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
      }
    }
  }
}
