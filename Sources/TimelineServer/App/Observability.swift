import CoreMetrics
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus

/// What an operator watches (`/metrics`, Prometheus's text format): requests by route and
/// status, their latency, render-cache hits and misses, live-stream clients, imports and
/// item write batches. The app keeps its own registry and hands its metrics their factory,
/// so embedding the app never bootstraps the process's metrics system.
public final class AppMetrics: Sendable {
  public let registry: PrometheusCollectorRegistry
  let factory: PrometheusMetricsFactory
  let cacheHits: CoreMetrics.Counter
  let cacheMisses: CoreMetrics.Counter
  let liveClients: CoreMetrics.Meter
  let imports: CoreMetrics.Counter

  public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = [
      .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
      .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]
    factory.defaultValueHistogramBuckets = [1, 2, 4, 8, 16, 32, 64, 128]
    self.factory = factory
    cacheHits = Counter(label: "timeline_render_cache_hits_total", factory: factory)
    cacheMisses = Counter(label: "timeline_render_cache_misses_total", factory: factory)
    liveClients = Meter(label: "timeline_live_stream_clients", factory: factory)
    imports = Counter(label: "timeline_imports_total", factory: factory)
  }

  /// One answered request: its route (the router's pattern, never the raw path, so the
  /// number of series stays bounded), method and status, and how long it took.
  func request(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
    let labels = [("route", route), ("method", method.rawValue)]
    Counter(
      label: "timeline_http_requests_total", dimensions: labels + [("status", String(status))],
      factory: factory
    ).increment()
    Timer(label: "timeline_http_request_duration_seconds", dimensions: labels, factory: factory)
      .recordNanoseconds(duration.nanoseconds)
  }

  /// The number of item writes committed together (group commit).
  func writeBatch(_ size: Int) {
    Recorder(label: "timeline_store_write_batch_size", factory: factory).record(size)
  }

  /// The metrics in Prometheus's text format.
  public func text() -> String { registry.emitToString() }
}

extension Duration {
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}

/// Counts and times every request (``AppMetrics/request(route:method:status:duration:)``).
struct MetricsMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  let metrics: AppMetrics

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let started = ContinuousClock.now
    do {
      let response = try await next(request, context)
      metrics.request(
        route: context.endpointPath ?? "unmatched", method: request.method,
        status: Int(response.status.code), duration: ContinuousClock.now - started)
      return response
    } catch {
      let status = (error as? any HTTPResponseError)?.status.code ?? 500
      metrics.request(
        route: context.endpointPath ?? "unmatched", method: request.method, status: Int(status),
        duration: ContinuousClock.now - started)
      throw error
    }
  }
}

/// The id of the request being answered: the client's `X-Request-Id` when it is a short
/// printable token, else a new one. It is in every log line of the request, in the
/// answer's `X-Request-Id` and in every error body, so a report can be followed through
/// the logs.
enum RequestID {
  @TaskLocal static var current: String?

  static let header = HTTPField.Name("X-Request-Id")!

  /// `given` when it is 1…128 characters of letters, digits and `-_.:`, else a new id.
  static func accepted(_ given: String?) -> String {
    if let given, (1...128).contains(given.utf8.count),
      given.utf8.allSatisfy({
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || [0x2D, 0x5F, 0x2E, 0x3A].contains($0)
      })
    {
      return given
    }
    return UUID().uuidString.lowercased()
  }
}

struct RequestIDMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let id = RequestID.accepted(request.headers[RequestID.header])
    var context = context
    context.logger[metadataKey: "request_id"] = .string(id)
    return try await RequestID.$current.withValue(id) {
      var response = try await next(request, context)
      response.headers[RequestID.header] = id
      return response
    }
  }
}

/// Log lines as JSON objects, one a line on standard error (`--log-format json`): `time`,
/// `level`, `label`, `message` and every metadata value (the request id among them).
public struct JSONLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info
  let label: String
  let write: @Sendable (String) -> Void

  /// A handler for `label` writing each line (with its newline) to `write`.
  public init(
    label: String,
    write: @escaping @Sendable (String) -> Void = {
      FileHandle.standardError.write(Data($0.utf8))
    }
  ) {
    self.label = label
    self.write = write
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var fields: [(String, String)] = [
      ("time", JSONText.quoted(RFC3339Time.string(Date()))),
      ("level", JSONText.quoted(event.level.rawValue)),
      ("label", JSONText.quoted(label)),
      ("message", JSONText.quoted(event.message.description)),
    ]
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
      fields.append((key, JSONText.quoted(value.description)))
    }
    if let id = RequestID.current, merged["request_id"] == nil {
      fields.append(("request_id", JSONText.quoted(id)))
    }
    write(JSONText.object(fields) + "\n")
  }
}

/// UTC timestamps with milliseconds for log lines.
enum RFC3339Time {
  static func string(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
  }
}
