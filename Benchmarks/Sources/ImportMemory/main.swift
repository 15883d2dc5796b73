// import-memory: reads one benchmark file (or any file) once, in this fresh process, and
// prints the peak resident memory against the size of the model built, so that what a
// reader holds beyond its result can be read off directly.
//
//   swift run -c release --package-path Benchmarks import-memory csv 1000000 [--stream]
//   swift run -c release --package-path Benchmarks import-memory ics 100000 [--stream]
//   swift run -c release --package-path Benchmarks import-memory path/to/file.csv [--stream]
import BenchmarkSupport
import Foundation
import TimelineCore
import TimelineImport

/// A field of /proc/self/status in bytes (`VmRSS`, `VmHWM`).
func status(_ field: String) -> Int {
  let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
  }
  return 0
}

var arguments = Array(CommandLine.arguments.dropFirst())
let stream = arguments.contains("--stream")
arguments.removeAll { $0 == "--stream" }
guard let first = arguments.first else {
  print("usage: import-memory csv|ics COUNT | FILE [--stream]")
  exit(64)
}
let path: String
switch first {
case "csv": path = BenchmarkFiles.csv(rows: Int(arguments.dropFirst().first ?? "") ?? 1_000_000)
case "ics":
  path = BenchmarkFiles.calendar(events: Int(arguments.dropFirst().first ?? "") ?? 100_000)
default: path = first
}
let options = ImportOptions(
  timeZone: TimeZone(identifier: "Europe/Berlin")!,
  window: DateInterval(
    start: Date(timeIntervalSince1970: 1_735_689_600),
    end: Date(timeIntervalSince1970: 1_830_297_600)))
let before = status("VmRSS")
let start = Date()
var items = 0
var model = 0
if stream {
  _ = try DocumentReader.forEachItem(path: path, options: options) { _ in items += 1 }
} else {
  let document = try DocumentReader.read(path: path, options: options).document
  items = document.items.count
  model = ModelSize.estimate(document)
}
let seconds = Date().timeIntervalSince(start)
let peak = status("VmHWM")
func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
print(
  "\((path as NSString).lastPathComponent)\(stream ? " (stream)" : ""): \(items) items in "
    + String(format: "%.0f ms", seconds * 1000)
    + "; resident before \(mb(before)), peak \(mb(peak)), "
    + "model \(mb(model)), beyond the model \(mb(peak - before - model))")
