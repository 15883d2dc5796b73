import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// `/metrics` and request ids: what an operator watches and follows.
@Suite("WEB-1 metrics and request ids")
struct ObservabilityTests {
  /// The samples of a Prometheus text exposition: `name{labels}` → value. Comment lines
  /// (`# TYPE`, `# HELP`) are checked for form; any other line that is not a sample fails.
  static func samples(_ text: String) -> [String: Double] {
    var result: [String: Double] = [:]
    for line in text.split(separator: "\n") where !line.isEmpty {
      if line.hasPrefix("#") {
        #expect(line.hasPrefix("# TYPE ") || line.hasPrefix("# HELP "), "\(line)")
        continue
      }
      guard let space = line.lastIndex(of: " "),
        let value = Double(line[line.index(after: space)...])
      else {
        Issue.record("not a sample: \(line)")
        continue
      }
      result[String(line[..<space])] = value
    }
    return result
  }

  @Test func web1_metricsCountRequestsByRouteAndStatusAndCacheUse() async throws {
    let metrics = AppMetrics()
    try await withTemporaryStore(.sqlite) { temporary in
      _ = try await TimelineImporter.importDocument(
        randomDocument(count: 10, seed: 1), into: temporary.store)
      let app = Application(
        router: buildRouter(
          configuration: AppConfiguration(), store: temporary.store, metrics: metrics))
      try await app.test(.router) { client in
        for _ in 0..<3 {
          _ = try await client.execute(
            uri: "/api/timelines/1/rows?now=2026-11-21T12:00:00Z", method: .get)
        }
        _ = try await client.execute(uri: "/api/timelines/9/rows", method: .get)
        let answer = try await client.execute(uri: "/metrics", method: .get)
        #expect(answer.status == .ok)
        #expect(answer.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
        let samples = Self.samples(answer.text)
        let rows = #"route="/api/timelines/{timeline}/rows""#
        let ok = samples.first {
          $0.key.hasPrefix("timeline_http_requests_total{") && $0.key.contains(rows)
            && $0.key.contains(#"status="200""#)
        }
        #expect(ok?.value == 3)
        let missing = samples.first {
          $0.key.hasPrefix("timeline_http_requests_total{") && $0.key.contains(#"status="404""#)
        }
        #expect(missing?.value == 1)
        #expect(samples["timeline_render_cache_misses_total"] == 1)
        #expect(samples["timeline_render_cache_hits_total"] == 2)
        let count = samples.first {
          $0.key.hasPrefix("timeline_http_request_duration_seconds_count{") && $0.key.contains(rows)
        }
        #expect(count?.value == 4, "three answers and one 404 on the route")
        // The counters move with the requests.
        _ = try await client.execute(
          uri: "/api/timelines/1/rows?now=2026-11-21T12:00:00Z", method: .get)
        let again = Self.samples(try await client.execute(uri: "/metrics", method: .get).text)
        #expect(again["timeline_render_cache_hits_total"] == 3)
      }
    }
  }

  @Test func web1_metricsNeedTheTokenWhenOneIsSet() async throws {
    try await withApp(AppConfiguration(token: "t")) { client, _ in
      #expect(try await client.execute(uri: "/metrics", method: .get).status == .seeOther)
      let bearer = try await client.execute(
        uri: "/metrics", method: .get, headers: [.authorization: "Bearer t"])
      #expect(bearer.status == .ok)
    }
  }

  @Test func web1_everyAnswerCarriesItsRequestIdAndErrorsSayIt() async throws {
    try await withApp { client, _ in
      let given = try await client.execute(
        uri: "/api/timelines/9/rows", method: .get, headers: [RequestID.header: "trace-42"])
      #expect(given.headers[RequestID.header] == "trace-42")
      #expect(given.json["requestId"] as? String == "trace-42")
      let made = try await client.execute(uri: "/api/timelines", method: .get)
      let id = try #require(made.headers[RequestID.header])
      #expect(id.count == 36)
      // A hostile id is not echoed; a new one is made.
      let hostile = try await client.execute(
        uri: "/api/timelines", method: .get,
        headers: [RequestID.header: "<script>" + String(repeating: "x", count: 200)])
      #expect(hostile.headers[RequestID.header]?.contains("<") == false)
    }
  }

  @Test func web1_jsonLogLinesHoldTheRequestId() throws {
    let lines = LinesBox()
    let logger = Logger(label: "timeline") { label in
      JSONLogHandler(label: label, write: { lines.append($0) })
    }
    RequestID.$current.withValue("abc-1") {
      logger.info("answered", metadata: ["status": "200"])
    }
    let line = try #require(lines.values.first)
    #expect(line.hasSuffix("\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object["request_id"] == "abc-1")
    #expect(object["message"] == "answered")
    #expect(object["level"] == "info")
    #expect(object["status"] == "200")
    #expect(object["time"]?.hasSuffix("Z") == true)
  }
}

final class LinesBox: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  var values: [String] { lock.withLock { lines } }
  func append(_ line: String) { lock.withLock { lines.append(line) } }
}
