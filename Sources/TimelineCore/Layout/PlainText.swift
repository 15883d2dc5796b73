/// Text whose every code point is a grapheme cluster of its own: printable ASCII and the
/// punctuation that dates and typeset text use most (no-break spaces, dashes, curly
/// quotes, the ellipsis). None of these is a mark, a joiner, a prepended sign, a Hangul
/// jamo or a regional indicator, so no two of them ever join into one cluster; measuring
/// such text a code point at a time gives what a walk over its grapheme clusters gives,
/// without the cost of finding the clusters.
///
/// ```swift
/// PlainText.isPlain("9:45\u{202F}AM")  // true
/// PlainText.isPlain("e\u{301}")        // false: a combining mark
/// ```
public enum PlainText {
  /// The code points beyond ASCII that count as plain: U+00A0 and U+202F (times read
  /// "9:45\u{202F}AM"), the middle dot (a card's caption reads "Jan 1 at 9:00 AM · Open"),
  /// the en and em dashes, curly quotes and "…".
  public static let punctuation: Set<UInt32> = [
    0x00A0, 0x00B7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x202F,
  ]

  /// Whether `scalar` is printable ASCII or one of ``punctuation``.
  @inlinable
  public static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    (0x20..<0x7F).contains(scalar.value) || punctuation.contains(scalar.value)
  }

}
