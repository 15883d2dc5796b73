import Foundation

/// Runs the built `timeline` executable as a user would, capturing its output.
public enum CommandRunner {
  /// The result of one run.
  public struct Result: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
  }

  /// The `timeline` binary beside the test bundle (`.build/<config>/timeline`).
  public static var executable: URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Fixtures.repositoryRoot.appendingPathComponent(".build/debug"),
    ]
    for directory in candidates {
      let url = directory.appendingPathComponent("timeline")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return candidates[2].appendingPathComponent("timeline")
  }

  /// Runs `timeline` with `arguments`, feeding `input` on standard input.
  public static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    merged["LANG"] = "en_US.UTF-8"
    merged.removeValue(forKey: "NO_COLOR")
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let output = Pipe()
    let error = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = inputPipe
    try process.run()
    // Read both pipes concurrently with writing, so large outputs cannot deadlock.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outData = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errData = error.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    if let input { inputPipe.fileHandleForWriting.write(input) }
    try? inputPipe.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }

  /// Writes `text` to a fresh temporary file and returns its path.
  public static func temporaryFile(_ text: String, name: String = "doc.json") throws -> String {
    try temporaryFile(Data(text.utf8), name: name)
  }

  /// Writes `data` to a fresh temporary file and returns its path. The file lives in a
  /// folder of this test process's own, removed when the process exits.
  public static func temporaryFile(_ data: Data, name: String = "doc.json") throws -> String {
    let path = try temporaryPath(name)
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A path named `name` in a fresh folder of ``temporaryFile(_:name:)``'s, for a file
  /// the test has a command write (a database, say).
  public static func temporaryPath(_ name: String) throws -> String {
    let directory = temporaryRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
  }

  /// The folder of ``temporaryFile(_:name:)``'s files, made on first use.
  private static let temporaryRoot: URL = {
    let root = URL(fileURLWithPath: temporaryRootPath)
    atexit { try? FileManager.default.removeItem(atPath: temporaryRootPath) }
    return root
  }()
}

/// The path of ``CommandRunner``'s folder of temporary files (a global, so that the exit
/// handler, a C function, can reach it).
private let temporaryRootPath = FileManager.default.temporaryDirectory
  .appendingPathComponent("timeline-tests-\(getpid())-\(UUID().uuidString)").path
