import Foundation
import HTTPTypes
import Hummingbird

/// SEC-1: headers on every response, cross-site state changes refused, and, with a token,
/// access control (a bearer token for the API, a signed-in session cookie for browsers).
struct SecurityMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext
  let token: String?
  let sessions: Sessions

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
    if request.method != .get, request.method != .head, Self.isCrossSite(request) {
      return refuse(
        .forbidden, "cross_site", "cross-site requests may not change anything", api: isAPI)
    }
    // Static files, signing in and the health checks (load balancers carry no token).
    guard let token, !path.hasPrefix("/static/"),
      !["/signin", "/healthz", "/readyz"].contains(path)
    else {
      return try await next(request, context)
    }
    if let header = request.headers[.authorization], header.hasPrefix("Bearer "),
      Self.equal(String(header.dropFirst(7)), token)
    {
      return try await next(request, context)
    }
    if let session = request.cookies["tl_session"]?.value, await sessions.contains(session) {
      return try await next(request, context)
    }
    if isAPI || request.method != .get {
      var response = refuse(
        .unauthorized, "unauthorized", "send Authorization: Bearer TOKEN", api: true)
      response.headers[.wwwAuthenticate] = "Bearer"
      return response
    }
    return .redirect(
      "/signin?next="
        + (request.uri.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
  }

  func refuse(_ status: HTTPResponse.Status, _ code: String, _ detail: String, api: Bool)
    -> Response
  {
    let error = AppError(status: status, code: code, detail: detail)
    return api
      ? .json(error.json, status: status)
      : .text(detail + "\n", type: "text/plain; charset=utf-8", status: status)
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
    return originAuthority != host
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
}

/// The signed-in browser sessions of this process.
actor Sessions {
  private var ids: Set<String> = []

  func contains(_ id: String) -> Bool { ids.contains(id) }

  func start() -> String {
    let id = Self.random()
    ids.insert(id)
    return id
  }

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
      func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }
}
