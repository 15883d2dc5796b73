import Foundation
import Testing
import _TimelineTestSupport

@Suite("IO-4 bad input and usage errors", .serialized)
struct ExitStatusTests {
  let valid = """
    {"version":1,"timeZone":"Europe/Berlin","items":[
      {"id":"a","title":"Survey","start":"2026-11-20T09:00:00+01:00","status":"completed"},
      {"id":"b","title":"Repair","start":"2026-11-24","end":"2026-11-25"}
    ]}
    """

  func run(document: String, _ extra: [String] = []) throws -> CommandRunner.Result {
    let path = try CommandRunner.temporaryFile(document, name: "plan.json")
    return try CommandRunner.run(["render", path, "--now", "2026-11-21T12:00:00Z"] + extra)
  }

  /// `-o` a pipe (or a device such as /dev/null) writes into it: renaming a finished file
  /// onto it would replace the pipe or the device with a regular file.
  @Test func io4_outputToAPipeWritesIntoThePipeAndLeavesIt() throws {
    let fifo = FileManager.default.temporaryDirectory
      .appendingPathComponent("timeline-\(UUID().uuidString).fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    // Open the reading end first, without waiting for a writer, so the command can write.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let path = try CommandRunner.temporaryFile(valid, name: "plan.json")
    let result = try CommandRunner.run([
      "render", path, "--format", "json", "--now", "2026-11-21T12:00:00Z", "-o", fifo,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = read(reader, &buffer, buffer.count)
    let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    #expect(text.contains("\"Survey\""), "the pipe got the output")
    var info = stat()
    #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still a pipe")
  }

  @Test func io4_validDocumentExitsZero() throws {
    let result = try run(document: valid)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput.contains("Survey"))
  }

  @Test(arguments: [
    ("{\"items\":[{\"title\":\"x\"", "1:23:"),
    (
      "{\"items\":[\n  {\"title\":\"x\", \"kind\":\"milestone\", \"start\":\"2026-11-21\"}]}",
      "2:24:"
    ),
    ("{\"items\":[\n  {\"start\":\"2026-11-21\"}]}", "2:3:"),
    ("{\"items\":[\n  {\"title\":\"x\"}]}", "2:3:"),
    ("{\"items\":[\n  {\"title\":5, \"start\":\"2026-11-21\"}]}", "2:12:"),
    ("{\"items\":[\n  {\"title\":\"x\", \"start\":\"2026-11-31\"}]}", "2:25:"),
    ("{\"items\":[\n  {\"title\":\"x\", \"start\":\"2026-11-21\", \"status\":\"done\"}]}", "2:48:"),
    (
      "{\"items\":[{\"id\":\"a\",\"title\":\"x\",\"start\":\"2026-11-21\"},\n{\"id\":\"a\",\"title\":\"y\",\"start\":\"2026-11-21\"}]}",
      "2:7:"
    ),
    (
      "{\"items\":[{\"title\":\"x\",\"start\":\"2026-11-21\",\"children\":[\n{\"title\":\"c\",\"start\":\"2026-11-21\",\"children\":[{\"title\":\"g\",\"start\":\"2026-11-21\"}]}]}]}",
      "2:46:"
    ),
    ("{\"items\": 3}", "1:11:"),
    ("", "1:1:"),
    // A title of spaces only reads as no title.
    ("{\"items\":[\n  {\"title\":\"   \", \"start\":\"2026-11-21\"}]}", "2:12:"),
  ])
  func io4_badDocumentsExit65WithFileLineAndColumn(document: String, location: String) throws {
    let result = try run(document: document)
    #expect(result.status == 65, "stdout: \(result.standardOutput)")
    // The line and the column of the offending value (1-based, in characters).
    #expect(result.standardError.contains("plan.json:" + location + " "), "\(result.standardError)")
    #expect(result.standardOutput.isEmpty, "nothing half-written")
    #expect(!result.standardError.contains("Fatal error"))
  }

  @Test func io4_invalidUTF8Exits65() throws {
    var bytes = Data("{\"items\":[{\"title\":\"caf".utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])
    bytes.append(contentsOf: Data("\",\"start\":\"2026-11-21\"}]}".utf8))
    let path = try CommandRunner.temporaryFile(bytes, name: "plan.json")
    let result = try CommandRunner.run(["render", path])
    #expect(result.status == 65)
    #expect(result.standardError.contains("plan.json:1:"))
  }

  @Test func io4_deepNestingExits65() throws {
    let deep =
      "{\"items\":" + String(repeating: "[", count: 200_000)
      + String(repeating: "]", count: 200_000) + "}"
    let result = try run(document: deep)
    #expect(result.status == 65)
    #expect(result.standardError.contains("plan.json:1:"))
  }

  @Test func io4_fiftyMegabyteFileWithAnErrorAtTheEndExits65WithItsLine() throws {
    var text = "{\"version\":1,\"items\":[\n"
    let line =
      "{\"title\":\"" + String(repeating: "x", count: 230)
      + "\",\"start\":\"2026-11-21T10:00:00Z\"},\n"
    let count = 50_000_000 / line.utf8.count
    text.reserveCapacity(count * line.utf8.count + 200)
    for _ in 0..<count { text += line }
    text += "{\"title\":\"last\",\"start\":\"2026-11-21\",\"status\":\"finished\"}]}"
    #expect(text.utf8.count >= 50_000_000)
    let result = try run(document: text)
    #expect(result.status == 65)
    #expect(result.standardError.contains("plan.json:\(count + 2):"), "\(result.standardError)")
  }

  @Test func io4_standardInputIsReadWithDash() throws {
    let result = try CommandRunner.run(
      ["render", "-", "--format", "json"], input: Data(valid.utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\"total\":2"))
    let bad = try CommandRunner.run(["render", "-"], input: Data("{".utf8))
    #expect(bad.status == 65)
    #expect(bad.standardError.contains("<stdin>:1:"))
  }

  @Test(arguments: [
    ["render"], ["render", "x.json", "--format", "xml"],
    ["render", "x.json", "--now", "yesterday"],
    ["render", "x.json", "--time-zone", "Mars/Olympus"],
    ["render", "x.json", "--header-unit", "decade"],
    ["preview", "x.json", "--size", "compact", "--count", "3"],
    ["preview", "x.json", "--count", "0"],
    ["render", "x.json", "--width", "0"], ["render", "x.json", "--bogus"], ["frobnicate"],
  ])
  func io4_usageErrorsExit64(arguments: [String]) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.standardError)")
    #expect(!result.standardError.isEmpty)
  }

  @Test func io4_mutatedDocumentsNeverCrash() throws {
    var random = SeededGenerator(seed: 7)
    let bytes = Array(valid.utf8)
    for _ in 0..<40 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0..<mutated.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: mutated[position] = UInt8.random(in: 0...255, using: &random)
        case 1: mutated.remove(at: position)
        default: mutated.insert(UInt8.random(in: 0...255, using: &random), at: position)
        }
      }
      let path = try CommandRunner.temporaryFile(Data(mutated), name: "plan.json")
      let result = try CommandRunner.run([
        "render", path, "--format", "json", "--now", "2026-11-21T12:00:00Z",
      ])
      #expect(
        result.status == 0 || result.status == 65,
        "status \(result.status): \(result.standardError)")
      if result.status == 65 { #expect(result.standardError.contains("plan.json:")) }
    }
  }
}

