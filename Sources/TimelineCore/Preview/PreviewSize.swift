/// The width class a preview is shown in (PV-2): 2 objects on compact widths (phones),
/// 4 on regular widths (tablets, desktops).
public enum PreviewSize: String, Sendable, Hashable, CaseIterable, Codable {
  case compact, regular

  /// How many objects the strip shows at this size.
  public var itemCount: Int { self == .compact ? 2 : 4 }
}
