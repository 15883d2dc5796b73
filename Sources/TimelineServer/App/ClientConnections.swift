import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Connections per client address and in all: at most `limit` open at once from one
/// address and `total` from everyone. A connection past either is answered `503 Service
/// Unavailable` with `Retry-After` and closed, whatever it asked. With the server accepting
/// a few more connections than `total` (the rest wait in the listen queue), one client (a
/// slowloris, or a program that never reads) cannot take every connection from the
/// others, and a client that finds the server full is told so instead of hanging.
final class ClientConnections: Sendable {
  let limit: Int
  let total: Int
  private let open = Locked<(byClient: [String: Int], all: Int)>(([:], 0))

  /// Connections beyond `total` the server still accepts, to answer them 503.
  static let refusalRoom = 64

  init(limit: Int, total: Int = .max) {
    self.limit = limit
    self.total = total
  }

  /// Counts a new connection from `client`; whether it is served (else answered 503).
  func opened(_ client: String) -> Bool {
    open.withLock { counts in
      counts.byClient[client, default: 0] += 1
      counts.all += 1
      return counts.byClient[client, default: 0] <= limit && counts.all <= total
    }
  }

  func closed(_ client: String) {
    open.withLock { counts in
      let left = counts.byClient[client, default: 1] - 1
      counts.byClient[client] = left > 0 ? left : nil
      counts.all = max(0, counts.all - 1)
    }
  }

  /// A handler for one connection's pipeline.
  func handler() -> any RemovableChannelHandler { Handler(connections: self) }

  final class Handler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart
    let connections: ClientConnections
    private var client: String?
    /// The connection is past a cap: its request gets 503, nothing reaches the app.
    private var refused = false

    init(connections: ClientConnections) { self.connections = connections }

    func handlerAdded(context: ChannelHandlerContext) {
      // Added to a connection that is already open: count it now.
      if context.channel.isActive { count(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
      count(context)
      context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
      if let client { connections.closed(client) }
      client = nil
      context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard refused else {
        context.fireChannelRead(data)
        return
      }
      // Answered once the request has arrived whole (a client that sends nothing is closed
      // by the idle timeout).
      guard case .end = unwrapInboundIn(data) else { return }
      // The API's error body, as for every other 503 (openapi.json).
      let body = ByteBuffer(string: Self.refusal.json)
      let head = HTTPResponse(
        status: .serviceUnavailable,
        headerFields: [
          .retryAfter: "5", .connection: "close", .contentType: "application/json",
          .contentLength: String(body.readableBytes),
        ])
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.write(wrapOutboundOut(.body(body)), promise: nil)
      let channel = context.channel
      context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
        channel.close(promise: nil)
      }
    }

    static let refusal = AppError(
      status: .serviceUnavailable, code: "too_many_connections",
      detail: "this client has too many connections open, or the server has; try again later")

    private func count(_ context: ChannelHandlerContext) {
      guard client == nil else { return }
      let address = context.channel.remoteAddress?.ipAddress ?? "-"
      client = address
      refused = !connections.opened(address)
    }
  }
}
