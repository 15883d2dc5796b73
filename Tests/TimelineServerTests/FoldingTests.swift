import Foundation
import HummingbirdTesting
import Testing
import TimelineCore
import TimelineImport
import _TimelineMarkup
import _TimelineTestSupport

@testable import TimelineServer

/// Sections that fold with a summary, in the app: `fold=` in the address folds the sections
/// the core folds, and a folded section says what the whole section holds, also when the
/// window holds only part of it.
@Suite("TL-3, WEB-2 folded sections in the app")
struct FoldingTests {
  /// The folded sections of every window of `query` (their keys and summaries), from the
  /// window at now back to the first and on to the last, and the rows shown in order.
  static func foldedWindows(
    _ client: any TestClientProtocol, query: String, limit: Int
  ) async throws -> (folded: [(key: String, count: Int, nodes: [String: Int])], rows: [String]) {
    var folded: [(key: String, count: Int, nodes: [String: Int])] = []
    func read(_ anchor: String) async throws -> (json: [String: Any], rows: [String]) {
      let json = try await client.execute(
        uri: "/api/timelines/1/rows?\(query)&limit=\(limit)\(anchor)&now=2026-11-21T12:00:00Z",
        method: .get
      ).json
      var rows: [String] = []
      for section in (json["sections"] as? [[String: Any]]) ?? [] {
        rows += ((section["rows"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        guard section["folded"] as? Bool == true else { continue }
        let summary = try #require(section["summary"] as? [String: Any])
        var nodes: [String: Int] = [:]
        for node in (summary["nodes"] as? [[String: Any]]) ?? [] {
          nodes[node["node"] as? String ?? ""] = node["count"] as? Int
        }
        folded.append(
          (try #require(section["key"] as? String), summary["count"] as? Int ?? -1, nodes))
      }
      return (json, rows)
    }
    let first = try await read("")
    var rows = first.rows
    var cursor = first.json["before"] as? String
    while let next = cursor {
      let window = try await read("&before=\(next)")
      rows = window.rows + rows
      cursor = window.json["before"] as? String
    }
    cursor = first.json["after"] as? String
    while let next = cursor {
      let window = try await read("&after=\(next)")
      rows += window.rows
      cursor = window.json["after"] as? String
    }
    return (folded, rows)
  }

  @Test(arguments: Backend.all)
  func tl3_web2_aFoldedSectionSaysWhatTheWholeSectionHoldsInEveryWindow(backend: Backend)
    async throws
  {
    try await withApp(backend: backend) { client, store in
      var document = randomDocument(count: 400, seed: 29)
      for index in document.items.indices {
        if case .day = document.items[index].start { document.items[index].end = nil }
      }
      _ = try await TimelineImporter.importDocument(document, into: store)
      let plain = TimelinePresentation(document: document, context: Fixtures.context())
      // The past, and two sections of it named by key (one past, one not).
      let keys = (0..<plain.sections.count).map { plain.sectionKey(at: $0) }
      let named = [keys[keys.count / 3], keys[2 * keys.count / 3]]
      for (parameter, folding) in [
        ("past", SectionFolding(past: true)),
        (named.joined(separator: ","), SectionFolding(keys: Set(named))),
      ] {
        let core = TimelinePresentation(
          document: document, context: Fixtures.context(),
          configuration: TimelineConfiguration(headerUnit: document.headerUnit, folding: folding))
        let expected = (0..<core.sections.count).filter { core.isFolded(section: $0) }
        #expect(!expected.isEmpty, "\(parameter)")
        // Windows of 7 rows: most folded sections are split across windows, each of which
        // says what the whole section holds.
        let (folded, rows) = try await Self.foldedWindows(
          client, query: "fold=\(parameter)", limit: 7)
        #expect(
          Array(Set(folded.map(\.key))).sorted()
            == expected.map { core.sectionKey(at: $0) }.sorted(),
          "\(backend) fold=\(parameter)")
        for section in expected {
          let whole = core.summary(ofSection: section)
          let nodes = Dictionary(
            uniqueKeysWithValues: whole.counts.map { ($0.node.name, $0.count) })
          let shown = folded.filter { $0.key == core.sectionKey(at: section) }
          #expect(!shown.isEmpty)
          for window in shown {
            #expect(window.count == whole.count && window.nodes == nodes, "\(window.key)")
          }
        }
        // No row of a folded section is shown; every other row is, once, in order.
        let unfolded = (0..<core.count).filter {
          !core.isFolded(section: core.sectionIndex(ofRow: $0))
        }.map { core.item(ofRow: $0).id }
        #expect(rows == unfolded, "\(backend) fold=\(parameter)")
      }
    }
  }

  @Test(arguments: Backend.all)
  func tl3_web2_sort6_aFoldedRankedSectionSaysWhatTheWholeSectionHolds(backend: Backend)
    async throws
  {
    // In a ranked order a section (one status, priority or type, or the markers) spans many
    // windows too: folded, each says what the whole section holds, as the core counts it.
    try await withApp(backend: backend) { client, store in
      let document = randomDocument(count: 300, seed: 31)
      _ = try await TimelineImporter.importDocument(document, into: store)
      for sort in ["status", "priority:desc", "kind"] {
        let plain = TimelinePresentation(
          document: document, context: Fixtures.context(),
          query: TimelineQuery(sort: try SortOrder(parsing: sort)))
        let keys = (0..<plain.sections.count).map { plain.sectionKey(at: $0) }
        let named = Set([keys[0], keys[keys.count / 2], keys[keys.count - 1]])
        let core = TimelinePresentation(
          document: document, context: Fixtures.context(),
          configuration: TimelineConfiguration(folding: SectionFolding(keys: named)),
          query: TimelineQuery(sort: try SortOrder(parsing: sort)))
        let (folded, rows) = try await Self.foldedWindows(
          client, query: "sort=\(sort)&fold=\(named.sorted().joined(separator: ","))", limit: 7)
        #expect(Set(folded.map(\.key)) == named, "\(backend) sort=\(sort)")
        for section in core.sections.indices where core.isFolded(section: section) {
          let whole = core.summary(ofSection: section)
          let nodes = Dictionary(
            uniqueKeysWithValues: whole.counts.map { ($0.node.name, $0.count) })
          for window in folded where window.key == core.sectionKey(at: section) {
            #expect(
              window.count == whole.count && window.nodes == nodes,
              "\(backend) sort=\(sort) \(window.key): \(window.count) of \(whole.count)")
          }
        }
        let unfolded = (0..<core.count).filter {
          !core.isFolded(section: core.sectionIndex(ofRow: $0))
        }.map { core.item(ofRow: $0).id }
        #expect(rows == unfolded, "\(backend) sort=\(sort)")
      }
    }
  }

  @Test func tl3_web2_thePagesSectionHeadersFoldAndUnfoldThroughTheAddress() async throws {
    try await withApp { client, store in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 60, seed: 4), into: store)
      let page = try await client.execute(
        uri: "/timelines/1?fold=past&now=2026-11-21T12:00:00Z", method: .get
      ).text
      // Each header is a link saying whether its rows are shown; a folded one's link
      // unfolds it (here: shows the past), an open one's folds it, keeping `fold=past`.
      let links = page.components(separatedBy: #"<a class="tl-fold" "#).dropFirst().map {
        String($0.prefix { $0 != ">" }).replacingOccurrences(of: "&amp;", with: "&")
      }
      #expect(!links.isEmpty)
      let folded = links.filter { $0.contains(#"aria-expanded="false""#) }
      let open = links.filter { $0.contains(#"aria-expanded="true""#) }
      #expect(!folded.isEmpty && !open.isEmpty, "\(links)")
      // A folded past section's link shows that section alone, the past staying folded.
      #expect(folded.allSatisfy { $0.contains("fold=past%2C-") }, "\(folded)")
      #expect(open.allSatisfy { $0.contains("fold=past%2C") }, "\(open)")
      #expect(page.contains(#"<p class="tl-summary">"#))
      #expect(page.contains(">Show the past</a>"))
      let first = try #require(folded.first)
      let key = try #require(
        first.components(separatedBy: #"id="tl-fold-"#).last?.prefix { $0 != "\"" })
      let address = try #require(first.components(separatedBy: #"href=""#).last)
      let unfolded = try await client.execute(
        uri: String(address.prefix { $0 != "\"" && $0 != "#" }), method: .get
      ).text
      let headers = unfolded.components(separatedBy: #"<a class="tl-fold" "#).dropFirst()
      #expect(
        headers.contains {
          $0.hasPrefix(#"id="tl-fold-\#(key)""#) && $0.contains(#"aria-expanded="true""#)
        }, "the section of \(key) is shown")
      #expect(
        headers.contains { $0.prefix { $0 != ">" }.contains(#"aria-expanded="false""#) },
        "the rest of the past stays folded")
      // An unknown section key is refused, naming the parameter.
      try await expectBadParameter(client, "/api/timelines/1/rows?fold=a%20b", named: "fold")
      #expect(
        try await client.execute(uri: "/timelines/1?fold=a%20b", method: .get).status == .badRequest
      )
      try await expectBadParameter(client, "/api/timelines/1/rows?fold=past,%7F", named: "fold")
    }
  }

  @Test(arguments: Backend.all)
  func tl3_web1_aPrintedViewSumsAFoldedSectionTheCapCutsWhole(backend: Backend) async throws {
    try await withApp(backend: backend) { client, store in
      // One past day of more rows than a printed view holds, then two future rows.
      let extra = 50
      let past = (0..<(Pages.printedRows + extra)).map { index in
        TimelineItem(
          id: "p\(index)", title: "Past \(index)",
          start: .instant(
            Fixtures.instant("2026-11-10T08:00:00Z").addingTimeInterval(Double(index))),
          status: index % 4 == 0 ? .open : .completed)
      }
      let future = (0..<2).map { index in
        TimelineItem(
          id: "f\(index)", title: "Future \(index)",
          start: .instant(Fixtures.instant("2026-11-25T08:00:00Z")))
      }
      let document = TimelineDocument(title: "Capped", items: past + future)
      _ = try await TimelineImporter.importDocument(document, into: store)
      let core = TimelinePresentation(
        document: document, context: Fixtures.context(),
        configuration: TimelineConfiguration(folding: SectionFolding(past: true)))
      #expect(core.isFolded(section: 0))
      let whole = core.summary(ofSection: 0)
      #expect(whole.count == Pages.printedRows + extra)
      for path in ["/timelines/1/print?", "/api/timelines/1/export?format=svg&"] {
        let answer = try await client.execute(
          uri: path + "fold=past&now=2026-11-21T12:00:00Z", method: .get)
        #expect(answer.status == .ok, "\(path): \(answer.status)")
        // The section's summary counts the rows past the cap too, as the page says.
        #expect(
          answer.text.contains(MarkupEscaping.escape(whole.text(core.strings))),
          "\(backend) \(path)")
      }
    }
  }
}
