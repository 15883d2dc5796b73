import Foundation
import HTTPTypes
import Hummingbird

/// The last step before a route: what it throws becomes the client's answer, and a browser
/// without a form token gets one.
///
/// - An error is answered as JSON (`{"error", "detail"}`) under `/api`, as an error page
///   elsewhere, with its status (``AppError/from(_:)`` says which: 404 for a timeline that
///   does not exist, 400 naming a parameter, 503 when the database is away, …). Routes only
///   throw; none catches to answer.
/// - A page's forms carry a CSRF token that must equal the `tl_csrf` cookie
///   (SameSite=Strict), so another site cannot post them. The token is handed to the route
///   in ``AppRequestContext/csrf``, and set as the cookie with the first HTML answer.
struct AnswerMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  /// The page that tells a browser what went wrong, at the path it asked for.
  let errorPage: @Sendable (AppError, _ path: String) -> String

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let isAPI = request.uri.path.hasPrefix("/api/")
    var context = context
    let existing = request.cookies["tl_csrf"]?.value
    if !isAPI { context.csrf = existing ?? Sessions.random() }
    var response: Response
    do {
      response = try await next(request, context)
    } catch {
      let failure = AppError.from(error)
      if isAPI {
        response = failure.jsonResponse
      } else {
        response = .html(errorPage(failure, request.uri.path), status: failure.status)
        response.headers.append(contentsOf: failure.headers)
      }
      // An address no route answers has no HEAD route either: HEAD gets the status alone.
      if request.method == .head { response.body = .init() }
    }
    if !isAPI, existing == nil, response.headers[.contentType]?.hasPrefix("text/html") == true {
      response.setCookie(
        Cookie(name: "tl_csrf", value: context.csrf, path: "/", httpOnly: true, sameSite: .strict))
    }
    return response
  }
}

extension AppError: HTTPResponseError {
  /// The API's answer: `{"error": code, "detail": text}` with the status and headers.
  func response(from request: Request, context: some RequestContext) throws -> Response {
    jsonResponse
  }

  var jsonResponse: Response { .json(json, status: status, headers: headers) }
}

extension Response {
  static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    .text(text, type: "text/html; charset=utf-8", status: status)
  }

  /// A page whose forms change an item (they carry its tag and a CSRF token): never kept by
  /// a browser, so that Back after a change or a delete asks the server again instead of
  /// showing forms for a version that is gone.
  static func formPage(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    var response = html(text, status: status)
    response.headers[.cacheControl] = "no-store"
    return response
  }
}

extension Request {
  /// The body, at most `limit` bytes (413 beyond). A body declared larger is refused before
  /// any of it is read: a client that declares more than it sends would otherwise get no
  /// answer until the connection's idle timeout.
  mutating func collectBody(refusingOver limit: Int) async throws -> ByteBuffer {
    if let declared = headers[.contentLength].flatMap(Int.init), declared > limit {
      throw HTTPError(.contentTooLarge)
    }
    return try await collectBody(upTo: limit)
  }
}
