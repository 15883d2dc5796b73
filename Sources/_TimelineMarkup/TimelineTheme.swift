import Foundation
import TimelineCore

/// Colors and node icons, customized together (TL-13), for HTML and SVG. A theme has a light
/// and a dark palette; HTML switches with `prefers-color-scheme`, SVG takes one.
///
/// ```swift
/// var theme = TimelineTheme.standard
/// theme.light.accent = CSSValue("#8a2be2")!
/// theme.icons.completed = NodeIconPath("M4 8l3 3 5-6")!
/// ```
public struct TimelineTheme: Sendable, Hashable {
  public var light: Palette
  public var dark: Palette
  public var icons: NodeIcons

  public init(light: Palette, dark: Palette, icons: NodeIcons = NodeIcons()) {
    self.light = light
    self.dark = dark
    self.icons = icons
  }

  /// One palette. Every text and node color meets WCAG AA (4.5:1) on `background`, `surface`
  /// and `highlight` (checked in tests with `contrastRatio`).
  public struct Palette: Sendable, Hashable {
    /// Past and current nodes and lines, links, the now indicator.
    public var accent: CSSValue
    /// Future nodes and lines.
    public var neutral: CSSValue
    /// The page.
    public var background: CSSValue
    /// Cards.
    public var surface: CSSValue
    /// The current card (TL-4).
    public var highlight: CSSValue
    /// The selected card (TL-8).
    public var selected: CSSValue
    public var text: CSSValue
    public var secondaryText: CSSValue
    /// Card and chip borders.
    public var border: CSSValue

    public init(
      accent: CSSValue, neutral: CSSValue, background: CSSValue, surface: CSSValue,
      highlight: CSSValue, selected: CSSValue, text: CSSValue, secondaryText: CSSValue,
      border: CSSValue
    ) {
      self.accent = accent
      self.neutral = neutral
      self.background = background
      self.surface = surface
      self.highlight = highlight
      self.selected = selected
      self.text = text
      self.secondaryText = secondaryText
      self.border = border
    }

    /// Where this palette falls short of WCAG AA, one sentence each ("text #777777 on
    /// background #ffffff: 4.48:1, at least 4.5:1"): text, secondary text and the accent
    /// (links) 4.5:1 on every background cards and the page have; the neutral nodes and
    /// lines, graphics, 3:1 (WCAG 1.4.11). A color that is not `#rrggbb` cannot be measured
    /// and says so.
    public var contrastProblems: [String] {
      let backgrounds = [
        ("background", background), ("surface", surface), ("highlight", highlight),
        ("selected", selected),
      ]
      let foregrounds = [
        ("text", text, 4.5), ("secondaryText", secondaryText, 4.5), ("accent", accent, 4.5),
        ("neutral", neutral, 3.0),
      ]
      var problems: [String] = []
      let measured = foregrounds.map { ($0.0, $0.1) } + backgrounds
      for (name, color) in measured where Contrast.luminance(color.value) == nil {
        problems.append(
          "\(name) \(color.value): expected a color #rrggbb, whose contrast can be measured")
      }
      guard problems.isEmpty else { return problems }
      for (name, color, least) in foregrounds {
        for (backgroundName, backgroundColor) in backgrounds {
          guard let ratio = Contrast.ratio(color, backgroundColor), ratio < least else { continue }
          let shown = (ratio * 100).rounded(.down) / 100
          problems.append(
            "\(name) \(color.value) on \(backgroundName) \(backgroundColor.value): \(shown):1, "
              + "at least \(least == 3 ? "3" : "4.5"):1")
        }
      }
      return problems
    }

    /// The CSS custom properties of this palette.
    public var declarations: TrustedText {
      CSSValue.declarations([
        ("tl-accent", accent), ("tl-neutral", neutral), ("tl-background", background),
        ("tl-surface", surface), ("tl-highlight", highlight), ("tl-selected", selected),
        ("tl-text", text), ("tl-secondary", secondaryText), ("tl-border", border),
      ])
    }
  }

  /// The default theme.
  public static let standard = TimelineTheme(
    light: Palette(
      accent: CSSValue("#0a5fb4")!, neutral: CSSValue("#5b6570")!,
      background: CSSValue("#f5f6f7")!, surface: CSSValue("#ffffff")!,
      highlight: CSSValue("#e5f0fa")!, selected: CSSValue("#d9e6f2")!,
      text: CSSValue("#1d2d3e")!, secondaryText: CSSValue("#4e5a66")!,
      border: CSSValue("#768899")!),
    dark: Palette(
      accent: CSSValue("#4db1ff")!, neutral: CSSValue("#a3afbb")!,
      background: CSSValue("#12171c")!, surface: CSSValue("#1d232a")!,
      highlight: CSSValue("#1e3448")!, selected: CSSValue("#283848")!,
      text: CSSValue("#f5f6f7")!, secondaryText: CSSValue("#c3ccd5")!,
      border: CSSValue("#6f8192")!))
}

/// SVG path data for the glyphs inside nodes, in a 16×16 box centered on the node.
public struct NodeIcons: Sendable, Hashable {
  public var checkmark: NodeIconPath
  public var ellipsis: NodeIconPath
  public var slash: NodeIconPath
  public var bar: NodeIconPath
  /// Event icons by name (an item's `icon`, TL-13), drawn as strokes in a 24×24 box:
  /// ``builtInEvents`` unless a theme replaces or adds some. An unknown name draws nothing.
  public var events: [String: NodeIconPath]

