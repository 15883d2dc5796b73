import Hummingbird
import TimelineHTML

/// The app's stylesheet and scripts, answered with `Cache-Control: no-cache` (a browser
/// asks again with the tag, so a new version is never missed).
struct AssetsController: Sendable {
  /// The app's colors and node icons, whose custom properties open the stylesheet.
  let theme: TimelineTheme

  func add(to router: Router<AppRequestContext>) {
    router.get("static/timeline.css") { _, _ in
      Response.text(
        HTMLRenderer(theme: theme).stylesheet + "\n" + Resources.stylesheet,
        type: "text/css; charset=utf-8"
      ).cached
    }
    // The standalone page's behaviour as a file, for pages of the app's renderers that want
    // it under the app's Content-Security-Policy (no inline script).
    router.get("static/timeline.js") { _, _ in
      Response.text(HTMLRenderer.script, type: "text/javascript; charset=utf-8").cached
    }
    // The dialog's editing is the standalone page's; the app's own behaviour follows.
    router.get("static/app.js") { _, _ in
      Response.text(
        HTMLRenderer.sharedScript + "\n" + Resources.script,
        type: "text/javascript; charset=utf-8"
      ).cached
    }
    // Browsers ask for an icon on every first visit; answer it without an error.
    router.get("favicon.ico") { _, _ in Response(status: .noContent) }
  }
}

extension Response {
  /// The answer with `Cache-Control: no-cache`.
  var cached: Response {
    var response = self
    response.headers[.cacheControl] = "no-cache"
    return response
  }
}
