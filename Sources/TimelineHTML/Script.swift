import Foundation
import _TimelineMarkup

/// The standalone page's progressive script, from the JavaScript files in `Resources`:
///
/// - `dialog.js`: the Sort & Filter dialog's editing, `timelineSortDialog(dialog)`;
/// - `controls.js`: the sticky search, tools and bar;
/// - `page.js`: the page's own behaviour (chips, filtering, search, the now indicator,
///   applying the dialog in place).
///
/// The web app serves the first two beside its own script, which applies the dialog by
/// sending its form: the editing is written once.
enum Script {
  static let dialog = file("dialog")
  static let controls = file("controls")
  static let source = file("page")

  /// The page's whole script: the dialog's editing, the sticky controls, then the page's
  /// behaviour.
  static let page = TrustedText(joining: [dialog, controls, source], separator: "\n")

  /// The scripts a server page shares with the standalone page.
  static let shared = TrustedText(joining: [dialog, controls], separator: "\n")

  private static func file(_ name: String) -> TrustedText {
    TrustedText(resource: name, extension: "js", in: .module)
  }
}
