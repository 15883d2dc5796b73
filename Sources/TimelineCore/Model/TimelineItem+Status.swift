extension TimelineItem {
  /// Sets the state, as the state buttons of a detail page do (TL-9).
  ///
  /// A custom ``statusLabel`` ("Waiting") and ``statusIcon`` name the state they were
  /// written for, so a change of state removes them: the card then shows the new state's
  /// own name ("Done") instead of a label or icon that no longer holds. Setting the state
  /// the item already has keeps them.
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
    statusIcon = nil
  }
}
