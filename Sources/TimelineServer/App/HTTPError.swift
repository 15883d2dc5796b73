import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1
import PostgresNIO
import TimelineCore
import TimelineImport

/// An error answered as `{"error": code, "detail": text}` by the API (with `"field"` when
/// one member of an item is refused), or as a page.
struct AppError: Error {
  var status: HTTPResponse.Status
  var code: String
  var detail: String
  /// The member of the item the error is about (`end`, `priority`, …), when it is one.
  var field: String? = nil
  /// What a 404 says is missing, so that a page can say it in its language.
  var missing: Missing? = nil
  /// The address's parameter a 400 is about (`limit`, `sort`, …), so that a page can name
  /// it in its language.
  var parameter: String? = nil

  /// What a 404 can say is missing; its raw value leads the API's detail.
  enum Missing: String {
    case timeline = "the timeline"
    case item = "the item"
    case cardItem = "the card item"
    /// A store's answer for an item's timeline or the item itself, gone meanwhile.
    case timelineOrItem = "the timeline or item"
    /// An address no route answers.
    case page = "the page"
  }

  static func notFound(_ missing: Missing) -> AppError {
    AppError(
      status: .notFound, code: "not_found", detail: "\(missing.rawValue) does not exist",
      missing: missing)
  }

  static func badRequest(_ detail: String) -> AppError {
    AppError(status: .badRequest, code: "bad_request", detail: detail)
  }

  /// The error a store, reader or body limit threw, as the client should see it. A failure
  /// of the server's own (5xx) is logged with its cause.
  static func from(_ error: any Error) -> AppError {
    let failure = classify(error)
    if failure.status.code >= 500, !(error is AppError) {
      logger.error(
        "\(failure.code): \(String(reflecting: error))",
        metadata: ["status": "\(failure.status.code)"])
    }
    return failure
  }

  static let logger = Logger(label: "timeline")

  private static func classify(_ error: any Error) -> AppError {
    if let cause = StorageFailure(error) {
      switch cause {
      case .busy:
        return AppError(
          status: .serviceUnavailable, code: "busy",
          detail: "the database is busy with another writer; nothing was written, try again")
      case .full:
        return AppError(
          status: .init(code: 507), code: "disk_full",
          detail: "the disk holding the database is full; nothing was written")
      }
    }
    if let state = (error as? PSQLError)?.sqlState {
      if state.hasPrefix("22") {
        // A data exception: a value the request carried that the database cannot take.
        return AppError(
          status: .badRequest, code: "bad_request",
          detail: "a value in the request cannot be stored or searched (SQLSTATE \(state))")
      }
      if state.hasPrefix("54") {
        // A program limit: a value too long for an index entry (PostgreSQL's B-tree takes
        // about 2,700 bytes), as a very long id or title is.
        return AppError(
          status: .unprocessableContent, code: "too_long",
          detail: "a value in the request is too long to be stored (SQLSTATE \(state))")
      }
    }
    switch error {
    case let error as AppError: return error
    case let error as ViewQuery.Invalid:
      return AppError(
        status: .badRequest, code: "bad_parameter", detail: "\(error.parameter): \(error.detail)",
        parameter: error.parameter)
    case let error as StoreError:
      switch error {
      case .notFound: return .notFound(.timelineOrItem)
      case .stale:
        return AppError(status: .preconditionFailed, code: "stale", detail: error.description)
      case .repeatedID:
        return AppError(
          status: .conflict, code: "repeated_id", detail: error.description, field: "id")
      case .badCursor(let parameter):
        return AppError(
          status: .badRequest, code: "bad_parameter", detail: error.description,
          parameter: parameter)
      }
    case let error as StoreUnavailable:
      return AppError(status: .serviceUnavailable, code: "unavailable", detail: error.description)
    case let error as DocumentError:
      return AppError(status: .badRequest, code: "bad_document", detail: error.description)
    case is HTTPParserError:
      // A body whose framing is broken (a chunk size that is not hexadecimal, or too
      // large): what the client sent, not a failure of the server.
      return AppError(
        status: .badRequest, code: "bad_request", detail: "the request's body is malformed")
    case let error as HTTPResponseError where error.status == .contentTooLarge:
      return AppError(
        status: .contentTooLarge, code: "too_large", detail: "the body is over the size limit")
    case let error as HTTPResponseError where error.status == .notFound:
      // An address no route answers.
      return .notFound(.page)
    case let error as HTTPResponseError where error.status.code < 500:
      return AppError(
        status: error.status,
        code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"),
        detail: error.status.reasonPhrase.lowercased())
    default:
      return AppError(status: .internalServerError, code: "internal", detail: "internal error")
    }
  }

  /// The headers that go with this error: when the database is away, when to try again.
  var headers: HTTPFields {
    status == .serviceUnavailable ? [.retryAfter: "5", .cacheControl: "no-store"] : [:]
  }

  static func misdirected(_ detail: String) -> AppError {
    AppError(status: .init(code: 421), code: "misdirected", detail: detail)
  }

  /// The JSON body of this error.
  var json: String {
    let id = RequestID.current.map { ",\"requestId\":" + JSONText.quoted($0) } ?? ""
    let member = field.map { ",\"field\":" + JSONText.quoted($0) } ?? ""
    return
      "{\"error\":\(JSONText.quoted(code)),\"detail\":\(JSONText.quoted(detail))\(member)\(id)}"
  }
}

/// Building JSON text by hand for the small fixed shapes of the API.
enum JSONText {
  static func quoted(_ text: String) -> String { JSONString.quoted(text) }

  static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}

extension Response {
  static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:])
    -> Response
  {
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: type],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  static func redirect(_ location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
  }
}