  public init(
    checkmark: NodeIconPath = NodeIconPath("M4.5 8.2l2.3 2.3 4.7-5")!,
    ellipsis: NodeIconPath = NodeIconPath("M4.5 8h.01M8 8h.01M11.5 8h.01")!,
    slash: NodeIconPath = NodeIconPath("M5 11L11 5")!,
    bar: NodeIconPath = NodeIconPath("M5 8h6")!,
    events: [String: NodeIconPath] = NodeIcons.builtInEvents
  ) {
    self.checkmark = checkmark
    self.ellipsis = ellipsis
    self.slash = slash
    self.bar = bar
    self.events = events
  }

  /// The icon for an item's `icon` name, matched without regard to case.
  public func event(named name: String) -> NodeIconPath? {
    events[name] ?? events[name.lowercased()]
  }

  /// The built-in event icons: weather (sun, cloud, rain, snow), travel (flight, car,
  /// train), everyday events (meeting, phone, mail, home, work, flag, star, calendar,
  /// clock), and states for status icons (error, warning, info, done).
  public static let builtInEvents: [String: NodeIconPath] = {
    let paths: [String: String] = [
      "sun": "M12 7.5a4.5 4.5 0 1 0 0 9a4.5 4.5 0 1 0 0-9Z M12 1.5v3 M12 19.5v3 M1.5 12h3 "
        + "M19.5 12h3 M4.6 4.6l2.1 2.1 M17.3 17.3l2.1 2.1 M4.6 19.4l2.1-2.1 M17.3 6.7l2.1-2.1",
      "cloud": "M7 18h10a4 4 0 0 0 0-8a6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 18Z",
      "rain": "M7 14h10a4 4 0 0 0 0-8a6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 14Z "
        + "M8 17l-1 4 M12 17l-1 4 M16 17l-1 4",
      "snow": "M7 14h10a4 4 0 0 0 0-8a6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 14Z "
        + "M8 18v.01 M12 20v.01 M16 18v.01 M10 22v.01 M14 22v.01",
      "flight": "M2.5 13.5l7-1.5 4.5-8.5h2l-1.5 8.5 6.5 1v2.5l-6.5-.5 1 5.5-2 1-3.5-6-6.5.5Z",
      "car": "M3 16.5v-4.5l2.2-5h13.6l2.2 5v4.5Z M4 16.5v3h3v-3 M17 16.5v3h3v-3 "
        + "M7 12.5h.01 M17 12.5h.01",
      "train": "M6 3h12v13H6Z M6 10h12 M9 13.5h.01 M15 13.5h.01 M8 16l-2.5 5 M16 16l2.5 5",
      "meeting": "M9 11a3 3 0 1 0 0-6a3 3 0 1 0 0 6Z M3 20a6 6 0 0 1 12 0 "
        + "M16 11a3 3 0 1 0 0-6 M18 20a6 6 0 0 0-3-5.2",
      "phone": "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5"
        + "a2 2 0 0 1 2-2Z",
      "mail": "M3 5h18v14H3Z M3 6l9 7 9-7",
      "home": "M3 11l9-8 9 8 M5 9.5V21h14V9.5 M10 21v-6h4v6",
      "work": "M3 8h18v12H3Z M8 8V5h8v3 M3 13h18",
      "flag": "M5 21V4 M5 4h12l-2.5 4 2.5 4H5",
      "star": "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9Z",
      "calendar": "M4 5h16v16H4Z M4 10h16 M8 3v4 M16 3v4",
      "clock": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18Z M12 7v5l3 2",
      // States, for an item's status icons (seed 002's status images).
      "error": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18Z M12 7.5v5.5 M12 16.5v.01",
      "warning": "M12 3.5l9.5 16.5H2.5Z M12 10v4 M12 17v.01",
      "info": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18Z M12 11v6 M12 7.5v.01",
      "done": "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18Z M8 12.5l2.8 2.8 5.2-5.8",
    ]
    return paths.compactMapValues { NodeIconPath($0) }
  }()
}

/// SVG path data: only path commands, numbers and separators.
public struct NodeIconPath: Sendable, Hashable {
  public let data: String

  public init?(_ data: String) {
    let allowed = data.utf8.allSatisfy { "MmLlHhVvCcSsQqTtAaZz0123456789.,- ".utf8.contains($0) }
    guard allowed, !data.isEmpty, data.utf8.count <= 512 else { return nil }
    self.data = data
  }
}

/// WCAG 2 contrast.
public enum Contrast {
  /// The contrast ratio of two `#rrggbb` colors (1 … 21), or `nil` for other notations.
  public static func ratio(_ first: CSSValue, _ second: CSSValue) -> Double? {
    guard let a = luminance(first.value), let b = luminance(second.value) else { return nil }
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  static func luminance(_ hex: String) -> Double? {
    // Six hex digits exactly (`UInt32(_:radix:)` alone would take "+00000").
    guard CardColor.isHex(hex, allowingShort: false), let value = UInt32(hex.dropFirst(), radix: 16)
    else {
      return nil
    }
    func channel(_ shift: UInt32) -> Double {
      let c = Double((value >> shift) & 0xFF) / 255
      return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
  }
}
