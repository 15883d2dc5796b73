import Foundation
import Hummingbird
import Logging

/// Builds the web app (WEB-1) on `store`: pages, the JSON API, static files, one log line
/// per request, and the security middleware (SEC-1).
///
/// ```swift
/// let store = try SQLiteStore(path: "timeline.sqlite", locale: configuration.locale)
/// let app = try buildApplication(configuration: configuration, store: store)
/// try await app.runService()
/// ```
public func buildApplication(
  configuration: AppConfiguration, store: any TimelineStore, logger: Logger? = nil,
  onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
  try configuration.validate()
  var logger = logger ?? Logger(label: "timeline")
  if logger.logLevel > .info { logger.logLevel = .info }
  let router = buildRouter(configuration: configuration, store: store)
  return Application(
    router: router,
    configuration: ApplicationConfiguration(
      address: .hostname(configuration.host, port: configuration.port), serverName: "timeline"),
    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
    logger: logger)
}

/// The router of the app: a router per area, behind the request log and the security
/// middleware. Tests drive it in-process.
public func buildRouter(configuration: AppConfiguration, store: any TimelineStore)
  -> Router<BasicRequestContext>
{
  let router = Router(context: BasicRequestContext.self)
  let sessions = Sessions()
  router.add(middleware: LogRequestsMiddleware(.info))
  router.add(middleware: SecurityMiddleware(token: configuration.token, sessions: sessions))
  if let folder = configuration.filesFolder {
    router.add(middleware: FileMiddleware(folder, urlBasePath: "/files"))
  }
  let service = TimelineService(store: store, configuration: configuration)
  HealthRoutes(ping: { try await store.ping() }).add(to: router)
  EventRoutes(service: service).add(to: router)
  APIRoutes(service: service).add(to: router)
  PageRoutes(service: service, sessions: sessions).add(to: router)
  return router
}
