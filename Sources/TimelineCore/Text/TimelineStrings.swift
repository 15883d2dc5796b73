import Foundation

/// The words the components show, in one language. Every field can be replaced, so an app
/// brings its own translations; `localized(for:)` covers a few languages out of the box.
///
/// Formats use `%d` for numbers and `%@` for text, in the order documented per field.
public struct TimelineStrings: Sendable, Hashable {
  /// The preview's timestamp of a current object (PV-4).
  public var today: String
  /// The label of the now indicator.
  public var now: String
  /// "See All (%d)": the total number of objects (PV-3).
  public var seeAllFormat: String
  /// "Item %d of %d, %@, %@, %@": position, total, time, status, title (A11Y-1).
  public var rowAccessibilityFormat: String
  /// Shown instead of rows when the timeline is empty.
  public var emptyState: String
  /// Names of the node states, used where no status label is given.
  public var open: String
  public var inProgress: String
  public var completed: String
  public var empty: String
  public var start: String
  public var end: String
  public var inactive: String
  public var earlyEnd: String
  /// The words of the feedback bar and the Sort & Filter dialog.
  public var controls = ControlStrings.english
  /// The words of an image's accessible name and description.
  public var summaries = SummaryStrings.english

  public init(
    today: String, now: String, seeAllFormat: String, rowAccessibilityFormat: String,
    emptyState: String, open: String, inProgress: String, completed: String, empty: String,
    start: String, end: String, inactive: String, earlyEnd: String
  ) {
    self.today = today
    self.now = now
    self.seeAllFormat = seeAllFormat
    self.rowAccessibilityFormat = rowAccessibilityFormat
    self.emptyState = emptyState
    self.open = open
    self.inProgress = inProgress
    self.completed = completed
    self.empty = empty
    self.start = start
    self.end = end
    self.inactive = inactive
    self.earlyEnd = earlyEnd
  }

  /// The spoken name of a node.
  public func name(of node: Node) -> String {
    switch node {
    case .open: open
    case .inProgress: inProgress
    case .completed: completed
    case .empty: empty
    case .start: start
    case .end: end
    case .inactive: inactive
    case .earlyEnd: earlyEnd
    }
  }

  /// "See All (N)".
  public func seeAll(_ count: Int) -> String {
    Self.substitute(seeAllFormat, numbers: [count], texts: [])
  }

  /// "Item i of n, time, status, title".
  public func rowAccessibilityLabel(
    position: Int, total: Int, time: String, status: String, title: String
  ) -> String {
    Self.substitute(
      rowAccessibilityFormat, numbers: [position, total], texts: [time, status, title])
  }

  /// Replaces `%d` and `%@` in order, without `String(format:)` (user text may contain `%`).
  static func substitute(_ format: String, numbers: [Int], texts: [String]) -> String {
    var result = ""
    result.reserveCapacity(format.utf8.count + texts.reduce(0) { $0 + $1.utf8.count } + 16)
    var numberIndex = 0
    var textIndex = 0
    // Runs of the format without `%` are copied whole (by UTF-8 position: `%`, `d` and `@`
    // are ASCII, so every cut falls between characters).
    let bytes = format.utf8
    var runStart = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "%") else {
        index = bytes.index(after: index)
        continue
      }
      result += format[runStart..<index]
      let next = bytes.index(after: index)
      if next == bytes.endIndex {
        result += "%"
        index = next
      } else if bytes[next] == UInt8(ascii: "d") {
        if numberIndex < numbers.count { result += String(numbers[numberIndex]) }
        numberIndex += 1
        index = bytes.index(after: next)
      } else if bytes[next] == UInt8(ascii: "@") {
        if textIndex < texts.count { result += texts[textIndex] }
        textIndex += 1
        index = bytes.index(after: next)
      } else {
        result += "%"
        index = next
      }
      runStart = index
    }
    result += format[runStart..<bytes.endIndex]
    return result
  }
}
