import Foundation
import TimelineCore

/// How `timeline serve` runs: where it listens, who may use it, and the limits it keeps.
public struct AppConfiguration: Sendable {
  /// The address to bind; loopback unless told otherwise (SEC-1).
  public var host: String
  public var port: Int
  /// With a token, the API needs `Authorization: Bearer TOKEN` and browsers sign in once.
  public var token: String?
  /// The largest request body accepted (413 beyond).
  public var bodyLimit: Int
  /// The language of pages, and the first weekday of week sections.
  public var locale: Locale
  /// Rows in one window of the timeline page.
  public var windowSize: Int
  /// The fast filters of the feedback bar, in their original order (FFB-3).
  public var fastFilters: [FilterToken]
  /// The keys whose fast-filter chips open a selection of every value of the key (FFB-8).
  public var selectionKeys: [FilterKey]
  /// A folder served as it is under `/files/` (e.g. pages written by `timeline render`).
  public var filesFolder: String?
  /// The bytes of rendered pages and rows answers kept per timeline revision (0: none).
  public var cacheBytes: Int

  public init(
    host: String = "127.0.0.1", port: Int = 8080, token: String? = nil,
    bodyLimit: Int = 10 * 1024 * 1024, locale: Locale = Locale(identifier: "en_US"),
    windowSize: Int = 120,
    fastFilters: [FilterToken] = defaultFastFilters, selectionKeys: [FilterKey] = [],
    filesFolder: String? = nil, cacheBytes: Int = 64 * 1024 * 1024
  ) {
    self.cacheBytes = cacheBytes
    self.filesFolder = filesFolder
    self.host = host
    self.port = port
    self.token = token
    self.bodyLimit = bodyLimit
    self.locale = locale
    self.windowSize = windowSize
    self.fastFilters = fastFilters
    self.selectionKeys = selectionKeys
  }

  /// Open, In progress and Completed.
  public static let defaultFastFilters = ["status=open", "status=inProgress", "status=completed"]
    .compactMap { try? FilterToken(parsing: $0) }

  /// Whether the host is a loopback address, which may run without a token.
  public var isLoopback: Bool {
    ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
  }

  /// Refuses a configuration that would expose the app without access control.
  public func validate() throws(ConfigurationError) {
    if !isLoopback, (token ?? "").isEmpty {
      throw ConfigurationError(
        "refusing to listen on \(host) without a token: pass --token or set TIMELINE_TOKEN")
    }
    if let token, token.isEmpty { throw ConfigurationError("the token must not be empty") }
  }
}

/// A configuration the app refuses to start with.
public struct ConfigurationError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
