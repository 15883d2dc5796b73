import ArgumentParser
import TimelineCore
import TimelineHTML
import TimelineImport

/// A theme file (`--theme FILE` of `render`, `preview` and `serve`): colors and node icons
/// customized together (TL-13), each member optional, the rest the standard theme's.
///
/// ```json
/// {
///   "light": { "accent": "#6a1fb0", "highlight": "#f1e8fb" },
///   "dark": { "accent": "#c9a3f5" },
///   "icons": { "checkmark": "M4 8l3 3 5-6", "events": { "rocket": "M12 2l4 8h-8Z" } }
/// }
/// ```
///
/// A member the file does not know, a value that is not a `#rrggbb` color or SVG path
/// data, or a palette whose text or nodes would fall short of WCAG AA on its backgrounds is
/// refused, located (`FILE:LINE:COLUMN: message`).
enum ThemeFile {
  /// `--theme`'s file, else the standard theme. A bad file ends the command with status 65
  /// and a located message.
  static func load(_ path: String?) throws -> TimelineTheme {
    guard let path else { return .standard }
    do {
      return try read(path: path)
    } catch {
      Terminal.writeError(error.description)
      throw ExitCode(65)
    }
  }

  static func read(path file: String) throws(DocumentError) -> TimelineTheme {
    let bytes = try InputFile.read(path: file)
    let root = try JSONParser.parse(bytes, file: file)
    func failure(_ value: JSONValue, _ message: String) -> DocumentError {
      DocumentError(
        file: file, location: SourceLocation(offset: value.offset, in: bytes), message: message)
    }
    // The members of `object`, each known to `names`.
    func members(_ object: JSONValue, of what: String, names: [String]) throws(DocumentError)
      -> [JSONValue.Member]
    {
      guard let members = object.members else {
        throw failure(object, "expected an object for \(what), found \(object.typeName)")
      }
      for member in members where !names.contains(member.key) {
        throw DocumentError(
          file: file, location: SourceLocation(offset: member.keyOffset, in: bytes),
          message: "unknown member \(JSONString.quoted(member.key)) in \(what); expected one of "
            + names.joined(separator: ", "))
      }
      return members
    }
    func text(_ member: JSONValue.Member) throws(DocumentError) -> String {
      guard let text = member.value.stringValue else {
        throw failure(
          member.value,
          "expected a string for \(JSONString.quoted(member.key)), found \(member.value.typeName)")
      }
      return text
    }
    func iconPath(_ member: JSONValue.Member) throws(DocumentError) -> NodeIconPath {
      guard let path = NodeIconPath(try text(member)) else {
        throw failure(
          member.value,
          "expected SVG path data for \(JSONString.quoted(member.key)) (path commands, numbers "
            + "and separators, at most 512 bytes)")
      }
      return path
    }

    var theme = TimelineTheme.standard
    let colors: [(String, WritableKeyPath<TimelineTheme.Palette, CSSValue>)] = [
      ("accent", \.accent), ("neutral", \.neutral), ("background", \.background),
      ("surface", \.surface), ("highlight", \.highlight), ("selected", \.selected),
      ("text", \.text), ("secondaryText", \.secondaryText), ("border", \.border),
    ]
    for member in try members(root, of: "the theme", names: ["light", "dark", "icons"]) {
      switch member.key {
      case "light", "dark":
        let palette: WritableKeyPath<TimelineTheme, TimelineTheme.Palette> =
          member.key == "light" ? \.light : \.dark
        for color in try members(
          member.value, of: JSONString.quoted(member.key), names: colors.map(\.0))
        {
          let value = try text(color)
          guard CardColor.isHex(value, allowingShort: false), let css = CSSValue(value) else {
            throw failure(
              color.value,
              "expected a color #rrggbb for \(JSONString.quoted(color.key)), found "
                + JSONString.quoted(value))
          }
          // (`members` refused every other name.)
          if let key = colors.first(where: { $0.0 == color.key })?.1 {
            theme[keyPath: palette][keyPath: key] = css
          }
        }
        if let problem = theme[keyPath: palette].contrastProblems.first {
          throw failure(
            member.value, "the \(member.key) palette falls short of WCAG AA: \(problem)")
        }
      default:
        let glyphs: [(String, WritableKeyPath<NodeIcons, NodeIconPath>)] = [
          ("checkmark", \.checkmark), ("ellipsis", \.ellipsis), ("slash", \.slash), ("bar", \.bar),
        ]
        for icon in try members(
          member.value, of: "\"icons\"", names: glyphs.map(\.0) + ["events"])
        {
          if let glyph = glyphs.first(where: { $0.0 == icon.key }) {
            theme.icons[keyPath: glyph.1] = try iconPath(icon)
            continue
          }
          guard let events = icon.value.members else {
            throw failure(
              icon.value, "expected an object for \"events\", found \(icon.value.typeName)")
          }
          for event in events { theme.icons.events[event.key.lowercased()] = try iconPath(event) }
        }
      }
    }
    return theme
  }
}
