import Foundation
import TimelineCore

/// Writes a `TimelineDocument` as iCalendar (RFC 5545) that ``ICalendarReader`` reads back
/// into the same document (up to sub-second precision, and with empty texts read as absent).
///
/// Items with status in progress or completed become `VTODO`s (STATUS IN-PROCESS,
/// COMPLETED, with DUE as the end), others `VEVENT`s (DTEND, exclusive for all-day items);
/// instants are written in UTC. Standard properties carry what they can (SUMMARY,
/// DESCRIPTION, LOCATION = the first attribute, CATEGORIES = the supporting text,
/// PRIORITY, STATUS CANCELLED for inactive items); the rest go into `X-TIMELINE-KIND`,
/// `-STATUS`, `-SUBTITLE`, `-STATUS-LABEL`, `-SUBSTATUS-LABEL`, `-ATTRIBUTE` (one per
/// attribute), `-ICON`, `-STATUS-ICON`, `-SUBSTATUS-ICON` and `-PRIORITY`. Children follow
/// their parent with `RELATED-TO;RELTYPE=PARENT`. The calendar carries `X-WR-CALNAME`,
/// `X-WR-TIMEZONE` and `X-TIMELINE-HEADER-UNIT`. Lines are folded at 75 octets and end in CRLF.
///
/// ```swift
/// let ics = ICalendarWriter.string(document, timestamp: now)  // DTSTAMP is `timestamp`
/// ```
public enum ICalendarWriter {
  /// The iCalendar text of `document`; `timestamp` (the time of writing) is every DTSTAMP.
  public static func string(_ document: TimelineDocument, timestamp: Date) -> String {
    var text = ""
    writeHead(document, to: &text)
    for item in document.items { writeItem(item, timestamp: timestamp, to: &text) }
    writeTail(to: &text)
    return text
  }

  /// The calendar's properties before its components (a writer that streams items from a
  /// database writes this, each item, then the tail).
  public static func writeHead(_ document: TimelineDocument, to output: inout some TextOutputStream)
  {
    var lines = ""
    lines.property("BEGIN", "VCALENDAR")
    lines.property("VERSION", "2.0")
    lines.property("PRODID", "-//swift-timeline//timeline convert//EN")
    lines.property("CALSCALE", "GREGORIAN")
    if let title = document.title { lines.property("X-WR-CALNAME", ICalendarText.encode(title)) }
    lines.property("X-WR-TIMEZONE", ICalendarText.encode(document.timeZone.identifier))
    lines.property("X-TIMELINE-HEADER-UNIT", document.headerUnit.rawValue)
    output.write(lines)
  }

  /// One top-level item and its children as components; DTSTAMP is `timestamp`.
  public static func writeItem(
    _ item: TimelineItem, timestamp: Date, to output: inout some TextOutputStream
  ) {
    var lines = ""
    let stamp = ICalendarFormat.utc(instant: Int(timestamp.timeIntervalSince1970.rounded(.down)))
    write(item, parent: nil, stamp: stamp, to: &lines)
    for child in item.children { write(child, parent: item.id, stamp: stamp, to: &lines) }
    output.write(lines)
  }

  public static func writeTail(to output: inout some TextOutputStream) {
    output.write("END:VCALENDAR\r\n")
  }

  private static func write(
    _ item: TimelineItem, parent: String?, stamp: String, to lines: inout String
  ) {
    let isTodo = item.status == .inProgress || item.status == .completed
    let component = isTodo ? "VTODO" : "VEVENT"
    lines.property("BEGIN", component)
    lines.property("UID", ICalendarText.encode(item.id))
    lines.property("DTSTAMP", stamp)
    writeDate("DTSTART", item.start, to: &lines)
    if var end = item.end {
      // DTEND is exclusive; DUE names the last day.
      if case .day(let day) = end, !isTodo { end = .day(day.adding(days: 1)) }
      writeDate(isTodo ? "DUE" : "DTEND", end, to: &lines)
    }
    lines.property("SUMMARY", ICalendarText.encode(item.title))
    if let description = item.description, !description.isEmpty {
      lines.property("DESCRIPTION", ICalendarText.encode(description))
    }
    if let place = item.attributes.first, !place.isEmpty {
      lines.property("LOCATION", ICalendarText.encode(place))
    }
    if let type = item.supportingText, !type.isEmpty {
      lines.property("CATEGORIES", ICalendarText.encode(type))
    } else if item.supportingText == "" {
      lines.property("X-TIMELINE-SUPPORTING-TEXT", "")
    }
    if let priority = item.priority, (1...9).contains(priority) {
      lines.property("PRIORITY", String(10 - priority))
    }
    if item.kind == .inactive {
      lines.property("STATUS", "CANCELLED")
    } else if isTodo {
      lines.property("STATUS", item.status == .completed ? "COMPLETED" : "IN-PROCESS")
    }
    // The names after `X-TIMELINE-` are those TimelineExtensions.take(_:value:) reads.
    if item.kind != .event { lines.property("X-TIMELINE-KIND", item.kind.rawValue) }
    if item.status != .open { lines.property("X-TIMELINE-STATUS", item.status.rawValue) }
    for (name, field) in TimelineExtensions.textFields {
      guard let value = item[keyPath: field] else { continue }
      lines.property("X-TIMELINE-" + name, ICalendarText.encode(value))
    }
    for attribute in item.attributes {
      lines.property("X-TIMELINE-ATTRIBUTE", ICalendarText.encode(attribute))
    }
    if let priority = item.priority, !(1...9).contains(priority) {
      lines.property("X-TIMELINE-PRIORITY", String(priority))
    }
    if let parent { lines.property("RELATED-TO;RELTYPE=PARENT", ICalendarText.encode(parent)) }
    lines.property("END", component)
  }

  private static func writeDate(_ name: String, _ date: TimelineDate, to lines: inout String) {
    switch date {
    case .day(let day):
      lines.property(name + ";VALUE=DATE", ICalendarFormat.date(day: day.daysSinceEpoch))
    case .instant(let instant):
      lines.property(
        name, ICalendarFormat.utc(instant: Int(instant.timeIntervalSince1970.rounded(.down))))
    }
  }
}

extension String {
  /// Appends the content line `NAME:VALUE` (`name` may hold parameters: `DTSTART;VALUE=DATE`),
  /// folded at 75 octets (RFC 5545 §3.1) without splitting a UTF-8 sequence, ending in CRLF.
  fileprivate mutating func property(_ name: String, _ value: String) {
    let line = Array((name + ":" + value).utf8)
    var start = 0
    var limit = 75
    while line.count - start > limit {
      var end = start + limit
      // Back up to the start of a UTF-8 sequence.
      while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
      self += String(decoding: line[start..<end], as: UTF8.self) + "\r\n "
      start = end
      limit = 74
    }
    self += String(decoding: line[start...], as: UTF8.self) + "\r\n"
  }
}
