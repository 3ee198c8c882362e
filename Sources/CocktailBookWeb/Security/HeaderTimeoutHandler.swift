import NIOCore
import NIOHTTPTypes

/// Closes a connection that does not finish a request's headers in time: from when it opens,
/// and again from the end of each response until the next request's head has arrived. The idle
/// timeout alone cannot do this, since a client trickling one byte at a time is never idle.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var pending: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            pending?.cancel()
            pending = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pending?.cancel()
        pending = nil
    }

    private func arm(_ context: ChannelHandlerContext) {
        pending?.cancel()
        let channel = context.channel
        pending = context.eventLoop.scheduleTask(in: timeout) {
            channel.close(promise: nil)
        }
    }
}
