import Foundation
import Testing
import TimelineCore

@testable import TimelineImport

#if canImport(Glibc)
  import Glibc
#endif

/// A large file is mapped rather than copied while a read lease keeps other processes from
/// writing or truncating it, and it reads exactly as a copy does (IO-4).
@Suite("IO-4 large files mapped under a lease")
struct MappedTextTests {
  /// A feed of 10,000 cards, over the size from which files are mapped.
  static let feed = KeptCardsTests.feed(10_000)

  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("mapped-\(UUID().uuidString).json")

  /// Whether this system grants leases at all.
  static var leasesEnabled: Bool {
    (try? String(contentsOfFile: "/proc/sys/fs/leases-enable", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
  }

  /// Whether another opener could write the file now, without waiting.
  func writable() -> Bool {
    let descriptor = open(file.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return true
  }

  @Test func io4_aLargeFileIsMappedAndNotWritableUntilGivenBack() throws {
    try Data(Self.feed.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(Self.feed.utf8.count >= MappedText.threshold)
    let text = try ChunkedInput(path: file.path).readAll {}
    #expect(text.elementsEqual(Self.feed.utf8))
    #if os(Linux)
      if Self.leasesEnabled {
        #expect(MappedText.isMapped(text))
        // A writer would wait for the lease: without waiting, it is refused.
        #expect(!writable() && errno == EWOULDBLOCK)
      }
    #endif
    MappedText.release(text)
    #expect(!MappedText.isMapped(text) && writable())
  }

  @Test func io4_aFileOpenForWritingIsCopied() throws {
    try Data(Self.feed.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let writer = open(file.path, O_WRONLY | O_CLOEXEC)
    #expect(writer >= 0)
    defer { close(writer) }
    let text = try ChunkedInput(path: file.path).readAll {}
    #expect(!MappedText.isMapped(text) && text.elementsEqual(Self.feed.utf8))
    MappedText.release(text)
  }

  /// End to end: a mapped feed reads as the same bytes from memory do, whole and for a
  /// page, and a flawed one fails alike and is given back (a writer may open it after).
  @Test func io4_aMappedFeedReadsAsACopyDoes() throws {
    let reader = KeptCardsTests()
    let fromMemory = try TimelineJSONReader.read(Array(Self.feed.utf8), file: reader.file.path)
    #expect(try reader.read(Self.feed, kept: nil) == fromMemory)
    let page = try #require(try reader.read(Self.feed, kept: 7_000..<7_010).cards)
    #expect(page.entries == Array(try #require(fromMemory.cards).entries[7_000..<7_010]))
    let flawed = KeptCardsTests.feed(10_000, flaws: [7_500: "item bad date"])
    var expected: DocumentError?
    do { _ = try TimelineJSONReader.read(Array(flawed.utf8), file: reader.file.path) } catch {
      expected = error
    }
    let whole = try #require(expected)
    try Data(flawed.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    for kept in [nil, 0..<10] as [Range<Int>?] {
      var options = ImportOptions(
        window: ImportOptions.window(around: Date(timeIntervalSince1970: 0)))
      if let kept { options.cardsKept = { _ in kept } }
      let error = DocumentError(
        file: file.path, line: whole.line, column: whole.column, message: whole.message)
      #expect(throws: error) {
        try DocumentReader.read(path: file.path, format: .json, options: options)
      }
      #expect(writable())
    }
  }

  /// A mapped file that is cut short while it is read (once its lease is gone, as the
  /// system ends a lease not given back within its lease-break-time) is an error that says
  /// so, whether the cut shows as a fault (for a page: where the scan looks for its middle
  /// card) or as zeros in the last page the file still holds, not a crash and not a
  /// document made of the zeros read.
  @Test(arguments: [false, true])
  func io4_aMappedFileCutShortWhileReadIsAnErrorNotACrash(forAPage: Bool) throws {
    try Data(Self.feed.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let text = try ChunkedInput(path: file.path).readAll {}
    guard MappedText.isMapped(text) else {
      MappedText.release(text)
      #expect(!Self.leasesEnabled)
      return
    }
    MappedText.endLease(of: text)
    #expect(truncate(file.path, 100) == 0)
    let firstTen: @Sendable (Int) -> Range<Int> = { _ in 0..<10 }
    let kept = forAPage ? firstTen : nil
    #expect(throws: MappedText.cutShort(file.path)) {
      try TimelineJSONReader.read(taking: text, file: file.path, cardsKept: kept)
    }
    #expect(!MappedText.isMapped(text) && writable())
  }
}
