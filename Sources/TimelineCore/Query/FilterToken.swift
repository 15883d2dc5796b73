import Foundation

/// One filter value, `key=value`: the unit of the CLI's `--filter`, of fast filters and of
/// the filter form. Values of one key are alternatives (OR); different keys all apply (AND).
///
/// ```swift
/// let open = try FilterToken(parsing: "status=open")
/// let important = try FilterToken(parsing: "priority=2..5")
/// ```
public struct FilterToken: Sendable, Hashable, CustomStringConvertible {
  public var key: FilterKey
  public var value: String

  /// Creates a token after checking that `value` suits `key`.
  public init(_ key: FilterKey, _ value: String) throws(QueryError) {
    self.key = key
    self.value = value
    try validate()
  }

  /// Parses `key=value`.
  public init(parsing text: String) throws(QueryError) {
    guard let separator = text.firstIndex(of: "=") else {
      throw QueryError(
        value: text, accepted: FilterKey.allCases.map { "\($0.rawValue)=…" }, what: "filter")
    }
    let name = String(text[..<separator])
    guard let key = FilterKey(rawValue: name) else {
      throw QueryError(
        value: name, accepted: FilterKey.allCases.map(\.rawValue), what: "filter key")
    }
    try self.init(key, String(text[text.index(after: separator)...]))
  }

  public var description: String { "\(key.rawValue)=\(value)" }

  private func validate() throws(QueryError) {
    switch key {
    case .status:
      guard ItemStatus(rawValue: value) != nil else {
        throw QueryError(
          value: value, accepted: ItemStatus.allCases.map(\.rawValue), what: "status")
      }
    case .kind:
      guard ItemKind(rawValue: value) != nil else {
        throw QueryError(value: value, accepted: ItemKind.allCases.map(\.rawValue), what: "kind")
      }
    case .priority:
      guard priorityRange != nil else {
        throw QueryError(
          value: value, accepted: ["an integer N", "a range N..M, N.. or ..M"], what: "priority")
      }
    case .from, .to:
      do { _ = try RFC3339.parse(value, floatingIn: .gmt) } catch {
        throw QueryError(
          value: value, accepted: ["YYYY-MM-DD", "an RFC 3339 date-time"], what: "date",
          reason: error.reason)
      }
    case .attribute:
      guard !value.isEmpty else {
        throw QueryError(value: value, accepted: ["a non-empty attribute value"], what: "attribute")
      }
    }
  }

  /// The range of a `priority` token: `3` is `3...3`, `2..5` is `2...5`; an open end
  /// reaches as far as integers go: `4..` is 4 or higher, `..2` is 2 or lower.
  public var priorityRange: ClosedRange<Int>? {
    priorityEnds.map { ($0.from ?? .min)...($0.to ?? .max) }
  }

  /// The ends of a `priority` token as written, `nil` for an open one: `3` is (3, 3),
  /// `4..` is (4, nil); `nil` when the value is not a priority or a range of them.
  public var priorityEnds: (from: Int?, to: Int?)? {
    let parts = value.components(separatedBy: "..")
    func end(_ text: String) -> Int?? { text.isEmpty ? .some(nil) : Int(text).map { $0 } }
    switch parts.count {
    case 1: return Int(parts[0]).map { ($0, $0) }
    case 2 where !parts[0].isEmpty || !parts[1].isEmpty:
      guard let from = end(parts[0]), let to = end(parts[1]) else { return nil }
      if let from, let to, from > to { return nil }
      return (from, to)
    default: return nil
    }
  }

  /// How a priority range is named on its chip, the same in every language (`%@` is a
  /// number): both ends (`2–5`), from an end up (`≥ 4`), down to an end (`≤ 2`).
  public static let priorityRangeFormats = (between: "%@–%@", atLeast: "≥ %@", atMost: "≤ %@")

  /// The words of a `priority` token's ends on its chip: `3`, `2–5`, `≥ 4`, `≤ 2`; `nil`
  /// when the value is not a priority or a range of them.
  public var priorityText: String? {
    let formats = Self.priorityRangeFormats
    func fill(_ format: String, _ numbers: Int...) -> String {
      var text = format
      for number in numbers {
        if let slot = text.range(of: "%@") { text.replaceSubrange(slot, with: String(number)) }
      }
      return text
    }
    switch priorityEnds {
    case (let low?, let high?)? where low == high: return String(low)
    case (let low?, let high?)?: return fill(formats.between, low, high)
    case (let low?, nil)?: return fill(formats.atLeast, low)
    case (nil, let high?)?: return fill(formats.atMost, high)
    default: return nil
    }
  }

  /// The `priority` token of the range from `lowest` to `highest`, either of which may be
  /// open (`nil`), in its shortest spelling: `3`, `2..5`, `4..`, `..2`; `nil` when both ends
  /// are open. Ends given the wrong way round are read in order.
  public static func priority(from lowest: Int?, to highest: Int?) -> FilterToken? {
    var (low, high) = (lowest, highest)
    if let a = low, let b = high, a > b { (low, high) = (b, a) }
    let value: String
    switch (low, high) {
    case (nil, nil): return nil
    case (let low?, let high?) where low == high: value = "\(low)"
    default: value = (low.map(String.init) ?? "") + ".." + (high.map(String.init) ?? "")
    }
    return try? FilterToken(.priority, value)
  }

  /// The instant a `from` (start of its day) or `to` (end of its day) token stands for; a
  /// date-time is read as RFC 3339 (one without an offset in the calendar's time zone).
  public func boundary(in calendar: Calendar) -> Date? {
    guard let date = RFC3339.date(from: value, floatingIn: calendar.timeZone) else {
      return nil
    }
    switch date {
    case .instant(let instant): return instant
    case .day(let day):
      let target = key == .to ? day.adding(days: 1) : day
      let start = target.startDate(in: calendar)
      return key == .to ? start.addingTimeInterval(-0.001) : start
    }
  }
}

/// The keys a filter can test.
public enum FilterKey: String, Sendable, Hashable, CaseIterable, Codable {
  case status, kind, attribute, from, to, priority
}

extension CalendarDay {
  /// Parses `YYYY-MM-DD` (as ``RFC3339`` reads dates: the day must exist).
  public init?(parsing text: String) {
    guard case .day(let day)? = RFC3339.date(from: text, floatingIn: .gmt) else { return nil }
    self = day
  }
}
