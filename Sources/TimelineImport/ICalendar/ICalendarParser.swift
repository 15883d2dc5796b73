import Foundation
import TimelineCore

/// Reads an iCalendar stream line by line (from a ``ContentLineUnfolder``): checks each
/// line's syntax and UTF-8, tracks the component structure, and turns each `VEVENT` and
/// `VTODO` into items. It is a value type driven by a separate unfolder, so that the
/// compiler checks exclusive access statically (a class would check every property access
/// at run time).
///
/// Structural errors (a line that is not `NAME[;PARAMS]:VALUE`, mismatched BEGIN/END,
/// a missing END at the end of input, malformed dates, durations and rules) are
/// ``DocumentError``s at their line and column; nothing is returned then.
struct ICalendarParser {
  typealias Failure = ContentLine.Failure

  enum Context { case calendar, event, timezone, observance, skipped }

  static let maximumDepth = 64

  let file: String
  let options: ImportOptions
  var line = ContentLine()
  /// The open components: name, line of the BEGIN, and what their lines are read as.
  var stack: [(name: String, line: Int, context: Context)] = []
  var record: EventRecord?
  var zoneBuilder = VTimeZone.Builder()
  let resolver = ZoneResolver()
  var factory: ItemFactory
  var summary = ImportSummary()
  var document: TimelineDocument
  var sawCalendar = false
  var items: [TimelineItem] = []
  /// Items (by index) whose RELATED-TO names a parent.
  var parents: [(index: Int, parent: String)] = []
  var deferred: [EventRecord] = []
  var masters: [EventRecord] = []
  var overrides: [String: [EventRecord]] = [:]
  var overrideOrder: [String] = []
  var generatedIDs = 0
  /// Where the open component's UID is, to refuse it there (``ImportOptions/idProblem``).
  var uidLocation: SourceLocation?
  /// A component's UID that gives ids the caller cannot take, found at its END.
  var refusedID: DocumentError?
  /// When set, items go here as they are made instead of into the document (streaming);
  /// the steps that need every item (unique ids, children under parents) are skipped.
  var sink: ((TimelineItem, _ parent: String?) -> Void)?

  init(file: String, options: ImportOptions) {
    self.file = file
    self.options = options
    document = TimelineDocument(timeZone: options.timeZone)
    let floating = resolver.system(options.timeZone.identifier) ?? .utc
    factory = ItemFactory(resolver: resolver, floating: floating)
  }

  mutating func handle(_ content: ContentLineUnfolder.Line) throws(DocumentError) {
    let bytes = content.bytes
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
    do throws(Failure) {
      if let problem = UTF8Check.firstProblem(in: bytes) {
        throw Failure(offset: problem.offset, message: problem.message)
      }
      try line.parse(bytes)
      if ASCII.equal(bytes, line.name, "BEGIN") {
        try begin(component(bytes), line: content.number)
      } else if ASCII.equal(bytes, line.name, "END") {
        try end(component(bytes))
      } else {
        switch stack.last?.context {
        case nil: throw Failure(offset: 0, message: "expected BEGIN:VCALENDAR")
        case .calendar: calendarProperty(bytes)
        case .event:
          if record?.uid == nil, ASCII.equal(bytes, line.name, "UID") {
            uidLocation = content.location(ofOffset: line.value.lowerBound)
          }
          try record?.add(line, bytes, notes: &summary)
        case .timezone: zoneBuilder.add(line, bytes)
        case .observance: try zoneBuilder.addToObservance(line, bytes)
        case .skipped: break
        }
      }
    } catch {
      let location = content.location(ofOffset: error.offset)
      throw DocumentError(file: file, location: location, message: error.message)
    }
    if let refusedID { throw refusedID }
  }

