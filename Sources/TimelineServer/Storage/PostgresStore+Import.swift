import Foundation
import Logging
import NIOCore
import PostgresNIO
import TimelineCore

extension PostgresStore {
  /// Stores a new timeline: its rows stream into `COPY … FROM STDIN` while `feed` reads
  /// the source on a thread of its own, a bounded number of chunks ahead. They go into a
  /// table of their own, whose indexes are then built in one pass each, two connections at
  /// once (several times faster than growing them row by row); one transaction then adds
  /// the timeline and attaches its table. Until then the app sees nothing of it, and a
  /// failure drops the table: nothing is half-written.
  public func importTimeline(
    _ header: TimelineHeader,
    feed: @escaping @Sendable (_ add: (TimelineItem, String?) throws -> Void) throws -> Void
  ) async throws -> TimelineSummary {
    let calendar = calendar(header.timeZone)
    let logger = logger
    let client = client
    guard
      let timeline = try await withConnection({ connection in
        try await connection.rows("SELECT nextval(pg_get_serial_sequence('timelines', 'id'))")
      }).first?.integer(0)
    else { throw StoreError.notFound }
    let table = Self.partition(timeline)
    // A random first revision: a timeline id used again never meets what was cached about
    // the one before, nor its items' tags.
    let revision = Int64.random(in: 1...(1 << 52))
    do {
      let tally = try await withoutActuallyEscaping(feed) { feed in
        // The reading thread and its task reach the feed only through this box, emptied
        // before the feed's scope ends (they may outlive it by a moment).
        let box = FeedBox(feed)
        defer { box.clear() }
        return try await client.withConnection { connection in
          try await connection.run("CREATE TABLE \(table) (LIKE items INCLUDING DEFAULTS)")
          return try await Self.copyRows(
            into: table, connection: connection, logger: logger, feed: box,
            encode: { feed, chunks in
              try Self.encodeRows(
                header: header, timeline: timeline, revision: revision, calendar: calendar,
                feed: feed, chunks: chunks)
            })
        }
      }
      // The trigram index takes longest: it gets a connection to itself.
      let (search, others) = (
        Self.partitionIndexes(table, dialect: dialect).filter { $0.contains("gin_trgm_ops") },
        Self.partitionIndexes(table, dialect: dialect).filter { !$0.contains("gin_trgm_ops") }
      )
      try await withThrowingTaskGroup(of: Void.self) { group in
        for statements in [search, others] {
          group.addTask {
            try await client.withConnection { connection in
              // Memory to sort in: one pass instead of merging runs on disk.
              try await connection.run("SET maintenance_work_mem = '512MB'")
              for statement in statements { try await connection.run(statement) }
              try await connection.run("RESET maintenance_work_mem")
            }
          }
        }
        try await group.waitForAll()
      }
      // Statistics for the planner now, not when autovacuum comes by: with them a search
      // starts from its trigram matches instead of walking the timeline in section order.
      try await client.withConnection { connection in try await connection.run("ANALYZE \(table)") }
      try await client.withConnection { connection in
        try await Self.transaction(on: connection) { connection in
          try await connection.run(
            """
            INSERT INTO timelines
              (id, title, time_zone, header_unit, item_count, max_span, next_seq, revision)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
              .integer(timeline), .text(header.title), .text(header.timeZone.identifier),
              .text(header.headerUnit.rawValue), .integer(Int64(tally.count)),
              .real(tally.maxSpan), .integer(tally.seq), .integer(revision),
            ])
          for statement in CardRows.inserts(header.cards, timeline: timeline) {
            try await connection.run(statement.sql, statement.values)
          }
          try await connection.run(Self.addCounts(from: table))
          for statement in Self.partitionKeys(timeline) { try await connection.run(statement) }
          try await connection.run(
            "ALTER TABLE items ATTACH PARTITION \(table) FOR VALUES IN (\(timeline))")
        }
      }
      return TimelineSummary(id: timeline, title: header.title, count: tally.count)
    } catch {
      _ = try? await client.withConnection { connection in
        try await connection.run("DROP TABLE IF EXISTS \(table)")
      }
      throw error
    }
  }

  /// Streams the rows `encode` makes of `feed` into `table` with `COPY`, the encoding on a
  /// thread of its own.
  static func copyRows(
    into table: String, connection: PostgresConnection, logger: Logger,
    feed: FeedBox,
    encode:
      @escaping @Sendable (
        _ feed: (_ add: (TimelineItem, String?) throws -> Void) throws -> Void, CopyChunks
      ) throws -> CopyTally
  ) async throws -> CopyTally {
    let chunks = CopyChunks()
    let producer = Task {
      await onThread {
        let result = Result { () throws -> CopyTally in
          guard let feed = feed.take() else { throw CancellationError() }
          return try encode(feed, chunks)
        }
        chunks.finish(result.map { _ in () })
        return result
      }
    }
    do {
      try await connection.copyFrom(table: table, columns: ItemColumns.names, logger: logger) {
        writer in
        for try await chunk in chunks.stream {
          try await writer.write(chunk)
          chunks.taken()
        }
      }
    } catch {
      chunks.cancel()
      // The reader's own error (bad input, a repeated id) says more than the copy's.
      if case .failure(let readError) = await producer.value { throw readError }
      throw error
    }
    return try await producer.value.get()
  }

  /// What an import counted while it wrote.
  struct CopyTally: Sendable {
    var count = 0
    var maxSpan = 0.0
    var seq: Int64 = 0
  }

  /// Reads the items `feed` hands over into `COPY` text, chunk by chunk. Ids are checked
  /// here (a repeated one names the item), and children find their parent's number.
  static func encodeRows(
    header: TimelineHeader, timeline: Int64, revision: Int64, calendar: Calendar,
    feed: (_ add: (TimelineItem, String?) throws -> Void) throws -> Void, chunks: CopyChunks
  ) throws -> CopyTally {
    var tally = CopyTally()
    var sections = SectionCache()
    // Every id of the timeline, with the sequence number of top-level ones (-1 for children).
    var seqs: [String: Int64] = [:]
    var buffer = ByteBuffer()
    buffer.reserveCapacity(1 << 20)
    try feed { item, parentID in
      var parentSeq: Int64?
      if let parentID {
        guard let seq = seqs[parentID], seq >= 0 else { throw StoreError.notFound }
        parentSeq = seq
      }
      guard seqs.updateValue(parentSeq == nil ? tally.seq : -1, forKey: item.id) == nil else {
        throw StoreError.repeatedID(item.id)
      }
      let values = ItemColumns.values(
        item, timeline: timeline, seq: tally.seq, parentSeq: parentSeq, stamp: revision,
        unit: header.headerUnit, calendar: calendar, sections: &sections)
      CopyText.append(values, to: &buffer)
      if buffer.readableBytes >= 1 << 20 {
        try chunks.send(buffer)
        buffer = ByteBuffer()
        buffer.reserveCapacity(1 << 20)
      }
      tally.seq += 1
      if parentSeq == nil {
        tally.count += 1
        let span = TimeSpan(item, calendar: calendar)
        tally.maxSpan = max(tally.maxSpan, span.end - span.start)
      }
    }
    if buffer.readableBytes > 0 { try chunks.send(buffer) }
    return tally
  }

  // MARK: Changes from other instances

  /// Listens on the changes channel for as long as the store is open, and rings the change
  /// signal for each; a lost connection is opened again (with a pause that grows to 2 s).
  func listenForChanges() {
    let client = client
    let signal = changeSignal
    let logger = logger
    let task = Task {
      var pause = Duration.milliseconds(100)
      while !Task.isCancelled {
        do {
          try await client.withConnection { connection in
            try await connection.listen(on: Self.channel) { notifications in
              pause = .milliseconds(100)
              for try await notification in notifications {
                let parts = notification.payload.split(separator: " ")
                if parts.count == 2, let timeline = Int64(parts[0]),
                  let revision = Int64(parts[1])
                {
                  signal.post(timeline: timeline, revision: revision)
                }
              }
            }
          }
        } catch {
          if Task.isCancelled { return }
          logger.warning("listening for changes: \(String(reflecting: error)); trying again")
        }
        try? await Task.sleep(for: pause)
        pause = min(pause * 2, .seconds(2))
      }
    }
    addTask(task)
  }
}

/// The feed of an import, held for the reading thread until the import lets it go.
final class FeedBox: @unchecked Sendable {
  typealias Feed = @Sendable (_ add: (TimelineItem, String?) throws -> Void) throws -> Void
  private let lock = NSLock()
  private var feed: Feed?

  init(_ feed: @escaping Feed) { self.feed = feed }

  func take() -> Feed? { lock.withLock { feed } }

  func clear() { lock.withLock { feed = nil } }
}

/// Rows in PostgreSQL's `COPY` text format: tab-separated, `\N` for null, backslash escapes.
enum CopyText {
  static func append(_ values: [SQLValue], to buffer: inout ByteBuffer) {
    for (index, value) in values.enumerated() {
      if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
      switch value {
      case .null: buffer.writeStaticString("\\N")
      case .integer(let number): buffer.writeString(String(number))
      case .real(let number): buffer.writeString(number.description)
      case .text(let text):
        var text = text
        text.withUTF8 { bytes in
          var start = 0
          for (offset, byte) in bytes.enumerated() {
            let escape: UInt8? =
              switch byte {
              case UInt8(ascii: "\\"): UInt8(ascii: "\\")
              case UInt8(ascii: "\t"): UInt8(ascii: "t")
              case UInt8(ascii: "\n"): UInt8(ascii: "n")
              case UInt8(ascii: "\r"): UInt8(ascii: "r")
              default: nil
              }
            guard let escape else { continue }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
            buffer.writeInteger(UInt8(ascii: "\\"))
            buffer.writeInteger(escape)
            start = offset + 1
          }
          buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
      }
    }
    buffer.writeInteger(UInt8(ascii: "\n"))
  }
}

/// Chunks of `COPY` text from a reading thread to the copying task, at most `capacity`
/// waiting: the reader blocks (on its own thread, never the cooperative pool's) when the
/// database is slower than the source.
final class CopyChunks: Sendable {
  let stream: AsyncThrowingStream<ByteBuffer, any Error>
  private let continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation
  private let room: DispatchSemaphore
  private let cancelled = Locked(false)

  init(capacity: Int = 8) {
    (stream, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
    room = DispatchSemaphore(value: capacity)
  }

  /// Hands a chunk over, waiting while `capacity` chunks wait; throws once cancelled.
  func send(_ chunk: ByteBuffer) throws {
    room.wait()
    if cancelled.withLock({ $0 }) { throw CancellationError() }
    continuation.yield(chunk)
  }

  /// The reader is done (or failed).
  func finish(_ result: Result<Void, any Error>) {
    continuation.finish(throwing: result.failure)
  }

  /// Called by the copying task for each chunk it has written.
  func taken() { room.signal() }

  /// The copy failed: the reader stops at its next chunk.
  func cancel() {
    cancelled.withLock { $0 = true }
    room.signal()
    continuation.finish()
  }
}

/// `body`'s value, computed on a thread of its own (it may block, as a reader waiting for
/// room does, without holding one of the cooperative pool's few threads).
func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
