import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The request context of the app: Hummingbird's, with the client's address (the sign-in
/// throttle counts wrong tokens per address).
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  public let remoteAddress: SocketAddress?
  /// The browser's form token (see `AnswerMiddleware`); empty under `/api`.
  var csrf = ""

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }

  /// The client's address as a key (`-` when unknown, as in tests).
  var client: String { remoteAddress?.ipAddress ?? "-" }
}

/// SEC-1: headers on every response, requests for other host names refused (DNS
/// rebinding), cross-site state changes refused, and, with a token, access control (a
/// bearer token for the API, a signed-in session cookie for browsers) that slows down
/// repeated wrong tokens.
struct SecurityMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  let token: String?
  let access: Access
  /// The host names clients may use (`AppConfiguration.acceptedHosts`).
  let hosts: Set<String>
  /// The page that tells a browser why it was refused, in the app's language.
  let errorPage: @Sendable (AppError, _ path: String) -> String

  static let policy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await check(request, context: context, next: next)
    response.headers[.contentSecurityPolicy] = Self.policy
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
    response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    return response
  }

  func check(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    let isAPI = path.hasPrefix("/api/")
    // A request without Host cannot come from a browser, so it cannot be a rebinding. The
    // static files hold no data, and they style the page that says why a name is refused.
    if let authority = request.head.authority, !path.hasPrefix("/static/") {
      guard let name = AppConfiguration.hostName(ofAuthority: authority), hosts.contains(name)
      else {
        return refuse(
          .misdirected("this server does not answer for that host name; see --public-url"),
          request, api: isAPI)
      }
    }
    if request.method != .get, request.method != .head, Self.isCrossSite(request) {
      let error = AppError(
        status: .forbidden, code: "cross_site",
        detail: "cross-site requests may not change anything")
      return refuse(error, request, api: isAPI)
    }
    // Static files, signing in and out and the health checks (load balancers carry no token).
    guard let token, !path.hasPrefix("/static/"),
      !["/signin", "/signout", "/healthz", "/readyz"].contains(path)
    else {
      return try await next(request, context)
    }
    if let header = request.headers[.authorization] {
      if let wait = await access.throttle.wait(for: context.client) {
        return Self.tooManyAttempts(wait)
      }
      if header.hasPrefix("Bearer "), Self.equal(String(header.dropFirst(7)), token) {
        return try await next(request, context)
      }
      await access.throttle.failed(context.client)
    }
    if let session = request.cookies[Sessions.cookie]?.value,
      await access.sessions.contains(session)
    {
      return try await next(request, context)
    }
    // A browser without a session is sent to sign in, for HEAD as for GET.
    if isAPI || (request.method != .get && request.method != .head) {
      var response = AppError(
        status: .unauthorized, code: "unauthorized", detail: "send Authorization: Bearer TOKEN"
      ).jsonResponse
      response.headers[.wwwAuthenticate] = "Bearer"
      return response
    }
    // The whole address, query included: signing in leads back to the list, the question, ….
    let address = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
    return .redirect(
      "/signin?next="
        + (address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
  }

  /// The API's JSON error, or for a page the error page in the app's language.
  func refuse(_ error: AppError, _ request: Request, api: Bool) -> Response {
    api ? error.jsonResponse : .html(errorPage(error, request.uri.path), status: error.status)
  }

  /// 429 with the seconds to wait, for an API client that sent too many wrong tokens.
  static func tooManyAttempts(_ seconds: Int) -> Response {
    let error = AppError(
      status: .tooManyRequests, code: "too_many_attempts",
      detail: "too many wrong tokens; try again in \(seconds) s")
    var response = error.jsonResponse
    response.headers[.retryAfter] = String(seconds)
    return response
  }

  /// Whether the browser says the request comes from another site (`Sec-Fetch-Site`), or
  /// its `Origin` names another host than the one asked.
  static func isCrossSite(_ request: Request) -> Bool {
    if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site == "cross-site" {
      return true
    }
    guard let origin = request.headers[HTTPField.Name("Origin")!] else { return false }
    guard let host = request.head.authority,
      let url = URL(string: origin), let originHost = url.host
    else { return true }
    let originAuthority = originHost + (url.port.map { ":\($0)" } ?? "")
    return originAuthority.lowercased() != host.lowercased()
  }

  /// Compares secrets in time that does not depend on where they differ.
  static func equal(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<max(x.count, y.count) {
      difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
    }
    return difference == 0
  }

  /// `next` when it is a path on this site to go to after signing in, else `/`: a parsed
  /// relative reference with no scheme or host, whose path starts with one `/` and holds
  /// no backslash or control character even once decoded (`/\\evil`, `/%09/evil` and
  /// `//evil` would leave the site in some browser). What a `Location` header cannot carry
  /// as it is (a space, a letter beyond ASCII) is percent-encoded.
  static func localPath(_ next: String) -> String {
    // What cannot be decoded cannot be checked, so it goes nowhere but home.
    guard let decoded = FormBody.percentDecoded(next[...]), next.hasPrefix("/"),
      !decoded.hasPrefix("//"),
      !decoded.unicodeScalars.contains(where: {
        $0 == "\\" || $0.properties.generalCategory == .control
      }),
      let components = URLComponents(string: next), components.scheme == nil,
      components.host == nil, components.path.hasPrefix("/")
    else { return "/" }
    return next.addingPercentEncoding(withAllowedCharacters: locationAllowed) ?? "/"
  }

  /// A path's and a query's characters, the fragment's `#` and the `%` of escapes.
  private static let locationAllowed = CharacterSet.urlPathAllowed.union(.urlQueryAllowed)
    .union(CharacterSet(charactersIn: "%#"))
}

/// What access control keeps between requests: the signed-in sessions and the count of
/// wrong tokens.
struct Access: Sendable {
  let sessions: Sessions
  let throttle: Throttle

  init(clock: @escaping @Sendable () -> Date) {
    sessions = Sessions(clock: clock)
    throttle = Throttle(clock: clock)
  }
}

/// The signed-in browser sessions of this process: each ends when signed out, or
/// `lifetime` after it began.
actor Sessions {
  static let cookie = "tl_session"
  /// How long a sign-in lasts.
  static let lifetime: TimeInterval = 12 * 3_600
  private var started: [String: Date] = [:]
  private let clock: @Sendable () -> Date

  init(clock: @escaping @Sendable () -> Date) { self.clock = clock }

  func contains(_ id: String) -> Bool {
    guard let start = started[id] else { return false }
    guard clock().timeIntervalSince(start) < Self.lifetime else {
      started[id] = nil
      return false
    }
    return true
  }

  func start() -> String {
    let now = clock()
    started = started.filter { now.timeIntervalSince($0.value) < Self.lifetime }
    let id = Self.random()
    started[id] = now
    return id
  }

  func end(_ id: String) { started[id] = nil }

  /// 256 random bits as hex.
  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let value = generator.next() as UInt64
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}

/// Wrong tokens per client address: after `limit` within `window`, every attempt from that
/// address (right or wrong, so that guessing learns nothing) waits until the oldest
/// leaves the window.
actor Throttle {
  static let limit = 5
  static let window: TimeInterval = 60
  private var failures: [String: [Date]] = [:]
  private let clock: @Sendable () -> Date

  init(clock: @escaping @Sendable () -> Date) { self.clock = clock }

  /// The whole seconds `client` must wait, or `nil` when it may try.
  func wait(for client: String) -> Int? {
    let now = clock()
    let recent = (failures[client] ?? []).filter { now.timeIntervalSince($0) < Self.window }
    failures[client] = recent.isEmpty ? nil : recent
    guard recent.count >= Self.limit, let oldest = recent.first else { return nil }
    return max(1, Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up)))
  }

  func failed(_ client: String) {
    let now = clock()
    if failures.count > 10_000 {
      failures = failures.filter { now.timeIntervalSince($0.value.last ?? now) < Self.window }
    }
    failures[client, default: []].append(now)
  }
}

