/// The state of an event: open, in progress, completed, or empty (no state shown).
///
/// An open set in the style of `ArgumentVisibility`: the known states are static members,
/// and the stored representation can grow without breaking callers.
///
/// ```swift
/// let status: ItemStatus = .inProgress
/// status.rawValue  // "inProgress"
/// ```
public struct ItemStatus: Sendable, Hashable, CustomStringConvertible {
  enum Representation: UInt8, Sendable, CaseIterable {
    case open, inProgress, completed, empty
  }

  let representation: Representation

  /// The object has not been started.
  public static let open = ItemStatus(representation: .open)
  /// Work on the object has begun.
  public static let inProgress = ItemStatus(representation: .inProgress)
  /// The object is done.
  public static let completed = ItemStatus(representation: .completed)
  /// The object carries no state: a plain node without an icon.
  public static let empty = ItemStatus(representation: .empty)

  /// Every status the JSON format accepts, in the order the seeds list them.
  public static let allCases: [ItemStatus] = Representation.allCases.map(ItemStatus.init)

  /// The identifier used by the JSON format (`open`, `inProgress`, `completed`, `empty`).
  public var rawValue: String {
    switch representation {
    case .open: "open"
    case .inProgress: "inProgress"
    case .completed: "completed"
    case .empty: "empty"
    }
  }

  /// Creates a status from its JSON identifier, or returns `nil` for an unknown one.
  public init?(rawValue: String) {
    guard let match = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = match
  }

  init(representation: Representation) { self.representation = representation }

  public var description: String { rawValue }
}
