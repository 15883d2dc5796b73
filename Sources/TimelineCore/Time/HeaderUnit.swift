import Foundation

/// The parent time unit named by section headers (TL-3).
public enum HeaderUnit: String, Sendable, Hashable, CaseIterable, Codable {
  case day, week, month, year

  public var calendarComponent: Calendar.Component {
    switch self {
    case .day: .day
    case .week: .weekOfYear
    case .month: .month
    case .year: .year
    }
  }
}
