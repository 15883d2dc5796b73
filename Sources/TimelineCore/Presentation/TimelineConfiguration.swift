/// What a timeline shows, apart from the data and the world it is computed in.
public struct TimelineConfiguration: Sendable, Hashable {
  /// The unit sections are grouped by (TL-3).
  public var headerUnit: HeaderUnit
  /// How section headers are written (TL-3).
  public var headerFormat: SectionHeaderFormat
  /// How tense is decided (TL-4).
  public var granularity: TenseGranularity
  /// The row whose card shows the selected background (TL-8).
  public var selectedID: String?
  /// The words shown; `nil` picks `TimelineStrings.localized(for:)` of the context's locale.
  public var strings: TimelineStrings?

  public init(
    headerUnit: HeaderUnit = .day, headerFormat: SectionHeaderFormat = .automatic,
    granularity: TenseGranularity = .day, selectedID: String? = nil,
    strings: TimelineStrings? = nil
  ) {
    self.headerUnit = headerUnit
    self.headerFormat = headerFormat
    self.granularity = granularity
    self.selectedID = selectedID
    self.strings = strings
  }
}
