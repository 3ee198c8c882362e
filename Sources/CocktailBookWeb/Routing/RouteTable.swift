import HTTPTypes
import Hummingbird
import Synchronization

/// Every path pattern the app registered, with its methods, written as the routes are added
/// (see ``Routes``): a path asked with a method it does not take is answered `405` with the
/// `Allow` header, where the router alone would say the path does not exist.
final class RouteTable: Sendable {
    private let routes = Mutex<[(segments: [Substring], methods: Set<String>)]>([])

    func record(_ pattern: String, method: HTTPRequest.Method) {
        let segments = pattern.split(separator: "/")
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.insert(method.rawValue)
            } else {
                routes.append((segments, [method.rawValue]))
            }
        }
    }

    /// `Allow` for `path`: its methods, `HEAD` with `GET`, and `OPTIONS`; `nil` for a path no
    /// route has.
    func allow(for path: String) -> String? {
        let segments = path.split(separator: "/")
        let methods = routes.withLock { routes in
            routes.filter { route in
                route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { pattern, segment in
                        pattern.hasPrefix("{") || pattern.hasPrefix(":") || pattern == segment
                    }
            }
            .reduce(into: Set<String>()) { $0.formUnion($1.methods) }
        }
        guard !methods.isEmpty else { return nil }
        return (methods.sorted() + (methods.contains("GET") ? ["HEAD"] : []) + ["OPTIONS"]).joined(separator: ", ")
    }

    /// Every pattern with its methods, for the check that the OpenAPI document describes them.
    var all: [(pattern: String, methods: Set<String>)] {
        routes.withLock { $0.map { ("/" + $0.segments.joined(separator: "/"), $0.methods) } }
    }
}

/// Answers `405 Method Not Allowed` (with `Allow`) for a path that has routes, asked with a
/// method none of them takes.
struct MethodNotAllowedMiddleware<Context: AppContext>: RouterMiddleware {
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard context.endpointPath == "NotFound" || context.endpointPath == nil,
                let allow = table.allow(for: request.uri.path)
            else { throw error }
            var refusal = AppError(
                status: .methodNotAllowed, code: "method_not_allowed", message: "This address takes \(allow).")
            refusal.headers = [.allow: allow]
            throw refusal
        }
    }
}
