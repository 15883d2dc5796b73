import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import _TimelineTestSupport

@testable import TimelineServer

/// The index's preview strips pick from the database what `timeline preview` picks from the
/// whole document (PV-6, WEB-2), however the rows around now are mixed.
@Suite("PV-6, WEB-2 the index's preview strips")
struct PreviewPageTests {
  /// The spoken labels of the index's first regular strip, in order.
  static func strip(_ page: String) -> [String] {
    guard let start = page.range(of: #"<ol class="tl-strip tl-strip-regular">"#),
      let end = page.range(of: "</ol>", range: start.upperBound..<page.endIndex)
    else { return [] }
    return page[start.upperBound..<end.lowerBound].matches(of: /<span class="tl-sr">([^<]*)</)
      .map { String($0.output.1) }
  }

  @Test(arguments: Backend.all)
  func pv6_web2_theStripIsTheOneTimelinePreviewPicksFromTheWholeDocument(backend: Backend)
    async throws
  {
    // Rows that began long ago and run on (current) between short past ones: a window of a
    // few rows around now holds too few that are not past.
    var mixed = randomDocument(count: 400, seed: 21)
    for index in stride(from: 0, to: mixed.items.count, by: 9) {
      if case .instant(let start) = mixed.items[index].start {
        mixed.items[index].end = .instant(start.addingTimeInterval(26 * 86_400))
      }
    }
    let document = mixed
    let days: [Double] = [-20, -3, 0, 9, 14.6, 40]
    try await withApp(backend: backend) { client, store in
      _ = try await TimelineImporter.importDocument(document, into: store)
      for day in days {
        let now = Fixtures.noon.addingTimeInterval(day * 86_400)
        let expected = TimelinePreview(
          TimelinePresentation(
            document: document, context: Fixtures.context(now: now), query: TimelineQuery()),
          count: PreviewSize.regular.itemCount
        ).items.map(\.accessibilityLabel)
        let page = try await client.execute(
          uri: "/?now=" + now.formatted(.iso8601), method: .get
        ).text
        #expect(expected.count == PreviewSize.regular.itemCount)
        #expect(Self.strip(page) == expected, "now \(day) days from noon")
      }
    }
  }
}
