import Foundation
import TimelineCore
import _TimelineMarkup

extension HTMLRenderer {
  /// A complete standalone page: the document language and direction from `locale`
  /// (right-to-left languages mirror the layout), the stylesheet with the theme, `body`, and
  /// the progressive script.
  public func page(title: String, locale: Locale, body: [Markup]) -> String {
    let language = locale.language.languageCode?.identifier ?? "en"
    let direction = Self.rightToLeftLanguages.contains(language) ? "rtl" : "ltr"
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
            .element("style", Stylesheet.css(theme: theme)),
          ]),
        .element(
          "body", ["class": "tl-page"],
          [
            .element("main", ["class": "tl-root"], [.element("h1", text: title)] + body),
            .element("script", [.trusted(Script.source)]),
          ]),
      ])
    return "<!DOCTYPE html>" + (indented ? "\n" : "") + render(document) + "\n"
  }

  static let rightToLeftLanguages: Set<String> = [
    "ar", "he", "fa", "ur", "ps", "yi", "dv", "ku", "sd", "ug",
  ]
}
