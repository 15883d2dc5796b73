import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

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
  metrics: AppMetrics = AppMetrics(),
  onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
  try configuration.validate()
  var logger = logger ?? Logger(label: "timeline")
  if logger.logLevel > .info { logger.logLevel = .info }
  let router = buildRouter(configuration: configuration, store: store, metrics: metrics)
  let clients = ClientConnections(
    limit: configuration.maximumConnectionsPerClient, total: configuration.maximumConnections)
  return Application(
    router: router,
    // Idle connections close (slow or silent clients hold no socket for long), and so do
    // those that stop reading an answer; one client holds at most its share; past the cap,
    // a few more are accepted to be answered 503, and the rest wait in the listen queue
    // until one closes.
    server: .http1(
      configuration: .init(
        additionalChannelHandlers: [
          clients.handler(), StalledReaders(timeout: TimeAmount(configuration.idleTimeout)),
        ],
        idleTimeout: TimeAmount(configuration.idleTimeout),
        httpDecoderConfiguration: .init(maxHeaderListSize: 64 * 1024, maxHeaderFieldCount: 200))),
    configuration: ApplicationConfiguration(
      address: .hostname(configuration.host, port: configuration.port), serverName: "timeline",
      availableConnectionsDelegate: MaximumAvailableConnections(
        configuration.maximumConnections + ClientConnections.refusalRoom)),
    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
    logger: logger)
}

/// The router of the app: a controller per area, behind the request log, the security
/// middleware and `AnswerMiddleware` (errors to answers, the form token). Tests drive it in-process. Every GET route (page, API, static file) also
/// answers HEAD with the same status and headers and no body (RFC 9110 §9.3.2).
public func buildRouter(
  configuration: AppConfiguration, store: any TimelineStore, metrics: AppMetrics = AppMetrics()
)
  -> Router<AppRequestContext>
{
  let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
  let access = Access(clock: configuration.clock)
  router.add(middleware: RequestIDMiddleware())
  router.add(middleware: LogRequestsMiddleware(.info))
  router.add(middleware: MetricsMiddleware(metrics: metrics))
  let service = TimelineService(store: store, configuration: configuration, metrics: metrics)
  let pages = Pages(service: service)
  let errorPage: @Sendable (AppError, String) -> String = { pages.error($0, path: $1) }
  router.add(
    middleware: SecurityMiddleware(
      token: configuration.token, access: access, hosts: configuration.acceptedHosts,
      errorPage: errorPage))
  router.add(middleware: AnswerMiddleware(errorPage: errorPage))
  if let folder = configuration.filesFolder {
    router.add(middleware: StaticFiles(folder: folder))
  }
  HealthRoutes(ping: { try await store.ping() }).add(to: router)
  // Prometheus's text format; behind the token like everything but the health checks.
  router.get("metrics") { _, _ in
    Response.text(metrics.text(), type: "text/plain; version=0.0.4; charset=utf-8")
  }
  EventRoutes(service: service).add(to: router)
  APIController(service: service).add(to: router)
  AssetsController(theme: configuration.theme).add(to: router)
  TimelinesController(service: service).add(to: router)
  CardsController(service: service).add(to: router)
  ItemsController(service: service).add(to: router)
  SessionController(service: service, access: access).add(to: router)
  return router
}
