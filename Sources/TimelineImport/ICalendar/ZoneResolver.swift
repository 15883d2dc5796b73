import Foundation

/// Finds the zone a `TZID` names: an IANA identifier, a Windows zone name (as Outlook
/// writes), a path ending in an IANA identifier (as old Mozilla versions wrote), or a
/// `VTIMEZONE` of the file.
///
/// Zone names the system knows win over a file's `VTIMEZONE` of the same name, because
/// the system's database has the full history while files usually describe only the
/// current rules. A `VTIMEZONE` with `X-LIC-LOCATION` naming an IANA zone uses that zone.
///
/// ```swift
/// let resolver = ZoneResolver()
/// resolver.zone(named: "W. Europe Standard Time")?.name  // "Europe/Berlin"
/// ```
final class ZoneResolver {
  private var known: [String: ResolvedZone] = [:]
  private var defined: [String: VTimeZone] = [:]

  /// The zone for UTC times.
  static var utc: ResolvedZone { .utc }

  /// Adds a file's `VTIMEZONE`; `location` is its `X-LIC-LOCATION`, if any.
  func define(_ zone: VTimeZone, location: String?) {
    if let location, let system = system(location) {
      known[zone.identifier] = known[zone.identifier] ?? system
    }
    defined[zone.identifier] = zone
  }

  /// The zone `name` refers to, or `nil` if it is not known (yet).
  func zone(named name: String) -> ResolvedZone? {
    if let zone = known[name] { return zone }
    let found =
      system(name) ?? WindowsZones.ianaIdentifier(for: name).flatMap(system)
      ?? defined[name].map(ResolvedZone.defined) ?? pathSuffix(of: name)
    if let found { known[name] = found }
    return found
  }

  /// A system zone for an IANA identifier.
  func system(_ identifier: String) -> ResolvedZone? {
    if ["UTC", "GMT", "Z", "ETC/UTC", "ETC/GMT", "ZULU"].contains(identifier.uppercased()) {
      return .utc
    }
    guard !identifier.isEmpty, identifier.utf8.count < 100,
      let timeZone = TimeZone(identifier: identifier)
    else { return nil }
    return .system(timeZone)
  }

  /// `/mozilla.org/20050126_1/Europe/Berlin` and the like: the longest suffix of slash-
  /// separated parts that is an IANA identifier.
  private func pathSuffix(of name: String) -> ResolvedZone? {
    let parts = name.split(separator: "/")
    return parts.indices.dropFirst().lazy
      .compactMap { self.system(parts[$0...].joined(separator: "/")) }.first
  }
}
