import Foundation
import Hummingbird
import TimelineHTML

/// Signing in and out, when the app has a token (SEC-1): the sign-in page, the form that
/// checks the token (slowed down after wrong ones) and starts a session, and signing out,
/// which ends the session here, not only in this browser.
struct SessionController: Sendable {
  let service: TimelineService
  let access: Access
  var words: AppStrings { Pages(service: service).appWords }

  func add(to router: Router<AppRequestContext>) {
    router.get("signin", use: signInForm)
    router.post("signin", use: signIn)
    router.post("signout", use: signOut)
  }

  /// `GET /signin?next=PATH` (a path of this site, with its query).
  @Sendable func signInForm(_ request: Request, context: AppRequestContext) async throws
    -> Response
  {
    .html(signInPage(next: FormBody.parameter("next", in: request) ?? "/", alert: nil))
  }

  /// `POST /signin`: the token; on to `next` (a local path only) with a session cookie.
  /// After too many wrong tokens, the form again with how long to wait (429, `Retry-After`).
  @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
    var request = request
    let body = try await request.collectBody(refusingOver: 64 * 1024)
    let form = FormBody.parse(String(buffer: body))
    let next = form.value("next")
    if let wait = await access.throttle.wait(for: context.client) {
      var response = Response.html(
        signInPage(next: next, alert: words.tooManyTokens), status: .tooManyRequests)
      response.headers[.retryAfter] = String(wait)
      return response
    }
    guard let token = service.configuration.token,
      SecurityMiddleware.equal(form.value("token"), token)
    else {
      await access.throttle.failed(context.client)
      return .html(signInPage(next: next, alert: words.wrongToken), status: .unauthorized)
    }
    var response = Response.redirect(SecurityMiddleware.localPath(next))
    let session = await access.sessions.start()
    response.setCookie(
      Cookie(
        name: Sessions.cookie, value: session, maxAge: Int(Sessions.lifetime), path: "/",
        httpOnly: true, sameSite: .strict))
    return response
  }

  /// `POST /signout`.
  @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
    if let session = request.cookies[Sessions.cookie]?.value {
      await access.sessions.end(session)
    }
    var response = Response.redirect("/signin")
    response.setCookie(
      Cookie(
        name: Sessions.cookie, value: "", maxAge: 0, path: "/", httpOnly: true,
        sameSite: .strict))
    return response
  }

  /// The sign-in form, after `alert` when there is one.
  func signInPage(next: String, alert: String?) -> String {
    var body: [Markup] = []
    if let alert {
      body.append(.element("p", ["class": "tl-error", "role": "alert"], text: alert))
    }
    body.append(
      .element(
        "form", ["class": "tl-form", "method": "post", "action": "/signin"],
        [
          .element("input", ["type": "hidden", "name": "next", "value": next]),
          .element(
            "label",
            [
              .text(words.accessToken),
              .element(
                "input",
                [
                  "type": "password", "name": "token", "required": "",
                  "autocomplete": "current-password",
                ]),
            ]),
          .element(
            "button", ["type": "submit", "class": "tl-primary"], text: words.signIn),
        ]))
    return HTMLRenderer(theme: service.configuration.theme).page(
      title: words.signIn, locale: service.configuration.locale, body: body,
      assets: Pages.assets)
  }
}
