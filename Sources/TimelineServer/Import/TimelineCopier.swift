import Foundation
import TimelineCore

/// Copies timelines between stores (SQLite to PostgreSQL and back), page by page: neither
/// side ever holds a whole timeline.
public enum TimelineCopier {
  /// Rows read from the source per page.
  public static let pageSize = 5_000

  /// Copies timeline `id` of `source` into `target` as a new timeline (same title, zone,
  /// sections, cards and items in document order). `progress` gets the rows copied so far
  /// and the timeline's top-level count. `nil` when the source has no timeline `id`.
  public static func copy(
    _ id: Int64, from source: any TimelineStore, to target: any TimelineStore,
    progress: (@Sendable (_ copied: Int, _ topLevel: Int) -> Void)? = nil
  ) async throws -> TimelineSummary? {
    guard let info = try await source.timeline(id) else { return nil }
    let total = info.count
    var header = info.header
    header.cards = try await TimelineImporter.feed(of: id, in: source)
    return try await target.importTimeline(header) { add in
      // The target writes on a thread of its own (a writer queue or a reading thread), which
      // may wait here for each page of the source.
      var after: Int64 = -1
      var copied = 0
      while true {
        let from = after
        let page = try waitFor { try await source.rows(of: id, after: from, limit: pageSize) }
        guard let last = page.last else { break }
        for row in page { try add(row.item, row.parentID) }
        after = last.seq
        copied += page.count
        progress?(copied, total)
      }
    }
  }

  /// Waits on the current thread, which must not be one of the cooperative pool's, for
  /// `work`.
  static func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value)
    throws -> Value
  {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Result<Value, any Error>?>(nil)
    Task {
      let outcome: Result<Value, any Error>
      do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
  }
}
