import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Two rules of HTTP/1 that need the request as it came, before Hummingbird's channel turns it
/// into HTTP types (which keep no version and one Host):
///
/// - a request names its host exactly once (RFC 9112 §3.2): none, or two, is answered `400` and
///   the connection closed, as Hummingbird answers a request it cannot parse;
/// - an HTTP/1.0 request that does not ask to keep the connection gets it closed after its
///   answer (RFC 9112 §9.3): it is passed on saying `Connection: close`, which Hummingbird obeys.
final class HTTP1HeadHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Set once a request was refused: what follows on the connection is not read.
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        guard head.headers["Host"].count == 1 else {
            refused = true
            var headers = HTTPHeaders([("Connection", "close"), ("Content-Length", "0")])
            headers.add(name: "Content-Type", value: "text/plain")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .badRequest, headers: headers))),
                promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
            return
        }
        if head.version.major == 1, head.version.minor == 0, !head.isKeepAlive {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            return context.fireChannelRead(wrapInboundOut(.head(head)))
        }
        context.fireChannelRead(data)
    }
}

/// Puts ``HTTP1HeadHandler`` where it can see requests as they came: before the conversion to
/// HTTP types, which Hummingbird's additional handlers come after. It then leaves the pipeline.
final class HTTP1HeadInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
            try? pipeline.addHandler(HTTP1HeadHandler(), position: .before(codec))
        }
        pipeline.removeHandler(context: context, promise: nil)
    }
}