/// `timeline import` and `timeline export` round trips through a database file.
@Suite("WEB-1 import and export on the command line", .serialized)
struct ImportExportCommandTests {
  @Test func web1_io3_aCSVExportSaysWhichChildItemsItLeavesOut() throws {
    let document = """
      {"version":1,"timeZone":"Europe/Berlin","items":[
        {"id":"a","title":"Survey","start":"2026-11-20T09:00:00+01:00","children":[
          {"id":"a1","title":"Photos","start":"2026-11-20T09:30:00+01:00"},
          {"id":"a2","title":"Notes","start":"2026-11-20T10:00:00+01:00"}]},
        {"id":"b","title":"Repair","start":"2026-11-24"}
      ]}
      """
    let path = try CommandRunner.temporaryFile(document, name: "plan.json")
    let db = path + ".sqlite"
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: db + suffix)
      }
    }
    let imported = try CommandRunner.run(["import", path, "--db", db])
    #expect(imported.status == 0, "\(imported.standardError)")
    let id = imported.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let csv = try CommandRunner.run(["export", id, "--db", db, "--format", "csv"])
    #expect(csv.status == 0)
    #expect(csv.standardOutput.contains("Survey") && !csv.standardOutput.contains("Photos"))
    #expect(csv.standardError.contains("2 child items left out"), "\(csv.standardError)")
    // JSON keeps the children, and says nothing.
    let json = try CommandRunner.run(["export", id, "--db", db, "--format", "json"])
    #expect(json.standardOutput.contains("Photos") && json.standardOutput.contains("Notes"))
    #expect(json.standardError.isEmpty)
  }
}
