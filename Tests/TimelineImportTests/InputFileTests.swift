import Foundation
import Synchronization
import Testing
import TimelineImport

/// IO-4: files are read whole; an unreadable one is an error at 1:1 with the system's
/// reason.
@Suite struct InputFileTests {
  /// A fresh temporary directory, removed by the caller.
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("timeline-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func io4_readsADocumentFromAPath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("plan.json")
    try Data(specExample.utf8).write(to: file)
    #expect(try TimelineJSONReader.read(path: file.path).items.count == 2)
    #expect(try InputFile.read(path: file.path) == Array(specExample.utf8))
  }

  @Test func io4_aDocumentReadFromAPipeOfUnknownLengthIsReadWhole() throws {
    // A pipe has no size to reserve, so the reader grows its buffer as the text comes; a
    // file has one, and is read into a buffer of that size (and one byte to find its end).
    // Both read every item, with progress reported on the way.
    let bytes = LargeDocumentTests.largeDocument(items: 4_000)
    #expect(bytes.count > 4 * ChunkedInput.defaultChunkSize)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    let writer = Thread {
      bytes.withUnsafeBytes { raw in
        var written = 0
        while written < raw.count {
          let count = write(writing, raw.baseAddress! + written, raw.count - written)
          if count <= 0 { break }
          written += count
        }
      }
      close(writing)
    }
    writer.start()
    defer { close(reading) }
    let input = try ChunkedInput(path: "/dev/fd/\(reading)")
    #expect(input.totalBytes == nil)
    let reports = Mutex<[Int]>([])
    var options = importOptions(zone: "UTC")
    options.progress = { progress in reports.withLock { $0.append(progress.bytesRead) } }
    let (document, _) = try DocumentReader.read(input, format: .json, options: options)
    #expect(document.items.count == 4_000)
    #expect(document.items.last?.id == "t3999")
    let read = reports.withLock { $0 }
    #expect(read.count >= 4 && read == read.sorted() && read.last == bytes.count)

    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("large.json")
    try Data(bytes).write(to: file)
    let fromFile = try DocumentReader.read(path: file.path, options: importOptions(zone: "UTC"))
    #expect(fromFile.document.items == document.items)
  }

  @Test func io4_errorsInAFileNameThePath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bad.json")
    try Data("{\n  \"items\": [,]\n}".utf8).write(to: file)
    #expect(
      throws: DocumentError(
        file: file.path, line: 2, column: 13, message: "expected a JSON value")
    ) {
      try TimelineJSONReader.read(path: file.path)
    }
  }

  @Test func io4_missingFileIsAnErrorAtLineOneColumnOne() {
    let path = "/nonexistent/timeline-\(UUID().uuidString).json"
    #expect(
      throws: DocumentError(
        file: path, line: 1, column: 1, message: "cannot read file: No such file or directory")
    ) {
      try TimelineJSONReader.read(path: path)
    }
  }

  @Test func io4_directoryIsAnErrorAtLineOneColumnOne() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(
      throws: DocumentError(
        file: directory.path, line: 1, column: 1, message: "cannot read file: Is a directory")
    ) {
      try TimelineJSONReader.read(path: directory.path)
    }
  }

  @Test func io4_largeFilesAreReadCompletely() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("large.json")
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(bytes).write(to: file)
    #expect(try InputFile.read(path: file.path) == bytes)
  }

  @Test func io4_dashReadsStandardInputNamedStdin() throws {
    #expect(InputFile.standardInputName == "<stdin>")
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data("{\n  \"items\": 7\n}".utf8))
    try pipe.fileHandleForWriting.close()
    // Swap the pipe in as standard input for this one read; no other test reads it.
    let saved = dup(STDIN_FILENO)
    dup2(pipe.fileHandleForReading.fileDescriptor, STDIN_FILENO)
    defer {
      dup2(saved, STDIN_FILENO)
      close(saved)
    }
    #expect(
      throws: DocumentError(
        file: "<stdin>", line: 2, column: 12,
        message: #"expected an array for "items", found number"#)
    ) {
      try TimelineJSONReader.read(path: "-")
    }
  }
}
