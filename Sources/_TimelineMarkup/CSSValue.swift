/// A CSS value from outside the library (a theme color), accepted only when it cannot end
/// the declaration, the rule or the style element.
public struct CSSValue: Sendable, Hashable {
  public let value: String

  /// A color or length such as `#0a6ed1`, `rgb(10 110 209 / 80%)`, `oklch(60% 0.1 250)`,
  /// `12px`; `nil` for anything with characters outside `[A-Za-z0-9#(),.%/ +-]`.
  public init?(_ value: String) {
    let allowed = value.utf8.allSatisfy {
      ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39)
        || "#(),.%/ +-".utf8.contains($0)
    }
    guard allowed, !value.isEmpty, value.utf8.count <= 64 else { return nil }
    self.value = value
  }

  /// Custom property declarations `--name: value;` for `pairs`; names are the library's own.
  public static func declarations(_ pairs: [(name: StaticString, value: CSSValue)]) -> TrustedText {
    TrustedText(validated: pairs.map { "--\($0.name.description): \($0.value.value);" }.joined())
  }
}
