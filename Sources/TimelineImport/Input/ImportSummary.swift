/// What a reader left out or changed, and why: the notes a command prints on standard
/// error after importing, such as `2 VJOURNAL skipped`.
///
/// Equal notes are counted, not repeated, and keep the order in which they first occurred.
///
/// ```swift
/// let (_, summary) = try DocumentReader.read(path: "team.ics", options: options)
/// for line in summary.lines { print(line) }  // RRULE capped at 10,000 instances (1 event)
/// ```
public struct ImportSummary: Sendable, Hashable {
  public enum Note: Sendable, Hashable {
    /// A component the timeline has no use for, such as `VJOURNAL` or `VFREEBUSY`.
    case skippedComponent(String)
    /// A `VEVENT` without `DTSTART`, or a `VTODO` without `DTSTART` and `DUE`.
    case missingStart(component: String)
    /// A recurring event had more instances in the window than the limit.
    case recurrenceCapped(limit: Int)
    /// A recurrence rule needed more steps than allowed before reaching the window's end.
    case recurrenceStopped(steps: Int)
    /// A `TZID` that is neither defined in the file nor a known zone name.
    case unknownTimeZone(String, readAs: String)
    /// An end before the start, or of another type (date vs date-time), was dropped.
    case endIgnored(property: String, reason: String)
    /// A property whose value could not be used, such as `PRIORITY:high`.
    case invalidValue(property: String)
    /// An item without a title was given one.
    case untitled(title: String)
    /// Ids that occurred more than once were made unique with a suffix.
    case duplicateID
    /// `RECURRENCE-ID;RANGE=THISANDFUTURE` was applied to one instance only.
    case rangeNotSupported
    /// CSV rows with only empty fields.
    case emptyRow
    /// Items whose start lies outside the years 1...9999.
    case outOfRange
  }

  /// The notes in order of first occurrence.
  public private(set) var notes: [Note] = []
  /// How often each note in ``notes`` occurred.
  public private(set) var counts: [Int] = []

  public init() {}

  public var isEmpty: Bool { notes.isEmpty }

  /// Records `note` once more.
  public mutating func record(_ note: Note) {
    if let index = notes.firstIndex(of: note) {
      counts[index] += 1
    } else {
      notes.append(note)
      counts.append(1)
    }
  }

  /// One line per note, e.g. `2 VJOURNAL skipped`.
  public var lines: [String] { zip(notes, counts).map { Self.line($0, count: $1) } }

  static func line(_ note: Note, count: Int) -> String {
    let n = grouped(count)
    return switch note {
    case .skippedComponent(let name): "\(n) \(name) skipped"
    case .missingStart(let component):
      "\(n) \(component) without \(component == "VTODO" ? "DTSTART or DUE" : "DTSTART") skipped"
    case .recurrenceCapped(let limit):
      "RRULE capped at \(grouped(limit)) instances (\(n) \(plural(count, "event")))"
    case .recurrenceStopped(let steps):
      "RRULE expansion stopped after \(grouped(steps)) steps (\(n) \(plural(count, "event")))"
    case .unknownTimeZone(let name, let zone):
      "unknown TZID \(name.quotedForMessage) read as local time in \(zone) (\(n)×)"
    case .endIgnored(let property, let reason): "\(n) \(property) ignored: \(reason)"
    case .invalidValue(let property): "\(n) invalid \(property) ignored"
    case .untitled(let title):
      "\(n) \(plural(count, "item")) without SUMMARY titled \(title.quotedForMessage)"
    case .duplicateID: "\(n) duplicate \(plural(count, "id")) made unique with a suffix"
    case .rangeNotSupported:
      "\(n) RECURRENCE-ID;RANGE=THISANDFUTURE applied to one instance only"
    case .emptyRow: "\(n) empty \(plural(count, "row")) skipped"
    case .outOfRange: "\(n) \(plural(count, "item")) outside the years 1 to 9999 skipped"
    }
  }

  /// `10000` as `10,000`, independent of the locale.
  static func grouped(_ value: Int) -> String {
    var result = String(value.magnitude)
    // From the right, so that the places still to come keep their offsets.
    for offset in stride(from: result.count - 3, to: 0, by: -3) {
      result.insert(",", at: result.index(result.startIndex, offsetBy: offset))
    }
    return value < 0 ? "-" + result : result
  }

  private static func plural(_ count: Int, _ word: String) -> String {
    count == 1 ? word : word + "s"
  }
}
