import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TimelineServer

/// `/healthz` (the process is up) and `/readyz` (the database answers) for a load balancer.
@Suite("WEB-1 health checks")
struct HealthTests {
  @Test(arguments: Backend.all)
  func web1_healthAndReadinessAnswerWithoutAToken(backend: Backend) async throws {
    var configuration = AppConfiguration()
    configuration.token = "secret"
    try await withApp(configuration, backend: backend) { client, _ in
      let health = try await client.execute(uri: "/healthz", method: .get)
      #expect(health.status == .ok)
      #expect(health.json["status"] as? String == "up")
      let ready = try await client.execute(uri: "/readyz", method: .get)
      #expect(ready.status == .ok)
      #expect(ready.json["status"] as? String == "ready")
      // Everything else still wants the token.
      let api = try await client.execute(uri: "/api/timelines", method: .get)
      #expect(api.status == .unauthorized)
    }
  }

  // A ping that never answers would hold the request for an hour without the timeout.
  @Test(.timeLimit(.minutes(3)), arguments: [true, false])
  func web1_aDatabaseThatDoesNotAnswerIsNotReady(hangs: Bool) async throws {
    let router = Router(context: AppRequestContext.self)
    HealthRoutes(
      ping: {
        if hangs { try await Task.sleep(for: .seconds(3_600)) }
        struct Down: Error {}
        throw Down()
      }, timeout: .milliseconds(200)
    ).add(to: router)
    try await Application(router: router).test(.router) { client in
      let ready = try await client.execute(uri: "/readyz", method: .get)
      #expect(ready.status == .serviceUnavailable)
      #expect(ready.headers[.retryAfter] == "5")
      #expect(ready.json["error"] as? String == "unavailable")
      // The process itself is up.
      let health = try await client.execute(uri: "/healthz", method: .get)
      #expect(health.status == .ok)
    }
  }
}

@Suite struct PostgresAvailabilityTests {
  static let required = ProcessInfo.processInfo.environment["TIMELINE_REQUIRE_POSTGRES"] == "1"

  // Without a server every PostgreSQL case of the store and route tests is left out of the
  // run; this test stands for them, skipped with the reason.
  @Test(
    .enabled(
      if: Backend.postgresURL != nil,
      "skipped: every PostgreSQL case of the store and route tests (no TIMELINE_TEST_POSTGRES; Scripts/test starts a cluster and sets it)"
    ))
  func web1_theStoreAndRouteTestsRunOnPostgreSQL() async throws {
    #expect(Backend.all.contains(.postgres))
    let temporary = try await TemporaryStore(.postgres)
    await temporary.remove()
  }

  // `Scripts/test` asks for PostgreSQL: a run that was meant to cover both stores fails
  // here instead of passing on SQLite alone.
  @Test(.enabled(if: required, "the run does not ask for PostgreSQL (TIMELINE_REQUIRE_POSTGRES)"))
  func web1_theServerDatabaseIsThereWhenTheRunAsksForIt() {
    #expect(Backend.postgresURL != nil, "TIMELINE_TEST_POSTGRES is not set")
  }
}
