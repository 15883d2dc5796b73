import Foundation
import HTTPTypes
import Hummingbird

/// `--files DIR` under `/files/`: Hummingbird's `FileMiddleware`, behind three rules it
/// lacks. Names starting with a dot are not served, nor anything a symbolic link leads out
/// of the folder to; and `Range` is checked against the file's size first (the library
/// answers `bytes=100-200` of a 9-byte file with 206 and `Content-Length: -91`): a range
/// that starts past the end is 416, one that ends past it is cut at the end, a suffix
/// range (`bytes=-N`) is the last N bytes, and several ranges are answered whole.
struct StaticFiles: RouterMiddleware {
  typealias Context = AppRequestContext
  static let prefix = "/files"
  let root: URL
  let files: FileMiddleware<AppRequestContext, LocalFileSystem>

  init(folder: String) {
    root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
    files = FileMiddleware(folder, urlBasePath: Self.prefix)
  }

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard path == Self.prefix || path.hasPrefix(Self.prefix + "/") else {
      return try await next(request, context)
    }
    let relative = FormBody.percentDecoded(path.dropFirst(Self.prefix.count)) ?? ""
    let parts = relative.split(separator: "/")
    guard !parts.contains(where: { $0.hasPrefix(".") }), !relative.contains("\0"),
      let file = inside(parts)
    else { throw HTTPError(.notFound) }
    var head = request.head
    if let range = request.headers[.range] {
      let size =
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
      switch size.map({ Self.range(range, size: $0) }) {
      case .some(.satisfiable(let bytes)):
        head.headerFields[.range] = "bytes=\(bytes.lowerBound)-\(bytes.upperBound)"
      case .some(.unsatisfiable):
        return Response(
          status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size ?? 0)"])
      case .some(.whole), nil:
        head.headerFields[.range] = nil
      }
    }
    return try await files.handle(
      Request(head: head, body: request.body), context: context, next: next)
  }

  /// The file a path's parts name when it lies inside the folder once every symbolic
  /// link is followed; `nil` otherwise.
  func inside(_ parts: [Substring]) -> URL? {
    let file = parts.reduce(root) { $0.appendingPathComponent(String($1)) }
      .resolvingSymlinksInPath()
    let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
    guard file.path == root.path || file.path.hasPrefix(base) else { return nil }
    return file
  }

  enum ByteRange: Equatable {
    case satisfiable(ClosedRange<Int>)
    case unsatisfiable
    /// Not one range the server answers in part: the whole file is sent (RFC 9110 §14.2).
    case whole
  }

  /// A `Range` value against a file of `size` bytes (RFC 9110 §14.1.2).
  static func range(_ value: String, size: Int) -> ByteRange {
    guard value.hasPrefix("bytes="), !value.contains(",") else { return .whole }
    let spec = value.dropFirst(6).trimmingCharacters(in: .whitespaces)
    let sides = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard sides.count == 2 else { return .whole }
    func number(_ text: Substring) -> Int? {
      guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber })
      else { return nil }
      return Int(text)
    }
    if sides[0].isEmpty {
      guard let suffix = number(sides[1]) else { return .whole }
      guard suffix > 0, size > 0 else { return .unsatisfiable }
      return .satisfiable(max(0, size - suffix)...(size - 1))
    }
    guard let first = number(sides[0]) else { return .whole }
    if sides[1].isEmpty { return first < size ? .satisfiable(first...(size - 1)) : .unsatisfiable }
    guard let last = number(sides[1]), last >= first else { return .whole }
    guard first < size else { return .unsatisfiable }
    return .satisfiable(first...min(last, size - 1))
  }
}
