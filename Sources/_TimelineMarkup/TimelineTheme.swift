import Foundation

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

  public init(
    checkmark: NodeIconPath = NodeIconPath("M4.5 8.2l2.3 2.3 4.7-5")!,
    ellipsis: NodeIconPath = NodeIconPath("M4.5 8h.01M8 8h.01M11.5 8h.01")!,
    slash: NodeIconPath = NodeIconPath("M5 11L11 5")!,
    bar: NodeIconPath = NodeIconPath("M5 8h6")!
  ) {
    self.checkmark = checkmark
    self.ellipsis = ellipsis
    self.slash = slash
    self.bar = bar
  }
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
    guard hex.hasPrefix("#"), hex.count == 7, let value = UInt32(hex.dropFirst(), radix: 16) else {
      return nil
    }
    func channel(_ shift: UInt32) -> Double {
      let c = Double((value >> shift) & 0xFF) / 255
      return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
  }
}
