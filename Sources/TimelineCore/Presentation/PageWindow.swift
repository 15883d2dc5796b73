/// The part of a long sequence a standalone page holds (TL-11): `limit` consecutive indices
/// of `0..<count` with `anchor` (the selected row, or now) a third of the way down, moved
/// to stay inside the sequence; `nil` when every index fits. Timelines, lists and feeds
/// place their windows by this one rule.
func pageWindow(around anchor: Int, count: Int, limit: Int) -> Range<Int>? {
  guard limit > 0, count > limit else { return nil }
  // An anchor outside the sequence (a card number from the command line, not yet checked)
  // stands at its nearer end.
  let anchor = min(max(anchor, 0), count)
  let start = max(0, min(anchor - limit / 3, count - limit))
  return start..<(start + limit)
}
