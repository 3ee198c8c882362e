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
    /// Since when the connection has been waiting for a request's head; `nil` while a request
    /// is being answered.
    private var waitingSince: NIODeadline?
    /// The one check scheduled for this connection. Requests only move `waitingSince`; the
    /// check, when it comes, looks again and reschedules itself, so a busy keep-alive
    /// connection costs one timer per `timeout`, not two timer operations per request.
    private var check: Scheduled<Void>?

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
        if case .head = unwrapInboundIn(data) { waitingSince = nil }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
    }

    private func arm(_ context: ChannelHandlerContext) {
        waitingSince = .now()
        if check == nil { schedule(context, at: waitingSince! + timeout) }
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let channel = context.channel
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.check = nil
            guard let since = handler.waitingSince else { return } // answering: the next arm schedules
            if NIODeadline.now() >= since + handler.timeout {
                channel.close(promise: nil)
            } else {
                handler.schedule(context, at: since + handler.timeout)
            }
        }
    }
}
