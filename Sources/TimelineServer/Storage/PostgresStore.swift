import Foundation
import Logging
import PostgresNIO
import TimelineCore

/// The server store: PostgreSQL through PostgresNIO's connection pool, for several app
/// instances on one database. The same tables and windowed queries as ``SQLiteStore``
/// (statement-level triggers keep the section counts, a trigram index serves search), every
/// value a bound parameter. Writes to a timeline are serialized by a lock on its row, and
/// every change is announced to the other instances with `NOTIFY`.
///
/// ```swift
/// let store = try await PostgresStore(
///   url: "postgres://timeline@127.0.0.1:5432/timeline", locale: Locale(identifier: "en_US"))
/// defer { store.close() }
/// ```
public final class PostgresStore: TimelineStore {
  let client: PostgresClient
  let locale: Locale
  let dialect: SQLDialect
  let logger: Logger
  /// Per-section counts of recent queries, by timeline revision.
  let counts = CountCache(capacity: 64)
  public let changeSignal = ChangeSignal()
  /// How long a request waits for the database before it is refused as unavailable.
  let timeout: Duration
  /// The most connections an instance opens (one of them listens for other instances'
  /// changes).
  static let poolSize = 16
  private let tasks: Locked<[Task<Void, Never>]>

  /// Connects to the database `url` names (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
  /// or `?host=/socket/folder` for a Unix socket), brings its schema up to date and listens
  /// for other instances' changes. `schema` keeps the tables in a schema of their own.
  public init(
    url: String, locale: Locale, schema: String? = nil, timeout: Duration = .seconds(4),
    logger: Logger = Logger(label: "timeline.postgres")
  ) async throws {
    var configuration = try Self.configuration(url)
    let schemaName = schema ?? "public"
    guard Self.isPlainName(schemaName) else { throw StoreConfigurationError("bad schema name") }
    configuration.options.additionalStartupParameters = [
      ("search_path", schemaName == "public" ? "public" : "\(schemaName), public"),
      ("application_name", "timeline"),
    ]
    configuration.options.connectTimeout = timeout
    configuration.options.maximumConnections = Self.poolSize
    client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.locale = locale
    self.logger = logger
    self.timeout = timeout
    let identifier = Self.languageTag(locale)
    dialect = .postgres(collation: "timeline_text_" + identifier)
    let client = client
    tasks = Locked([Task { await client.run() }])
    do {
      try await migrate(schema: schemaName, language: identifier)
    } catch {
      close()
      throw error
    }
    listenForChanges()
  }

  /// Keeps `task` until the store closes.
  func addTask(_ task: Task<Void, Never>) {
    tasks.withLock { $0.append(task) }
  }

  /// Stops the pool and the listener.
  public func close() {
    // The listener first: it would take the pool's end for a lost connection.
    for task in tasks.withLock({ $0 }).reversed() { task.cancel() }
  }

  /// A client configuration from a `postgres://` URL.
  static func configuration(_ url: String) throws -> PostgresClient.Configuration {
    guard let components = URLComponents(string: url),
      ["postgres", "postgresql"].contains(components.scheme ?? "")
    else { throw StoreConfigurationError("expected postgres://USER@HOST:PORT/DATABASE") }
    let user = components.user ?? "postgres"
    let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : nil
    let query = Dictionary(
      (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    if let folder = query["host"], folder.hasPrefix("/") {
      let port = components.port ?? 5432
      return PostgresClient.Configuration(
        unixSocketPath: folder + "/.s.PGSQL.\(port)", username: user,
        password: components.password, database: database?.isEmpty == false ? database : nil)
    }
    guard let host = components.host, !host.isEmpty else {
      throw StoreConfigurationError("the URL names no host")
    }
    if let mode = query["sslmode"], !["disable", "allow", "prefer"].contains(mode) {
      throw StoreConfigurationError(
        "sslmode=\(mode) is not supported; use a Unix socket or a tunnel")
    }
    return PostgresClient.Configuration(
      host: host, port: components.port ?? 5432, username: user, password: components.password,
      database: database?.isEmpty == false ? database : nil, tls: .disable)
  }

  /// Whether `name` can be written into a statement as an identifier as it is.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 48
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
      }
  }

  /// The BCP 47 tag of `locale`'s language and region, letters, digits and `-` only.
  static func languageTag(_ locale: Locale) -> String {
    let tag =
      locale.identifier.replacingOccurrences(of: "_", with: "-")
      .split(separator: "@").first.map(String.init) ?? "und"
    let clean = tag.unicodeScalars.filter {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "-"
    }
    return clean.isEmpty ? "und" : String(String.UnicodeScalarView(clean))
  }

  // MARK: Running statements

