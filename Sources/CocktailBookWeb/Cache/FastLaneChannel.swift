import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Hummingbird's HTTP/1 channel with ``FastLaneHandler`` placed right before the request
/// handling, after Hummingbird's connection-state handler, so that requests the fast lane
/// answers still count as activity for the idle timeout and for graceful shutdown.
struct FastLaneChannel: ServerChildChannel {
    let inner: HTTP1Channel
    let lane: FastLane

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let state = try pipeline.handler(type: HTTPConnectionStateHandler.self)
            try pipeline.addHandler(FastLaneHandler(lane: lane), position: .after(state))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the fast lane.
    static func http1(configuration: HTTP1Channel.Configuration, lane: FastLane) -> HTTPServerBuilder {
        .init { responder in
            FastLaneChannel(inner: HTTP1Channel(responder: responder, configuration: configuration), lane: lane)
        }
    }
}

/// Answers on the event loop what ``FastLane`` has recorded, and passes everything else on.
///
/// Answers must leave in the order the requests came. Hummingbird answers the requests passed
/// on one after the other, and the end of its answer passes here a moment after the client
/// already has every byte of it, so a client's next request can arrive before that end. Such a
/// request, when it has no body, waits here until the answers before it have ended, and is
/// then answered by the lane (or passed on) in the state that those answers left. A request
/// with a body is never held: whatever waits is passed on before it, in order.
final class FastLaneHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Reading {
        /// Between requests.
        case none
        /// Answered by the lane once its end has been read.
        case answering(head: HTTPResponse, body: [ByteBuffer])
        /// Passed on, parts and all.
        case passing
        /// Waiting in `held`; its end is not needed.
        case holding
    }

    private let lane: FastLane
    private var reading = Reading.none
    /// Requests passed on whose answers have not ended yet.
    private var passedOn = 0
    /// Bodiless requests that came while `passedOn` was not zero, oldest first.
    private var held: [HTTPRequest] = []

    init(lane: FastLane) {
        self.lane = lane
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if passedOn == 0, held.isEmpty {
                if let answer = lane.answer(request) {
                    reading = .answering(head: answer.head, body: answer.body)
                } else {
                    reading = .passing
                    passedOn += 1
                    context.fireChannelRead(data)
                }
            } else if Self.isBodiless(request) {
                held.append(request)
                reading = .holding
            } else {
                passHeld(context: context)
                reading = .passing
                passedOn += 1
                context.fireChannelRead(data)
            }
        case .body:
            if case .passing = reading { context.fireChannelRead(data) }
        case .end:
            switch reading {
            case .answering(let head, let body):
                write(head: head, body: body, context: context)
                context.flush()
            case .passing:
                context.fireChannelRead(data)
            case .holding, .none:
                break
            }
            reading = .none
        }
    }

    /// Hummingbird's answers pass here on their way out (the lane's own start further out).
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data) else { return }
        passedOn = max(0, passedOn - 1)
        guard passedOn == 0, !held.isEmpty else { return }
        // The turn of the requests that waited: answered now, in the state the answers before them left.
        while passedOn == 0, !held.isEmpty {
            let request = held.removeFirst()
            if let answer = lane.answer(request) {
                write(head: answer.head, body: answer.body, context: context)
            } else {
                pass(request, context: context)
            }
        }
        context.flush()
    }

    private func write(head: HTTPResponse, body: [ByteBuffer], context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        for part in body where part.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(part)), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Passes every waiting request on, in order.
    private func passHeld(context: ChannelHandlerContext) {
        for request in held { pass(request, context: context) }
        held.removeAll()
    }

    private func pass(_ request: HTTPRequest, context: ChannelHandlerContext) {
        passedOn += 1
        context.fireChannelRead(wrapInboundOut(.head(request)))
        context.fireChannelRead(wrapInboundOut(.end(nil)))
        // Hummingbird's stream hands over what it was given at the end of a read.
        context.fireChannelReadComplete()
    }

    /// A request that says it has no body: no `Content-Length` above zero, no `Transfer-Encoding`.
    static func isBodiless(_ request: HTTPRequest) -> Bool {
        request.headerFields[.transferEncoding] == nil
            && (request.headerFields[.contentLength].map { $0 == "0" } ?? true)
    }
}
