import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// Export what you see: the view's search, filters and sort go with an export, for the
/// whole view, not the loaded window.
@Suite("WEB-1 exports of a view")
struct ExportViewTests {
  static let views = [
    "q=pump", "filter=status%3Dopen&filter=status%3Dcompleted", "sort=priority:desc,date",
    "sort=title:desc", "q=cafe&filter=priority%3D2..3&sort=status,title",
  ]

  @Test(arguments: Backend.all) func web1_anExportOfAViewHoldsExactlyTheViewsRowsInItsOrder(
    backend: Backend
  ) async throws {
    try await withApp(backend: backend) { client, store in
      var document = randomDocument(count: 1_300, seed: 17)
      for index in document.items.indices {
        if case .day = document.items[index].start { document.items[index].end = nil }
      }
      _ = try await TimelineImporter.importDocument(document, into: store)
      for view in Self.views {
        let (expected, _) = try await WindowTests.pageThrough(
          client, timeline: 1, query: view, limit: 97)
        #expect(!expected.isEmpty, "\(view)")
        let json = try await client.execute(
          uri: "/api/timelines/1/export?format=json&\(view)", method: .get)
        let read = try TimelineJSONReader.read(text: json.text, file: "view.json")
        #expect(read.items.map(\.id) == expected, "\(view)")
        let csv = try await client.execute(
          uri: "/api/timelines/1/export?format=csv&\(view)", method: .get)
        let csvIDs = csv.text.split(separator: "\r\n").dropFirst().map {
          String($0.split(separator: ",", maxSplits: 1)[0])
        }
        #expect(csvIDs == expected, "\(view)")
        let ics = try await client.execute(
          uri: "/api/timelines/1/export?format=ics&\(view)", method: .get)
        let uids = ics.text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map {
          String($0.dropFirst(4))
        }
        #expect(uids == expected, "\(view)")
      }
      let bad = try await client.execute(
        uri: "/api/timelines/1/export?format=json&filter=status%3Dnope", method: .get)
      #expect(bad.status == .badRequest)
    }
  }
}
