/// Where an object lies relative to now (TL-4). A closed set.
public enum Tense: UInt8, Sendable, Hashable, CaseIterable, Codable {
  case past, current, future

  public var name: String {
    switch self {
    case .past: "past"
    case .current: "current"
    case .future: "future"
    }
  }
}

/// How tense is decided (TL-4).
public enum TenseGranularity: String, Sendable, Hashable, CaseIterable, Codable {
  /// Current when the object's interval touches today's calendar day (the default).
  case day
  /// Current when `start <= now < end`; point objects are never current.
  case instant
}
