extension TimelineDocument {
  /// Sets the state of the item (or child) with `id`, as its detail page does (TL-9); the
  /// timeline built from the document then shows the new node. A custom status label goes
  /// with the state it named (``TimelineItem/setStatus(_:)``).
  ///
  /// - Returns: whether an event with that id was found (markers have no state).
  @discardableResult
  public mutating func setStatus(_ status: ItemStatus, ofItem id: String) -> Bool {
    for index in items.indices {
      if items[index].id == id {
        guard items[index].kind == .event else { return false }
        items[index].setStatus(status)
        return true
      }
      if let child = items[index].children.firstIndex(where: { $0.id == id }) {
        guard items[index].children[child].kind == .event else { return false }
        items[index].children[child].setStatus(status)
        return true
      }
    }
    return false
  }
}
