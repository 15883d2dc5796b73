extension TimelineItem {
  /// Sets the state, as the state buttons of a detail page do (TL-9).
  ///
  /// A custom ``statusLabel`` ("Waiting") names the state it was written for, so a change
  /// of state removes it: the card then shows the new state's own name ("Done") instead of
  /// a label that no longer holds. Setting the state the item already has keeps the label.
  ///
  /// ```swift
  /// var item = TimelineItem(
  ///   id: "t1", title: "Pump", start: .instant(date), status: .open, statusLabel: "Waiting")
  /// item.setStatus(.completed)
  /// item.statusLabel  // nil: the card says "Done"
  /// ```
  public mutating func setStatus(_ status: ItemStatus) {
    guard status != self.status else { return }
    self.status = status
    statusLabel = nil
  }
}
