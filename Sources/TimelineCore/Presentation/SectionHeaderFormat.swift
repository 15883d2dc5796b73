import Foundation

/// How section headers name their time unit (TL-3). An open set of strategies.
///
/// ```swift
/// var configuration = TimelineConfiguration()
/// configuration.headerFormat = .template("MMMMd")   // localized "November 21"
/// configuration.headerFormat = .pattern("EEEE, d.M.")  // exactly this pattern
/// ```
public struct SectionHeaderFormat: Sendable, Hashable {
  enum Representation: Sendable, Hashable {
    case automatic
    case template(String)
    case pattern(String)
  }

  let representation: Representation

  /// A localized format chosen per unit: "Saturday, November 21, 2026" for days,
  /// "Nov 15 – 21, 2026" for weeks, "November 2026" for months, "2026" for years.
  public static let automatic = SectionHeaderFormat(representation: .automatic)

  /// A localized skeleton such as `"yMMMd"`: the fields are reordered and punctuated as the
  /// locale writes them. For weeks the skeleton formats the week's first and last day.
  public static func template(_ skeleton: String) -> SectionHeaderFormat {
    SectionHeaderFormat(representation: .template(skeleton))
  }

  /// A fixed Unicode date pattern such as `"EEEE, d.M."`, used as given.
  public static func pattern(_ pattern: String) -> SectionHeaderFormat {
    SectionHeaderFormat(representation: .pattern(pattern))
  }

  /// The localized skeleton `automatic` uses for `unit`.
  static func automaticSkeleton(for unit: HeaderUnit) -> String {
    switch unit {
    case .day: "yMMMMEEEEd"
    case .week: "yMMMd"
    case .month: "yMMMM"
    case .year: "y"
    }
  }
}
