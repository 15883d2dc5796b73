import Foundation

/// Deterministic benchmark inputs, written once to the temporary directory and reused:
/// a calendar of events as calendar apps export them (a VTIMEZONE, zoned, UTC and all-day
/// events with descriptions, locations and statuses) and a CSV file of format v1 rows.
public enum BenchmarkFiles {
  static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swift-timeline-bench")

  /// The path of a calendar with `events` VEVENTs.
  public static func calendar(events: Int) -> String {
    write("events-\(events).ics") { output in
      output.write(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nX-WR-CALNAME:Plant\r\nX-WR-TIMEZONE:Europe/Berlin\r\n"
      )
      output.write(
        "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\nDTSTART:19701025T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
      )
      var random = Random(seed: 0x5EED)
      for index in 0..<events {
        let day = 20_454 + Int(random.next() % 1_095)  // 2026-01-01 + up to three years
        let date = ymd(day)
        let hour = 7 + Int(random.next() % 10)
        var event = "BEGIN:VEVENT\r\n"
        switch index % 10 {
        case 0:
          event += "DTSTART;VALUE=DATE:\(date)\r\nDTEND;VALUE=DATE:\(ymd(day + 2))\r\n"
        case 1, 2:
          event += "DTSTART:\(date)T\(pad(hour - 1))3000Z\r\nDTEND:\(date)T\(pad(hour))1500Z\r\n"
        default:
          event +=
            "DTSTART;TZID=Europe/Berlin:\(date)T\(pad(hour))0000\r\nDTEND;TZID=Europe/Berlin:\(date)T\(pad(hour + 1))3000\r\n"
        }
        event +=
          "DTSTAMP:20251201T120000Z\r\nUID:event-\(index)@plant.example.com\r\nCREATED:20251201T120000Z\r\n"
        event +=
          "DESCRIPTION:Planned downtime \(index) for line \(index % 12)\\, hall B.\\nBring the checklist and th\r\n e spare bearings.\r\n"
        event += "LAST-MODIFIED:20251201T120000Z\r\nLOCATION:Line \(index % 12)\r\nSEQUENCE:0\r\n"
        event += "STATUS:\(["CONFIRMED", "TENTATIVE", "CONFIRMED", "CANCELLED"][index % 4])\r\n"
        event += "SUMMARY:Maintenance window \(index)\r\nTRANSP:OPAQUE\r\nEND:VEVENT\r\n"
        output.write(event)
      }
      output.write("END:VCALENDAR\r\n")
    }
  }

  /// The path of a CSV file with `rows` rows.
  public static func csv(rows: Int) -> String {
    write("rows-\(rows).csv") { output in
      output.write(
        "id,kind,title,subtitle,start,end,status,statusLabel,attributes,attributes,priority\r\n")
      var random = Random(seed: 0xC5F)
      let statuses = ["open", "inProgress", "completed", "empty"]
      for index in 0..<rows {
        let day = 20_454 + Int(random.next() % 1_095)
        let iso = isoDate(day)
        let hour = pad(7 + Int(random.next() % 10))
        let kind = index == 0 ? "start" : "event"
        output.write(
          "t\(index),\(kind),\"Planned downtime \(index), line \(index % 12)\",Work package,"
            + "\(iso)T\(hour):45:00+01:00,\(iso)T\(hour):59:00+01:00,\(statuses[index % 4]),Active,"
            + "Line \(index % 12),2 h,\(index % 9)\r\n")
      }
    }
  }

  /// The path of a JSON feed of `cards` cards, one per line, each with a header and three
  /// dated items.
  public static func feed(cards: Int) -> String {
    write("feed-\(cards).json") { output in
      output.write(
        "{\"version\": 1, \"timeZone\": \"Europe/Berlin\", \"items\": [], \"cards\": [\n")
      let statuses = ["completed", "inProgress", "open"]
      for index in 0..<cards {
        var card =
          "{\"header\": {\"title\": \"Card \(index)\", \"subtitle\": \"Release\"}, \"items\": ["
        for item in 0..<3 {
          let day = 20_454 + (index * 3 + item) % 1_095
          card += item == 0 ? "" : ", "
          card +=
            "{\"title\": \"Task \(index)-\(item)\", \"start\": \"\(isoDate(day))T09:00:00Z\", "
            + "\"status\": \"\(statuses[item])\"}"
        }
        output.write(card + (index == cards - 1 ? "]}\n" : "]},\n"))
      }
      output.write("]}\n")
    }
  }

  private static func write(_ name: String, _ body: (inout FileOutput) -> Void) -> String {
    let url = directory.appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: url.path) { return url.path }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let partial = url.path + ".partial"
    FileManager.default.createFile(atPath: partial, contents: nil)
    var output = FileOutput(handle: FileHandle(forWritingAtPath: partial)!)
    body(&output)
    output.flush()
    try? FileManager.default.moveItem(atPath: partial, toPath: url.path)
    return url.path
  }

  private static func ymd(_ day: Int) -> String {
    isoDate(day).replacingOccurrences(of: "-", with: "")
  }

  private static func isoDate(_ day: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return "\(parts.year!)-\(pad(parts.month!))-\(pad(parts.day!))"
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A buffered file writer, so that generating large files needs little memory.
struct FileOutput: TextOutputStream {
  let handle: FileHandle
  private var buffer: [UInt8] = []

  init(handle: FileHandle) { self.handle = handle }

  mutating func write(_ string: String) {
    buffer.append(contentsOf: string.utf8)
    if buffer.count > 1 << 20 { flush() }
  }

  mutating func flush() {
    handle.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}

/// A small deterministic generator (PCG-style LCG).
struct Random {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 11
  }
}
