import HTTPTypes
import Hummingbird
import Logging

/// Logs one line per request at info, with the request id, method, route pattern, path,
/// status and time taken as structured metadata; counts the request in ``AppMetrics``; and
/// answers the request id in `X-Request-Id`, so that a person reporting a problem (or a proxy's
/// log) can point at the line. An `X-Request-Id` the client or a proxy sent is kept when it
/// is short and plain; anything else gets Hummingbird's own id.
struct RequestLogMiddleware<Context: AppContext>: RouterMiddleware {
    var metrics: AppMetrics?

    static var requestIDField: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        var context = context
        let id = request.headers[Self.requestIDField].flatMap { Self.isPlainID($0) ? $0 : nil } ?? context.id
        context.logger[metadataKey: "request_id"] = .string(id)
        do {
            var response = try await next(request, context)
            response.headers[Self.requestIDField] = id
            finish(request, context: context, status: response.status.code, since: start)
            return response
        } catch {
            // The error middleware further in has turned every error it knows into a response;
            // what still arrives here is answered by Hummingbird, with its own status.
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            finish(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func finish(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics?.record(route: route, method: request.method.rawValue, status: status, duration: elapsed)
        context.logger.info(
            "\(request.method) \(request.uri.path) \(status)",
            metadata: [
                "method": .string(request.method.rawValue), "route": .string(route), "path": .string(request.uri.path),
                "status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.3f", Double(elapsed.nanoseconds) / 1_000_000)),
            ])
    }

    /// 1 to 64 letters, digits, `-`, `_` or `.`: nothing that could forge a log line.
    static func isPlainID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x2D
                    || byte == 0x5F || byte == 0x2E
            }
    }
}