/// Form bodies (`application/x-www-form-urlencoded`) and query strings: `+` is a space and
/// both names and values are percent-decoded (Hummingbird's `queryParameters` keeps `+`).
enum FormBody {
  static func parameters(_ request: Request) -> [(String, String)] {
    parse(request.uri.query ?? "")
  }

  static func parameter(_ name: String, in request: Request) -> String? {
    parameters(request).last { $0.0 == name }?.1
  }

  static func parse(_ text: String) -> [(String, String)] {
    text.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  /// `part` with `+` as a space and every `%XY` as its byte; when an escape is not two hex
  /// digits or the bytes are not UTF-8, only the `+` are replaced (as Foundation's
  /// `removingPercentEncoding` refuses such text whole).
  static func decode(_ part: Substring) -> String {
    percentDecoded(part, plusIsSpace: true)
      ?? String(
        decoding: part.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 },
        as: UTF8.self)
  }

  /// `part` with every `%XY` as its byte (and `+` as a space when `plusIsSpace`), or `nil`
  /// when an escape is not two hex digits or the bytes are not UTF-8. Byte for byte, unlike
  /// Foundation's `removingPercentEncoding`, which drops a leading U+FEFF: an address of
  /// the item `\u{FEFF}a` would name the item `a`.
  static func percentDecoded(_ part: Substring, plusIsSpace: Bool = false) -> String? {
    let utf8 = part.utf8
    guard utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
      return String(part)
    }
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      index = utf8.index(after: index)
      switch byte {
      case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard index < utf8.endIndex, let high = hex(utf8[index]),
          case let next = utf8.index(after: index), next < utf8.endIndex,
          let low = hex(utf8[next])
        else { return nil }
        bytes.append(high << 4 | low)
        index = utf8.index(after: next)
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
