/// One chip of the filter feedback bar (FFB-8): a container with a leading checkmark when
/// selected, the text, and a trailing down-arrow when it opens a wider selection.
public struct FilterChip: Hashable, Sendable, Identifiable {
  /// What the chip stands for.
  public enum Kind: String, Hashable, Sendable {
    case sort, filter, counter
  }

  public var id: String
  public var kind: Kind
  public var text: String
  /// Selected (active) chips stand left of the others (FFB-2).
  public var isSelected: Bool
  /// The filter a filter chip toggles.
  public var token: FilterToken?
  /// A trailing down-arrow: the chip opens a bottom sheet or dialog (FFB-8).
  public var showsDisclosure: Bool
  /// What assistive technology announces.
  public var accessibilityLabel: String
  /// A fast filter keeps its chip when deactivated (FFB-5); other filters disappear (FFB-6).
  public var isFastFilter: Bool = false

  /// The key whose values the chip's selection view offers (FFB-8): a filter chip with the
  /// down-arrow opens it instead of toggling.
  public var selectionKey: FilterKey? {
    kind == .filter && showsDisclosure ? token?.key : nil
  }

  /// The leading checkmark (FFB-8).
  public var showsCheckmark: Bool { isSelected && kind != .counter }
}
