import Foundation
import TimelineCore
import TimelineHTML

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
  /// The address clients use when it is not the bound one (behind a proxy, or when bound
  /// to every interface): its host name is accepted in `Host`.
  public var publicURL: String?
  /// More host names clients may use to reach the app.
  public var allowedHosts: [String]
  /// The most connections served at once; more wait in the listen queue until one closes.
  public var maximumConnections: Int
  /// The most connections open at once from one client address; one more is closed at
  /// once (a single client cannot hold every connection).
  public var maximumConnectionsPerClient: Int
  /// A connection that sends nothing for this long (between requests, or in the middle of
  /// one) is closed, and so is one that reads none of an answer waiting for it this long.
  public var idleTimeout: Duration
  /// The clock of sessions and the sign-in throttle.
  public var clock: @Sendable () -> Date
  /// The colors and node icons of every page, the stylesheet and SVG exports (TL-13).
  public var theme = TimelineTheme.standard

  public init(
    host: String = "127.0.0.1", port: Int = 8080, token: String? = nil,
    bodyLimit: Int = 10 * 1024 * 1024, locale: Locale = Locale(identifier: "en_US"),
    windowSize: Int = 120,
    fastFilters: [FilterToken] = defaultFastFilters, selectionKeys: [FilterKey] = [],
    filesFolder: String? = nil, cacheBytes: Int = 64 * 1024 * 1024,
    publicURL: String? = nil, allowedHosts: [String] = [], maximumConnections: Int = 512,
    maximumConnectionsPerClient: Int = 128,
    idleTimeout: Duration = .seconds(30), clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.publicURL = publicURL
    self.allowedHosts = allowedHosts
    self.maximumConnections = maximumConnections
    self.maximumConnectionsPerClient = maximumConnectionsPerClient
    self.idleTimeout = idleTimeout
    self.clock = clock
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

  /// Whether the app listens on every interface (`0.0.0.0`, `::`).
  var isWildcard: Bool { ["0.0.0.0", "::", "[::]", ""].contains(host) }

  /// The host names a request's `Host` may name (SEC-1, against DNS rebinding): loopback
  /// names, the bound address unless it is every interface, `publicURL`'s host and
  /// `allowedHosts`.
  public var acceptedHosts: Set<String> {
    var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
    if !isWildcard, let name = Self.hostName(ofAuthority: host) { names.insert(name) }
    if let publicURL, let name = URL(string: publicURL)?.host.flatMap(Self.hostName) {
      names.insert(name)
    }
    for given in allowedHosts {
      if let name = Self.hostName(ofAuthority: given) { names.insert(name) }
    }
    return names
  }

  /// The host name of a `Host` value (`Example.org:8080`, `[::1]:80`), lowercased, without
  /// port, brackets or a final dot; `nil` when it is not a host name or address.
  public static func hostName(ofAuthority authority: String) -> String? {
    var text = Substring(authority.lowercased())
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      let rest = text[text.index(after: close)...]
      guard
        rest.isEmpty
          || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }))
      else { return nil }
      text = text[text.index(after: text.startIndex)..<close]
    } else if let colon = text.firstIndex(of: ":"), !text[text.index(after: colon)...].contains(":")
    {
      guard text[text.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      text = text[..<colon]
    }
    if text.hasSuffix(".") { text = text.dropLast() }
    guard !text.isEmpty, text.utf8.count <= 253,
      text.unicodeScalars.allSatisfy({
        $0.properties.isASCIIHexDigit || ("g"..."z").contains($0)
          || "-.:_".unicodeScalars.contains($0)
      })
    else { return nil }
    return String(text)
  }

  /// Refuses a configuration that would expose the app without access control.
  public func validate() throws(ConfigurationError) {
    if isWildcard, publicURL == nil, allowedHosts.isEmpty {
      throw ConfigurationError(
        "listening on every interface needs --public-url URL (or --allow-host NAME): the host names clients use, which the app checks against DNS rebinding"
      )
    }
    if let publicURL, URL(string: publicURL)?.host == nil {
      throw ConfigurationError(
        "--public-url must be an absolute URL such as https://timeline.example.org")
    }
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
