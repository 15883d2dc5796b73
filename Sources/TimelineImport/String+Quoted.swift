import TimelineCore

extension String {
  /// The string as a JSON string literal (one writer for every JSON text the package
  /// makes), so messages show exactly which value was meant.
  var quotedForMessage: String { JSONString.quoted(self) }
}