  /// The component name of a BEGIN or END line, upper-cased.
  private func component(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> String {
    let range = EventRecord.trimmed(bytes, line.value)
    guard !range.isEmpty else {
      throw Failure(offset: line.value.lowerBound, message: "expected a component name")
    }
    return ASCII.upperString(bytes, range)
  }

  private mutating func begin(_ name: String, line number: Int) throws(Failure) {
    let context: Context
    switch (stack.last?.context, name) {
    case (nil, "VCALENDAR"):
      context = .calendar
      sawCalendar = true
    case (nil, _):
      throw Failure(offset: 0, message: "expected BEGIN:VCALENDAR, found BEGIN:\(name)")
    case (.calendar, "VEVENT"), (.calendar, "VTODO"):
      record = EventRecord(component: name == "VEVENT" ? .event : .todo)
      context = .event
    case (.calendar, "VTIMEZONE"):
      zoneBuilder = VTimeZone.Builder()
      context = .timezone
    case (.calendar, "VCALENDAR"):
      throw Failure(offset: 0, message: "expected END:VCALENDAR before another BEGIN:VCALENDAR")
    case (.timezone, "STANDARD"), (.timezone, "DAYLIGHT"):
      context = .observance
    default:
      context = .skipped
    }
    guard stack.count < Self.maximumDepth else {
      throw Failure(offset: 0, message: "components nested deeper than \(Self.maximumDepth) levels")
    }
    stack.append((name, number, context))
  }

  private mutating func end(_ name: String) throws(Failure) {
    guard let top = stack.last else {
      throw Failure(offset: 0, message: "found END:\(name) without BEGIN:\(name)")
    }
    guard top.name == name else {
      throw Failure(
        offset: line.value.lowerBound,
        message:
          "expected END:\(top.name) for BEGIN:\(top.name) on line \(top.line), found END:\(name)")
    }
    stack.removeLast()
    switch top.context {
    case .event:
      if let record {
        refusedID = idRefusal(record)
        if refusedID == nil { finish(record) }
      }
      record = nil
      uidLocation = nil
    case .timezone:
      if let zone = zoneBuilder.build() { resolver.define(zone, location: zoneBuilder.location) }
    case .observance: zoneBuilder.endObservance()
    case .skipped:
      if stack.last?.context == .calendar { summary.record(.skippedComponent(name)) }
    case .calendar: break
    }
  }

  private mutating func calendarProperty(_ bytes: UnsafeBufferPointer<UInt8>) {
    let value = UnsafeBufferPointer(rebasing: bytes[line.value])
    if ASCII.equal(bytes, line.name, "X-WR-CALNAME") {
      if document.title == nil { document.title = ICalendarText.decode(value) }
    } else if ASCII.equal(bytes, line.name, "X-WR-TIMEZONE") {
      let name = ICalendarText.decode(value).trimmingCharacters(in: .whitespaces)
      let identifier = TimeZone(identifier: name) != nil ? name : ZoneResolver.windowsZones[name]
      if let identifier, let zone = TimeZone(identifier: identifier),
        let resolved = resolver.system(identifier)
      {
        document.timeZone = zone
        factory.floating = resolved
      } else {
        summary.record(.invalidValue(property: "X-WR-TIMEZONE"))
      }
    } else if ASCII.equal(bytes, line.name, "X-TIMELINE-HEADER-UNIT") {
      if let unit = HeaderUnit(rawValue: ICalendarText.decode(value)) {
        document.headerUnit = unit
      } else {
        summary.record(.invalidValue(property: "X-TIMELINE-HEADER-UNIT"))
      }
    }
  }

  /// The error for a UID whose items' ids `options.idProblem` refuses, at the UID: the UID
  /// itself for a single event, the UID with a `/` and an instance's start
  /// (`/20260105T080000Z`, the longest) for a series or an instance of one.
  private func idRefusal(_ record: EventRecord) -> DocumentError? {
    guard let idProblem = options.idProblem, let uid = record.uid, !uid.isEmpty,
      let uidLocation
    else { return nil }
    let series = record.isRecurring || record.recurrenceID != nil
    guard let problem = idProblem(series ? uid + "/20260105T080000Z" : uid) else { return nil }
    return DocumentError(
      file: file, location: uidLocation,
      message: series
        ? problem + " (the ids of a series' instances are its UID, \"/\" and their start)"
        : problem)
  }
}
