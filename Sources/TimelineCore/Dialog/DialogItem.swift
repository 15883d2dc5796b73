/// One control of the Sort & Filter dialog: the applied value, the value being edited and
/// the default (STYLE 4). One generic type serves every filter and the sort.
///
/// ```swift
/// var status = DialogItem(Set<ItemStatus>())
/// status.workingValue.insert(.open)   // editing
/// status.isChanged                    // true: Apply is enabled
/// status.apply()                      // value == [.open]
/// status.isOriginal                   // false: Reset is enabled
/// ```
public struct DialogItem<Value: Hashable & Sendable>: Hashable, Sendable {
  /// What the list shows now.
  public private(set) var value: Value
  /// What the dialog shows while editing.
  public var workingValue: Value
  /// The default that Reset returns to.
  public let originalValue: Value

  /// An item whose applied, working and original values are `original`.
  public init(_ original: Value) {
    value = original
    workingValue = original
    originalValue = original
  }

  /// An item with an applied value that differs from the default.
  public init(value: Value, original: Value) {
    self.value = value
    workingValue = value
    originalValue = original
  }

  /// The edit differs from what is applied.
  public var isChanged: Bool { workingValue != value }
  /// The edit equals the default.
  public var isOriginal: Bool { workingValue == originalValue }

  /// Applies the edit.
  public mutating func apply() { value = workingValue }
  /// Drops the edit.
  public mutating func cancel() { workingValue = value }
  /// Returns the edit to the default (applied on `apply()`).
  public mutating func reset() { workingValue = originalValue }
}

/// The operations the dialog performs on each of its items, whatever their value type.
public protocol DialogControl: Sendable {
  var isChanged: Bool { get }
  var isOriginal: Bool { get }
  mutating func apply()
  mutating func cancel()
  mutating func reset()
}

extension DialogItem: DialogControl {}
