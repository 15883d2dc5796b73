import Foundation

/// The direction a language is read in, decided once for every renderer: HTML's `dir`, the
/// SVG canvas's mirroring (timelines, lists, previews and cards alike).
///
/// ```swift
/// ReadingDirection(Locale(identifier: "ar_EG"))  // .rightToLeft
/// ```
public enum ReadingDirection: String, Sendable, Hashable {
  case leftToRight = "ltr"
  case rightToLeft = "rtl"

  /// The direction of `locale`'s language, from its script as ICU knows it; a language
  /// ICU does not know is read as its script's languages are (Arabic, Hebrew, Thaana, …).
  public init(_ locale: Locale) {
    switch locale.language.characterDirection {
    case .rightToLeft: self = .rightToLeft
    case .leftToRight, .topToBottom, .bottomToTop: self = .leftToRight
    default:
      let code = locale.language.languageCode?.identifier ?? ""
      self = Self.rightToLeftLanguages.contains(code) ? .rightToLeft : .leftToRight
    }
  }

  public var isRightToLeft: Bool { self == .rightToLeft }

  /// Languages written right to left, for when ICU cannot say.
  static let rightToLeftLanguages: Set<String> = [
    "ar", "he", "fa", "ur", "ps", "yi", "dv", "ku", "sd", "ug",
  ]
}

extension TimelineContext {
  /// The direction the context's language is read in.
  public var readingDirection: ReadingDirection { ReadingDirection(locale) }
}
