import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Connections per client address: at most `limit` open at once from one address; one
/// more is closed as soon as it opens. With the server's cap on all connections, one
/// client (a slowloris, or a program that never reads) cannot take every connection from
/// the others: it holds at most `limit` of them, each closed after the idle timeout.
final class ClientConnections: Sendable {
  let limit: Int
  private let open = Locked<[String: Int]>([:])

  init(limit: Int) { self.limit = limit }

  /// Counts a new connection from `client`; whether it may stay open.
  func opened(_ client: String) -> Bool {
    open.withLock { counts in
      counts[client, default: 0] += 1
      return counts[client, default: 0] <= limit
    }
  }

  func closed(_ client: String) {
    open.withLock { counts in
      let left = counts[client, default: 1] - 1
      counts[client] = left > 0 ? left : nil
    }
  }

  /// A handler for one connection's pipeline.
  func handler() -> any RemovableChannelHandler { Handler(connections: self) }

  final class Handler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    let connections: ClientConnections
    private var client: String?

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

    private func count(_ context: ChannelHandlerContext) {
      guard client == nil else { return }
      let address = context.channel.remoteAddress?.ipAddress ?? "-"
      client = address
      if !connections.opened(address) { context.close(promise: nil) }
    }
  }
}
