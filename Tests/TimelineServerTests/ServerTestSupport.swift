import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TimelineCore
import TimelineImport
import _TimelineTestSupport

@testable import TimelineServer

/// The stores the storage and route tests run against: SQLite always, PostgreSQL when
/// `TIMELINE_TEST_POSTGRES` names a database (`Scripts/test` starts a throwaway cluster and
/// sets it, with `TIMELINE_REQUIRE_POSTGRES=1` so a missing server fails the run). Without
/// it the PostgreSQL cases do not run, and `PostgresAvailabilityTests` shows as skipped
/// saying so: they are never counted as passed.
enum Backend: String, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  static var all: [Backend] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

  static var postgresURL: String? {
    ProcessInfo.processInfo.environment["TIMELINE_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
  }

  var testDescription: String { rawValue }
}

/// A store on a fresh temporary database (a file, or a schema of its own), removed when the
/// test ends.
struct TemporaryStore {
  let backend: Backend
  /// The SQLite file, or the PostgreSQL schema.
  let location: String
  let store: any TimelineStore

  init(_ backend: Backend = .sqlite) async throws {
    self.backend = backend
    switch backend {
    case .sqlite:
      location =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("timeline-test-\(UUID().uuidString).sqlite").path
      store = try SQLiteStore(path: location, locale: Locale(identifier: "en_US"))
    case .postgres:
      location = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      store = try await Self.openPostgres(schema: location)
    }
  }

  static func openPostgres(schema: String) async throws -> PostgresStore {
    guard let url = Backend.postgresURL else { throw PostgresMissing() }
    // Every test's store makes its own schema: a few at a time, so that a hundred tests
    // starting together do not each take a minute to migrate (the store's migration gives
    // up after 60 s) on a loaded two-core machine.
    await migrations.enter()
    do {
      // The whole suite runs in parallel on two cores, with the server on the same cores: a
      // statement may wait far longer than a served request ever should (4 s).
      let store = try await PostgresStore(
        url: url, locale: Locale(identifier: "en_US"), schema: schema, timeout: .seconds(60))
      await migrations.leave()
      return store
    } catch {
      await migrations.leave()
      throw error
    }
  }

  static let migrations = Gate(width: 3)

  struct PostgresMissing: Error {}

  /// A second store on the same database, as a second app instance would open it.
  func reopen() async throws -> any TimelineStore {
    switch backend {
    case .sqlite: try SQLiteStore(path: location, locale: Locale(identifier: "en_US"))
    case .postgres: try await Self.openPostgres(schema: location)
    }
  }

  func remove() async {
    switch backend {
    case .sqlite:
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: location + suffix)
      }
    case .postgres:
      guard let store = store as? PostgresStore else { return }
      _ = try? await store.withConnection { connection in
        try await connection.run("DROP SCHEMA \(location) CASCADE")
      }
      store.close()
    }
  }
}

/// Imports a timeline (the next id: 1 in a fresh store) holding one item, `a`, at noon.
func importOneItem(into store: any TimelineStore, title: String? = nil) async throws {
  _ = try await TimelineImporter.importDocument(
    TimelineDocument(
      title: title, items: [TimelineItem(id: "a", title: "A", start: .instant(Fixtures.noon))]),
    into: store)
}

/// Runs `body` against the app's router in-process on a temporary database of `backend`.
func withApp(
  _ configuration: AppConfiguration = AppConfiguration(), backend: Backend = .sqlite,
  _ body: @Sendable (any TestClientProtocol, any TimelineStore) async throws -> Void
) async throws {
  try await withTemporaryStore(backend) { temporary in
    let app = Application(
      router: buildRouter(configuration: configuration, store: temporary.store))
    try await app.test(.router) { client in try await body(client, temporary.store) }
  }
}

/// Runs `body` with a temporary store, removed afterwards whether `body` throws or not.
func withTemporaryStore<Result>(
  _ backend: Backend, _ body: (TemporaryStore) async throws -> Result
) async throws -> Result {
  let temporary = try await TemporaryStore(backend)
  do {
    let result = try await body(temporary)
    await temporary.remove()
    return result
  } catch {
    await temporary.remove()
    throw error
  }
}

extension TestResponse {
  var text: String { String(buffer: body) }
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
  }
}

/// Lets at most `width` callers in at once; the others wait their turn, in order.
actor Gate {
  let width: Int
  private var inside = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(width: Int) { self.width = width }

  func enter() async {
    guard inside >= width else {
      inside += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      inside -= 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// The browser's form token (CSRF), from the cookie the page at `uri` sets.
func formToken(_ client: some TestClientProtocol, _ uri: String) async throws -> String {
  let page = try await client.execute(uri: uri, method: .get)
  let cookie = try #require(page.headers[.setCookie])
  return String(cookie.split(separator: ";")[0].split(separator: "=")[1])
}

/// Posts a page's form as a browser does: `fields` URL-encoded, with the CSRF `token` as
/// both the cookie and the form's `csrf` field.
func postForm(
  _ client: some TestClientProtocol, _ uri: String, token: String, _ fields: [(String, String)]
) async throws -> TestResponse {
  let body = ([("csrf", token)] + fields).map { name, value in
    name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
  }.joined(separator: "&")
  return try await client.execute(
    uri: uri, method: .post,
    headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "tl_csrf=\(token)"],
    body: ByteBuffer(string: body))
}
