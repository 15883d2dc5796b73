import Foundation
import HTTPTypes
import Hummingbird

/// Health checks for a load balancer or an orchestrator, open without a token:
/// `/healthz` says the process is up; `/readyz` says the database answers, or 503 with
/// `Retry-After` when it does not within `timeout`.
struct HealthRoutes: Sendable {
  /// Asks the database a trivial question (``TimelineStore/ping()``).
  let ping: @Sendable () async throws -> Void
  var timeout: Duration = .seconds(5)

  func add(to router: Router<BasicRequestContext>) {
    router.get("healthz") { _, _ in
      Response.json(#"{"status":"up"}"#, headers: [.cacheControl: "no-store"])
    }
    router.get("readyz") { _, _ in
      do {
        try await ready()
        return Response.json(#"{"status":"ready"}"#, headers: [.cacheControl: "no-store"])
      } catch {
        let failure = AppError(
          status: .serviceUnavailable, code: "unavailable",
          detail: "the database does not answer")
        return Response.json(
          failure.json, status: failure.status,
          headers: [.retryAfter: "5", .cacheControl: "no-store"])
      }
    }
  }

  /// Pings the store, giving up after `timeout`.
  func ready() async throws {
    try await StoreUnavailable.within(timeout) { try await ping() }
  }
}
