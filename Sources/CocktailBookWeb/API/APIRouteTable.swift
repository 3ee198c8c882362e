import Foundation
import HTTPTypes
import Hummingbird

/// Which methods each `/api/v1` path takes, read from the OpenAPI document, so that the
/// document is the one table: a path the API has, asked with a method it does not take, is
/// answered `405` with the `Allow` header; a preflight lists exactly the same methods.
struct APIRouteTable: Sendable {
    private let routes: [(segments: [Substring], methods: [String])]

    /// The table of the served document.
    static let served = APIRouteTable(document: Data(buffer: OpenAPIDocument.bytes))

    init(document: Data) {
        let paths =
            ((try? JSONSerialization.jsonObject(with: document)) as? [String: Any])?["paths"] as? [String: Any] ?? [:]
        routes = paths.map { path, operations in
            let methods = ((operations as? [String: Any]) ?? [:]).keys.map { $0.uppercased() }.sorted()
            return (("/api/v1" + path).split(separator: "/"), methods)
        }
    }

    /// `Allow` for `path`: its methods, `HEAD` with `GET`, and `OPTIONS`; `nil` for a path the
    /// API does not have.
    func allow(for path: String) -> String? {
        let segments = path.split(separator: "/")
        guard
            let route = routes.first(where: { route in
                route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { pattern, segment in
                        pattern.hasPrefix("{") || pattern == segment
                    }
            })
        else { return nil }
        var methods = route.methods
        if methods.contains("GET") { methods.append("HEAD") }
        return (methods + ["OPTIONS"]).joined(separator: ", ")
    }
}

/// Answers `405 Method Not Allowed` (with `Allow`) for an API path asked with a method it does
/// not take, where the router alone would say the path does not exist.
struct APIMethodMiddleware<Context: AppContext>: RouterMiddleware {
    let table: APIRouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let allow = table.allow(for: request.uri.path) else { throw error }
            var refusal = AppError(
                status: .methodNotAllowed, code: "method_not_allowed", message: "This address takes \(allow).")
            refusal.headers = [.allow: allow]
            throw refusal
        }
    }
}
