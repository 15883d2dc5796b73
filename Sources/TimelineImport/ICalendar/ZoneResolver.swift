import Foundation

/// A time zone a file's times can be placed in: UTC, a zone of the system's time zone
/// database, or a `VTIMEZONE` defined by the file itself.
///
/// Wall-clock readings become instants by RFC 5545 §3.3.5: a reading that occurs twice
/// (when clocks go back) means the first occurrence; a reading that does not occur (when
/// clocks go forward) is read with the offset from before the gap, so it lands as far
/// after the change as it was past it.
enum ResolvedZone {
  case utc
  case system(TimeZone)
  case defined(VTimeZone)

  /// The offset from UTC in seconds at the UTC instant `utc` (seconds since 1970).
  func offset(atUTC utc: Int) -> Int {
    switch self {
    case .utc: 0
    case .system(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc)))
    case .defined(let zone): zone.offset(atUTC: utc)
    }
  }

  /// The instant (seconds since 1970, UTC) at which clocks in this zone show `local`.
  func instant(local: Int) -> Int {
    if case .utc = self { return local }
    // The offsets in force a day either side cover any single transition.
    let before = offset(atUTC: local - Civil.secondsPerDay)
    let after = offset(atUTC: local + Civil.secondsPerDay)
    let beforeValid = offset(atUTC: local - before) == before
    let afterValid = before != after && offset(atUTC: local - after) == after
    // Both readings exist: the clock repeats; the larger offset is the earlier instant.
    // Neither: the reading was skipped; keep the offset from before the gap.
    return local - (afterValid && (!beforeValid || after > before) ? after : before)
  }

  /// The wall-clock reading in this zone at the UTC instant `utc`.
  func local(atUTC utc: Int) -> Int { utc + offset(atUTC: utc) }

  /// A name for messages: `UTC`, or the identifier.
  var name: String {
    switch self {
    case .utc: "UTC"
    case .system(let zone): zone.identifier
    case .defined(let zone): zone.identifier
    }
  }
}

/// Finds the zone a `TZID` names: an IANA identifier, a Windows zone name (as Outlook
/// writes), a path ending in an IANA identifier (as old Mozilla versions wrote), or a
/// `VTIMEZONE` of the file.
///
/// Zone names the system knows win over a file's `VTIMEZONE` of the same name, because
/// the system's database has the full history while files usually describe only the
/// current rules. A `VTIMEZONE` with `X-LIC-LOCATION` naming an IANA zone uses that zone.
final class ZoneResolver {
  private var known: [String: ResolvedZone] = [:]
  private var defined: [String: VTimeZone] = [:]

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
      system(name) ?? Self.windowsZones[name].flatMap(system)
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

