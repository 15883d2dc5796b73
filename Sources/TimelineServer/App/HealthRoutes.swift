import Foundation
import HTTPTypes
import Hummingbird

/// Health checks for a load balancer or an orchestrator, open without a token:
/// `/healthz` says the process is up; `/readyz` says the database answers and can write,
/// or 503 (with why) and
/// `Retry-After` when it does not within `timeout`.
struct HealthRoutes: Sendable {
  /// Asks the database a trivial question (``TimelineStore/ping()``).
  let ping: @Sendable () async throws -> Void
  var timeout: Duration = .seconds(5)

  func add(to router: Router<AppRequestContext>) {
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
          detail: StorageFailure(error).map {
            $0 == .full
              ? "the database cannot write: its disk is full"
              : "the database cannot write: another writer holds it"
          } ?? "the database does not answer")
        AppError.logger.warning("not ready: \(String(reflecting: error))")
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
