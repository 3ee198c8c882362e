import HTTPTypes
import Hummingbird

/// Answers `HEAD` for every `GET` route, as HTTP requires (uptime monitors and link previews
/// use it): the request is routed as `GET` and the answer leaves with its headers, its
/// `Content-Length` included, and no body. It wraps the router because the router chooses the
/// route before any middleware runs.
struct HeadResponder<Wrapped: HTTPResponder>: HTTPResponder {
    let wrapped: Wrapped

    func respond(to request: Request, context: Wrapped.Context) async throws -> Response {
        guard request.method == .head else { return try await wrapped.respond(to: request, context: context) }
        var head = request.head
        head.method = .get
        var response = try await wrapped.respond(to: Request(head: head, body: request.body), context: context)
        if let length = response.body.contentLength { response.headers[.contentLength] = String(length) }
        response.body = .init()
        return response
    }
}
