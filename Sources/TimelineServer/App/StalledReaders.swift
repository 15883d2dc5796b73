import NIOCore

/// Closes a connection whose client stops reading an answer: when the server has more to
/// send than the socket takes (the channel is not writable) and the client reads none of
/// it for `timeout`, the connection is closed. Hummingbird's idle timeout counts only the
/// time between requests, so without this a client that asks for an export and never reads
/// it would hold its connection, and the rows waiting to be sent, for as long as it likes.
final class StalledReaders: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny
  let timeout: TimeAmount
  private var closing: Scheduled<Void>?

  init(timeout: TimeAmount) { self.timeout = timeout }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable {
      stopWaiting()
    } else if closing == nil {
      let channel = context.channel
      closing = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stopWaiting()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) { stopWaiting() }

  private func stopWaiting() {
    closing?.cancel()
    closing = nil
  }
}
