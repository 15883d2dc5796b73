extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
