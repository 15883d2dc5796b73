import Foundation
import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// A complete standalone page: the document language and direction from `locale`
  /// (right-to-left languages mirror the layout), the stylesheet with the theme, `body`, and
  /// the progressive script.
  public func page(title: String, locale: Locale, body: [Markup]) -> String {
    var output = ""
    writePage(title: title, locale: locale, body: body, to: &output)
    return output
  }

  /// Writes ``page(title:locale:body:)`` to `output` as it goes (a large timeline's rows
  /// are made and written section by section).
  public func writePage(
    title: String, locale: Locale, body: [Markup], to output: inout some TextOutputStream
  ) {
    writeDocument(
      title: title, locale: locale, head: [.element("style", Stylesheet.css(theme: theme))],
      bodyClass: "tl-page",
      body: [
        .element("main", ["class": "tl-root"], [.element("h1", text: title)] + body),
        .element("script", [.trusted(Script.page)]),
      ], to: &output)
  }

  /// The `<!DOCTYPE html>` document both kinds of page share: language and direction from
  /// `locale`, the meta elements and title, then `head` and the body.
  func document(
    title: String, locale: Locale, head: [Markup], bodyClass: String, body: [Markup]
  ) -> String {
    var output = ""
    writeDocument(
      title: title, locale: locale, head: head, bodyClass: bodyClass, body: body, to: &output)
    return output
  }

  func writeDocument(
    title: String, locale: Locale, head: [Markup], bodyClass: String, body: [Markup],
    to output: inout some TextOutputStream
  ) {
    let language = locale.language.languageCode?.identifier ?? "en"
    let direction = ReadingDirection(locale).rawValue
    let document: Markup = .element(
      "html", ["lang": language, "dir": direction],
      [
        .element(
          "head",
          [
            .element("meta", ["charset": "utf-8"]),
            .element(
              "meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
            .element("meta", ["name": "color-scheme", "content": "light dark"]),
            .element("title", text: title),
          ] + head),
        .element("body", ["class": bodyClass], body),
      ])
    output.write("<!DOCTYPE html>" + (indented ? "\n" : ""))
    MarkupRenderer(dialect: .html, indented: indented).write(document, to: &output)
    output.write("\n")
  }

  /// Where a served page finds its stylesheet and script, so that a strict
  /// Content-Security-Policy (no inline script or style) can be sent with it.
  public struct Assets: Sendable, Hashable {
    public var stylesheet: String
    public var script: String

    public init(stylesheet: String, script: String) {
      self.stylesheet = stylesheet
      self.script = script
    }
  }

  /// A complete page for a web app: like ``page(title:locale:body:)``, but the stylesheet
  /// and the script are linked from `assets`, `header` stands above the title and `aside`
  /// beside the main content (a side sheet on regular widths, TL-12).
  public func page(
    title: String, locale: Locale, header: [Markup] = [], body: [Markup], aside: [Markup] = [],
    assets: Assets
  ) -> String {
    var content: [Markup] = [
      .element(
        "main", ["class": "tl-root", "id": "main"], header + [.element("h1", text: title)] + body)
    ]
    if !aside.isEmpty {
      content.append(
        .element(
          "aside", ["class": "tl-root tl-side", "id": "tl-detail", "aria-label": title], aside))
    }
    return document(
      title: title, locale: locale,
      head: [
        .element("link", ["rel": "stylesheet", "href": assets.stylesheet]),
        .element("script", ["src": assets.script, "defer": ""]),
      ],
      bodyClass: "tl-page" + (aside.isEmpty ? "" : " tl-split"), body: content)
  }

  /// The standalone page's script as JavaScript text: what ``page(title:locale:body:)``
  /// inlines, for a server to serve as a file under a strict Content-Security-Policy.
  public static var script: String { Script.page.value }

  /// The script a server's page shares with the standalone page: the Sort & Filter
  /// dialog's editing (`timelineSortDialog(dialog)`), for a server whose own script applies
  /// the dialog (the web app sends its form), and the sticky search and bar
  /// (`.tl-controls`).
  public static var sharedScript: String { Script.shared.value }

  /// The stylesheet of the standalone page with this renderer's theme, as CSS text.
  public var stylesheet: String {
    Stylesheet.css(theme: theme).map { markup in
      if case .trusted(let text) = markup { return text.value }
      return ""
    }.joined()
  }
}
