import CocktailBookApp
import HTTPTypes
import Hummingbird
import Synchronization

/// Every path pattern the app registered, with its methods, written as the routes are added
/// (see ``Routes``): a path asked with a method it does not take is answered `405` with the
/// `Allow` header, where the router alone would say the path does not exist.
final class RouteTable: Sendable {
    private struct Entry {
        let segments: [Substring]
        var methods: Set<String>
        let policy: RoutePolicy
    }

    private let routes = Mutex<[Entry]>([])
    /// The groups registered under a path of their own (`api/v1`), with their policy.
    private let mounts = Mutex<[(segments: [Substring], policy: RoutePolicy)]>([])

    func record(_ pattern: String, method: HTTPRequest.Method, policy: RoutePolicy) {
        let segments = pattern.split(separator: "/")
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.insert(method.rawValue)
            } else {
                routes.append(Entry(segments: segments, methods: [method.rawValue], policy: policy))
            }
        }
    }

    /// Records a group's own path: an address under it that no route has is still the group's.
    func mount(_ prefix: String, policy: RoutePolicy) {
        let segments = prefix.split(separator: "/")
        mounts.withLock { mounts in
            if !mounts.contains(where: { $0.segments == segments }) { mounts.append((segments, policy)) }
        }
    }

    private static func matches(_ pattern: some Collection<Substring>, _ segments: some Collection<Substring>) -> Bool {
        zip(pattern, segments).allSatisfy { pattern, segment in
            pattern.hasPrefix("{") || pattern.hasPrefix(":") || pattern == segment
        }
    }

    /// The policy of the route `path` names, else of the group it lies under.
    func policy(for path: String) -> RoutePolicy? {
        let segments = path.split(separator: "/")
        if let route = routes.withLock({ routes in
            routes.first { $0.segments.count == segments.count && Self.matches($0.segments, segments) }
        }) {
            return route.policy
        }
        return mounts.withLock { mounts in
            mounts.filter { $0.segments.count <= segments.count && Self.matches($0.segments, segments) }
                .max { $0.segments.count < $1.segments.count }?.policy
        }
    }

    /// `Allow` for `path`: its methods, `HEAD` with `GET`, and `OPTIONS`; `nil` for a path no
    /// route has.
    func allow(for path: String) -> String? {
        let segments = path.split(separator: "/")
        let methods = routes.withLock { routes in
            routes.filter { $0.segments.count == segments.count && Self.matches($0.segments, segments) }
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
