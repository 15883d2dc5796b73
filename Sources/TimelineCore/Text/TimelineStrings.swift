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

  /// The status a reader hears for an item (row, list and preview labels): its own status
  /// label, else the name of its node (the state, which the eye reads from the node's
  /// shape), then its second status label when it has one: the whole status stack a card
  /// shows, which the label stands for.
  public func spokenStatus(label: String?, substatus: String?, node: Node) -> String {
    (label ?? name(of: node)) + (substatus.map { ", " + $0 } ?? "")
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

  /// The name of a kind of item: "Events", or the marker's name.
  public func name(of kind: ItemKind) -> String {
    kind == .event ? controls.events : name(of: Node(kind: kind, status: .open))
  }

  /// The header of a section of a ranked order (SORT-6): the status, "Priority 5" or "No
  /// priority", the kind, the initial, or the markers' name.
  public func title(of group: SectionGroup) -> String {
    switch group {
    case .status(let node): name(of: node)
    case .priority(let priority?): controls.format(controls.priorityGroupFormat, number: priority)
    case .priority(nil): controls.noPriority
    case .kind(let kind), .markers(let kind): name(of: kind)
    case .initial(let letter): letter
    }
  }

  /// "See All (N)".
  public func seeAll(_ count: Int) -> String {
    seeAllFormat.replacingOccurrences(of: "%d", with: controls.number(count))
  }

  /// "Item i of n, time, status, title".
  public func rowAccessibilityLabel(
    position: Int, total: Int, time: String, status: String, title: String
  ) -> String {
    Self.substitute(
      rowAccessibilityFormat, numbers: [position, total], texts: [time, status, title])
  }

  /// Replaces `%d` and `%@` in order, without `String(format:)` (user text may contain `%`).
  /// Runs of the format without `%` and the texts are copied byte for byte (`%`, `d` and
  /// `@` are ASCII, so every cut falls between characters). Every table of words formats
  /// with it, also those of other modules (the web app's).
  package static func substitute(_ format: String, numbers: [Int], texts: [String]) -> String {
    var format = format
    let capacity =
      format.utf8.count + 20 * numbers.count + texts.reduce(0) { $0 + $1.utf8.count }
    return String(unsafeUninitializedCapacity: capacity) { output in
      var count = 0
      func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        (output.baseAddress! + count).update(from: base, count: bytes.count)
        count += bytes.count
      }
      func put(_ byte: UInt8) {
        output[count] = byte
        count += 1
      }
      var numberIndex = 0
      var textIndex = 0
      format.withUTF8 { bytes in
        var runStart = 0
        var index = 0
        while index < bytes.count {
          guard bytes[index] == UInt8(ascii: "%") else {
            index += 1
            continue
          }
          put(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
          let next = index + 1
          if next < bytes.count, bytes[next] == UInt8(ascii: "d") {
            if numberIndex < numbers.count {
              var digits = String(numbers[numberIndex])
              digits.withUTF8 { put($0) }
            }
            numberIndex += 1
            index = next + 1
          } else if next < bytes.count, bytes[next] == UInt8(ascii: "@") {
            if textIndex < texts.count {
              var text = texts[textIndex]
              text.withUTF8 { put($0) }
            }
            textIndex += 1
            index = next + 1
          } else {
            put(UInt8(ascii: "%"))
            index = next
          }
          runStart = index
        }
        put(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
      }
      return count
    }
  }
}
