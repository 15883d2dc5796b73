/// Where the single now indicator stands (TL-6).
public enum NowIndicator: Sendable, Hashable {
  /// Immediately before the row at this index: the first current row, or else the future
  /// row closest to now.
  case beforeRow(Int)
  /// After the last row: every row is past.
  case afterLastRow
  /// No indicator: the timeline is empty and shows its empty state instead.
  case hidden
}
