import Foundation
import Testing
import _TimelineTestSupport

/// `timeline import/export/copy` on either database: an SQLite file (`--db`) or PostgreSQL
/// (`--database URL`, also `TIMELINE_DATABASE`).
@Suite("WEB-1 databases on the command line", .serialized)
struct DatabaseCommandTests {
  static let document = """
    {"version":1,"title":"Plant","timeZone":"Europe/Berlin","items":[
      {"id":"a","title":"Survey","start":"2026-11-20T09:00:00+01:00","children":[
        {"id":"a1","title":"Photos","start":"2026-11-20T09:30:00+01:00"}]},
      {"id":"b","title":"Repair","start":"2026-11-24","status":"inProgress","priority":2}
    ]}
    """

  static func temporaryDatabase(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "timeline-cli-\(UUID().uuidString)-\(name).sqlite"
    ).path
  }

  static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  @Test func web1_copyMovesEveryTimelineToAnotherDatabaseAndSaysWhere() throws {
    let file = try CommandRunner.temporaryFile(Self.document, name: "plant.json")
    let source = Self.temporaryDatabase("source")
    let target = Self.temporaryDatabase("target")
    defer {
      Self.remove(source)
      Self.remove(target)
    }
    #expect(try CommandRunner.run(["import", file, "--db", source]).status == 0)
    #expect(
      try CommandRunner.run(["import", file, "--db", source, "--title", "Second"]).status == 0)
    let copied = try CommandRunner.run(["copy", "--from", source, "--to", target])
    #expect(copied.status == 0, "\(copied.standardError)")
    #expect(copied.standardOutput == "1 -> 1 Plant\n2 -> 2 Second\n")
    let original = try CommandRunner.run(["export", "2", "--db", source])
    let copy = try CommandRunner.run(["export", "2", "--db", target])
    #expect(copy.status == 0)
    // The same document, but for the export's own timestamp line.
    func body(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.contains("\"exported\"") }
    }
    #expect(body(copy.standardOutput) == body(original.standardOutput))
    #expect(copy.standardOutput.contains("Photos"))
    // One timeline only, by id; a missing one is named.
    let one = try CommandRunner.run(["copy", "--from", source, "--to", target, "--timeline", "1"])
    #expect(one.standardOutput == "1 -> 3 Plant\n")
    let missing = try CommandRunner.run([
      "copy", "--from", source, "--to", target, "--timeline", "9",
    ])
    #expect(missing.status == 66)
    #expect(missing.standardError.contains("no timeline 9"))
  }

  @Test func web1_aDatabaseURLThatCannotBeUsedIsRefusedWithItsReason() throws {
    let file = try CommandRunner.temporaryFile(Self.document, name: "plant.json")
    let refused = try CommandRunner.run([
      "import", file, "--database",
      "postgres://someone:hunter2@db.example/timeline?sslmode=require",
    ])
    #expect(refused.status == 74)
    #expect(refused.standardError.contains("sslmode=require is not supported"))
    // The password never reaches the terminal.
    #expect(!refused.standardError.contains("hunter2"))
    let environment = try CommandRunner.run(
      ["export", "1"], environment: ["TIMELINE_DATABASE": "mysql://db.example/timeline"])
    #expect(environment.status == 74)
    #expect(environment.standardError.contains("expected postgres://"))
  }

  @Test func web1_importExportAndCopyWorkOnPostgreSQL() throws {
    guard let url = ProcessInfo.processInfo.environment["TIMELINE_TEST_POSTGRES"], !url.isEmpty
    else { return }
    let file = try CommandRunner.temporaryFile(Self.document, name: "plant.json")
    let source = Self.temporaryDatabase("pg-source")
    defer { Self.remove(source) }
    let imported = try CommandRunner.run(["import", file, "--database", url])
    #expect(imported.status == 0, "\(imported.standardError)")
    let id = imported.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let exported = try CommandRunner.run(
      ["export", id, "--format", "csv"], environment: ["TIMELINE_DATABASE": url])
    #expect(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardOutput.contains("Repair"))
    // Back to an SQLite file, one timeline.
    let copied = try CommandRunner.run([
      "copy", "--from", url, "--to", source, "--timeline", id,
    ])
    #expect(copied.status == 0, "\(copied.standardError)")
    #expect(copied.standardOutput == "\(id) -> 1 Plant\n")
  }
}