  /// Windows zone names (as Outlook and Exchange write `TZID`) mapped to the IANA zone of
  /// their principal territory (Unicode CLDR `windowsZones.xml`, territory "001").
  static let windowsZones: [String: String] = [
    "Dateline Standard Time": "Etc/GMT+12", "UTC-11": "Etc/GMT+11",
    "Aleutian Standard Time": "America/Adak", "Hawaiian Standard Time": "Pacific/Honolulu",
    "Marquesas Standard Time": "Pacific/Marquesas", "Alaskan Standard Time": "America/Anchorage",
    "UTC-09": "Etc/GMT+9", "Pacific Standard Time (Mexico)": "America/Tijuana",
    "UTC-08": "Etc/GMT+8", "Pacific Standard Time": "America/Los_Angeles",
    "US Mountain Standard Time": "America/Phoenix",
    "Mountain Standard Time (Mexico)": "America/Mazatlan",
    "Mountain Standard Time": "America/Denver", "Yukon Standard Time": "America/Whitehorse",
    "Central America Standard Time": "America/Guatemala",
    "Central Standard Time": "America/Chicago", "Easter Island Standard Time": "Pacific/Easter",
    "Central Standard Time (Mexico)": "America/Mexico_City",
    "Canada Central Standard Time": "America/Regina",
    "SA Pacific Standard Time": "America/Bogota",
    "Eastern Standard Time (Mexico)": "America/Cancun",
    "Eastern Standard Time": "America/New_York", "Haiti Standard Time": "America/Port-au-Prince",
    "Cuba Standard Time": "America/Havana", "US Eastern Standard Time": "America/Indianapolis",
    "Turks And Caicos Standard Time": "America/Grand_Turk",
    "Paraguay Standard Time": "America/Asuncion", "Atlantic Standard Time": "America/Halifax",
    "Venezuela Standard Time": "America/Caracas",
    "Central Brazilian Standard Time": "America/Cuiaba",
    "SA Western Standard Time": "America/La_Paz", "Pacific SA Standard Time": "America/Santiago",
    "Newfoundland Standard Time": "America/St_Johns",
    "Tocantins Standard Time": "America/Araguaina",
    "E. South America Standard Time": "America/Sao_Paulo",
    "SA Eastern Standard Time": "America/Cayenne",
    "Argentina Standard Time": "America/Buenos_Aires",
    "Greenland Standard Time": "America/Godthab", "Montevideo Standard Time": "America/Montevideo",
    "Magallanes Standard Time": "America/Punta_Arenas",
    "Saint Pierre Standard Time": "America/Miquelon", "Bahia Standard Time": "America/Bahia",
    "UTC-02": "Etc/GMT+2", "Mid-Atlantic Standard Time": "Etc/GMT+2",
    "Azores Standard Time": "Atlantic/Azores", "Cape Verde Standard Time": "Atlantic/Cape_Verde",
    "UTC": "Etc/UTC", "Coordinated Universal Time": "Etc/UTC", "GMT Standard Time": "Europe/London",
    "Greenwich Standard Time": "Atlantic/Reykjavik", "Sao Tome Standard Time": "Africa/Sao_Tome",
    "Morocco Standard Time": "Africa/Casablanca", "W. Europe Standard Time": "Europe/Berlin",
    "Central Europe Standard Time": "Europe/Budapest", "Romance Standard Time": "Europe/Paris",
    "Central European Standard Time": "Europe/Warsaw",
    "W. Central Africa Standard Time": "Africa/Lagos", "Jordan Standard Time": "Asia/Amman",
    "GTB Standard Time": "Europe/Bucharest", "Middle East Standard Time": "Asia/Beirut",
    "Egypt Standard Time": "Africa/Cairo", "E. Europe Standard Time": "Europe/Chisinau",
    "Syria Standard Time": "Asia/Damascus", "West Bank Standard Time": "Asia/Hebron",
    "South Africa Standard Time": "Africa/Johannesburg", "FLE Standard Time": "Europe/Kiev",
    "Israel Standard Time": "Asia/Jerusalem", "South Sudan Standard Time": "Africa/Juba",
    "Kaliningrad Standard Time": "Europe/Kaliningrad", "Sudan Standard Time": "Africa/Khartoum",
    "Libya Standard Time": "Africa/Tripoli", "Namibia Standard Time": "Africa/Windhoek",
    "Arabic Standard Time": "Asia/Baghdad", "Turkey Standard Time": "Europe/Istanbul",
    "Arab Standard Time": "Asia/Riyadh", "Belarus Standard Time": "Europe/Minsk",
    "Russian Standard Time": "Europe/Moscow", "E. Africa Standard Time": "Africa/Nairobi",
    "Volgograd Standard Time": "Europe/Volgograd", "Iran Standard Time": "Asia/Tehran",
    "Arabian Standard Time": "Asia/Dubai", "Astrakhan Standard Time": "Europe/Astrakhan",
    "Azerbaijan Standard Time": "Asia/Baku", "Russia Time Zone 3": "Europe/Samara",
    "Mauritius Standard Time": "Indian/Mauritius", "Saratov Standard Time": "Europe/Saratov",
    "Georgian Standard Time": "Asia/Tbilisi", "Caucasus Standard Time": "Asia/Yerevan",
    "Afghanistan Standard Time": "Asia/Kabul", "West Asia Standard Time": "Asia/Tashkent",
    "Ekaterinburg Standard Time": "Asia/Yekaterinburg", "Pakistan Standard Time": "Asia/Karachi",
    "Qyzylorda Standard Time": "Asia/Qyzylorda", "India Standard Time": "Asia/Calcutta",
    "Sri Lanka Standard Time": "Asia/Colombo", "Nepal Standard Time": "Asia/Katmandu",
    "Central Asia Standard Time": "Asia/Almaty", "Bangladesh Standard Time": "Asia/Dhaka",
    "Omsk Standard Time": "Asia/Omsk", "Myanmar Standard Time": "Asia/Rangoon",
    "SE Asia Standard Time": "Asia/Bangkok", "Altai Standard Time": "Asia/Barnaul",
    "W. Mongolia Standard Time": "Asia/Hovd", "North Asia Standard Time": "Asia/Krasnoyarsk",
    "N. Central Asia Standard Time": "Asia/Novosibirsk", "Tomsk Standard Time": "Asia/Tomsk",
    "China Standard Time": "Asia/Shanghai", "North Asia East Standard Time": "Asia/Irkutsk",
    "Singapore Standard Time": "Asia/Singapore", "W. Australia Standard Time": "Australia/Perth",
    "Taipei Standard Time": "Asia/Taipei", "Ulaanbaatar Standard Time": "Asia/Ulaanbaatar",
    "Aus Central W. Standard Time": "Australia/Eucla", "Transbaikal Standard Time": "Asia/Chita",
    "Tokyo Standard Time": "Asia/Tokyo", "North Korea Standard Time": "Asia/Pyongyang",
    "Korea Standard Time": "Asia/Seoul", "Yakutsk Standard Time": "Asia/Yakutsk",
    "Cen. Australia Standard Time": "Australia/Adelaide",
    "AUS Central Standard Time": "Australia/Darwin",
    "E. Australia Standard Time": "Australia/Brisbane",
    "AUS Eastern Standard Time": "Australia/Sydney",
    "West Pacific Standard Time": "Pacific/Port_Moresby",
    "Tasmania Standard Time": "Australia/Hobart", "Vladivostok Standard Time": "Asia/Vladivostok",
    "Lord Howe Standard Time": "Australia/Lord_Howe",
    "Bougainville Standard Time": "Pacific/Bougainville",
    "Russia Time Zone 10": "Asia/Srednekolymsk", "Magadan Standard Time": "Asia/Magadan",
    "Norfolk Standard Time": "Pacific/Norfolk", "Sakhalin Standard Time": "Asia/Sakhalin",
    "Central Pacific Standard Time": "Pacific/Guadalcanal",
    "Russia Time Zone 11": "Asia/Kamchatka", "New Zealand Standard Time": "Pacific/Auckland",
    "UTC+12": "Etc/GMT-12", "Fiji Standard Time": "Pacific/Fiji",
    "Chatham Islands Standard Time": "Pacific/Chatham", "UTC+13": "Etc/GMT-13",
    "Tonga Standard Time": "Pacific/Tongatapu", "Samoa Standard Time": "Pacific/Apia",
    "Line Islands Standard Time": "Pacific/Kiritimati",
  ]
}