  /// Runs `body` on a pooled connection, refusing with ``StoreUnavailable`` when the
  /// database does not answer within the timeout (none of the app's requests hang).
  func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let client = client
    return try await StoreUnavailable.within(timeout) {
      try await client.withConnection(body)
    }
  }

  /// Runs `body` in a transaction on one connection (rolled back when it throws).
  func transaction<Result: Sendable>(
    _ begin: String = "BEGIN",
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    try await withConnection { try await Self.transaction(on: $0, begin, body) }
  }

  /// Runs `body` in a transaction on `connection`. When the rollback itself fails (the
  /// connection is lost, or the task was cancelled mid-statement) the connection is closed,
  /// so the pool never hands out one with a transaction still open.
  static func transaction<Result: Sendable>(
    on connection: PostgresConnection, _ begin: String = "BEGIN",
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    try await connection.run(begin)
    do {
      let result = try await body(connection)
      // A caller already answered (the deadline passed) must not find its write committed.
      try Task.checkCancellation()
      try await connection.run("COMMIT")
      return result
    } catch {
      do { try await connection.run("ROLLBACK") } catch { try? await connection.close() }
      throw error
    }
  }

  /// Answers when the server takes writes (not a standby, not read-only).
  public func ping() async throws {
    let rows = try await withConnection {
      try await $0.rows(
        "SELECT CASE WHEN pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on' THEN 1 ELSE 0 END"
      )
    }
    if rows.first?.integer(0) == 1 {
      throw StoreUnavailable(description: "the database takes no writes (read-only or a standby)")
    }
  }
}

extension PostgresConnection {
  /// The rows of `sql` (with `?` placeholders) with `arguments` bound.
  func rows(_ sql: String, _ arguments: [SQLValue] = []) async throws -> [SQLRow] {
    let sequence = try await query(
      PostgresQuery(unsafeSQL: sql.numberingPlaceholders, binds: .init(arguments)),
      logger: Self.quiet)
    var rows: [SQLRow] = []
    for try await row in sequence { rows.append(SQLRow(row)) }
    return rows
  }

  /// Runs `sql` for its effect.
  func run(_ sql: String, _ arguments: [SQLValue] = []) async throws {
    _ = try await rows(sql, arguments)
  }

  static let quiet = Logger(label: "timeline.postgres.query")
}

extension PostgresBindings {
  init(_ values: [SQLValue]) {
    self.init(capacity: values.count)
    for value in values {
      switch value {
      case .null: appendNull()
      case .integer(let number): append(number)
      case .real(let number): append(number)
      case .text(let text): append(text)
      }
    }
  }
}

extension SQLRow {
  init(_ row: PostgresRow) {
    values = row.map(SQLValue.init)
  }
}

extension SQLValue {
  init(_ cell: PostgresCell) {
    guard cell.bytes != nil else {
      self = .null
      return
    }
    switch cell.dataType {
    case .int2, .int4, .int8:
      self = (try? cell.decode(Int64.self)).map(SQLValue.integer) ?? .null
    case .float4, .float8:
      self = (try? cell.decode(Double.self)).map(SQLValue.real) ?? .null
    case .bool:
      self = .integer((try? cell.decode(Bool.self)) == true ? 1 : 0)
    case .numeric:
      let text = (try? cell.decode(String.self)) ?? ""
      self = Int64(text).map(SQLValue.integer) ?? Double(text).map(SQLValue.real) ?? .null
    default:
      self = (try? cell.decode(String.self)).map(SQLValue.text) ?? .null
    }
  }
}

/// The database did not answer in time, or refused the connection: the request may be
/// tried again later (503 with `Retry-After`).
public struct StoreUnavailable: Error, CustomStringConvertible {
  public var description: String

  /// `body`'s result, or ``StoreUnavailable`` when it takes longer than `timeout` or cannot
  /// reach the database. The caller is answered at the deadline even when `body` does not
  /// stop at once (a statement on a lost connection may take a while to fail); `body` is
  /// cancelled and finishes on its own.
  static func within<Result: Sendable>(
    _ timeout: Duration, _ body: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    let waiting = Locked<CheckedContinuation<Result, any Error>?>(nil)
    let timer = Locked<Task<Void, Never>?>(nil)
    /// Answers the caller once: the first of the work and the deadline.
    @Sendable func answer(_ result: Swift.Result<Result, any Error>) {
      let continuation = waiting.withLock { waiting in
        defer { waiting = nil }
        return waiting
      }
      continuation?.resume(with: result)
    }
    return try await withCheckedThrowingContinuation { continuation in
      waiting.withLock { $0 = continuation }
      let work = Task {
        do {
          answer(.success(try await body()))
        } catch let error as PSQLError where error.isConnectionFailure {
          answer(
            .failure(
              StoreUnavailable(description: "the database cannot be reached (\(error.code))")))
        } catch {
          answer(.failure(error))
        }
        timer.withLock { $0?.cancel() }
      }
      timer.withLock {
        $0 = Task {
          guard (try? await Task.sleep(for: timeout)) != nil else { return }
          answer(
            .failure(StoreUnavailable(description: "the database did not answer within \(timeout)"))
          )
          work.cancel()
        }
      }
    }
  }
}

extension PSQLError {
  /// Whether the connection failed (rather than the statement).
  var isConnectionFailure: Bool {
    [.connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection]
      .contains(code) || serverInfo?[.sqlState]?.hasPrefix("57P") == true
      || serverInfo?[.sqlState]?.hasPrefix("08") == true
  }

  /// The SQLSTATE the server answered with.
  var sqlState: String? { serverInfo?[.sqlState] }
}

/// A database URL or option the store cannot use.
public struct StoreConfigurationError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
