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
  /// Which sections are folded (TL-3): every rendering leaves their rows (and the now
  /// indicator, if it falls among them) out and says what they hold.
  public var folding: SectionFolding

  public init(
    headerUnit: HeaderUnit = .day, headerFormat: SectionHeaderFormat = .automatic,
    granularity: TenseGranularity = .day, selectedID: String? = nil,
    strings: TimelineStrings? = nil, folding: SectionFolding = SectionFolding()
  ) {
    self.headerUnit = headerUnit
    self.headerFormat = headerFormat
    self.granularity = granularity
    self.selectedID = selectedID
    self.strings = strings
    self.folding = folding
  }
}
