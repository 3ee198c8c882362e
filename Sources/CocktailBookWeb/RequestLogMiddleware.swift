import Hummingbird
import Logging

/// Logs one line per request at info: method, path, status and time taken.
struct RequestLogMiddleware<Context: AppContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        context.logger.info("\(request.method) \(request.uri) \(response.status.code) \(micros)µs")
        return response
    }
}
