import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Serves the pages and API answers that only change with the catalog, the database (favorites,
/// shelves, settings, accounts) and the day from ``ResponseCache``; the rest goes by. Every
/// answer it gives carries an `ETag` (`304` on a match) and is gzip-compressed when the client
/// asks. Routes declare that their answers may be kept (``RoutePolicy/cached``); it runs inside
/// their group, after every middleware that decides who is asking and what is allowed, so it
/// never answers a request that those would refuse.
struct ResponseCacheMiddleware<Context: AppContext>: RouterMiddleware {
    let cache: ResponseCache
    let catalog: CatalogService
    let changes: DatabaseChanges

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let key = ResponseCache.Key(
            target: request.uri.description,
            origin: [
                request.headers[Self.hostField] ?? request.head.authority ?? "",
                request.headers[Self.forwardedProto] ?? "",
                request.headers[Self.forwardedHost] ?? "",
            ].joined(separator: " "),
            viewer: Self.describe(context.viewer),
            settings: context.language.rawValue + "|\(context.standardDrinkGrams)|" + context.settings.cookieValue,
            state: .current(catalog: catalog, changes: changes)
        )
        if let entry = cache.entry(for: key) {
            return Self.response(from: entry, request: request, context: context)
        }
        let first: Bool
        switch await cache.turn(for: key) {
        case .made(let entry): return Self.response(from: entry, request: request, context: context)
        case .make(let isFirst): first = isFirst
        }
        var shared: ResponseCache.Entry?
        defer { if first { cache.finish(key, with: shared) } }
        var caching = context
        caching.csrfToken = ResponseCache.csrfHole
        let response = try await next(request, caching)
        let collector = BodyCollector()
        var headers = response.headers
        try await response.body.write(collector)
        // Only plain successes are shared; anything that sets a cookie is someone's own.
        let keep = response.status == .ok && headers[.setCookie] == nil
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-cache" }
        // The length of the bytes with holes is not the length of any answer.
        headers[.contentLength] = nil
        let entry = cache.store(key, headers: headers, body: collector.buffer, keep: keep)
        if keep { shared = entry }
        var answer = Self.response(from: entry, request: request, context: context)
        answer.status = response.status
        return answer
    }

    static var hostField: HTTPField.Name { .init("Host")! }
    static var forwardedProto: HTTPField.Name { .init("X-Forwarded-Proto")! }
    static var forwardedHost: HTTPField.Name { .init("X-Forwarded-Host")! }

    private static func describe(_ viewer: Viewer) -> String {
        switch viewer {
        case .owner: "owner"
        case .account(let account): "account \(account.id)"
        case .anonymous(let accountMode): accountMode ? "anonymous" : "anonymous without accounts"
        }
    }

    /// The entry's bytes with this request's holes filled, compressed when asked, or `304`.
    static func response(from entry: ResponseCache.Entry, request: Request, context: Context) -> Response {
        let answer = entry.answer(to: request.headers, csrfToken: context.csrfToken)
        return Response(status: answer.status, headers: answer.headers, body: .init(contentsOf: answer.body))
    }

    /// `Accept-Encoding` names gzip without `q=0`.
    static func acceptsGzip(_ request: Request) -> Bool {
        ResponseCache.acceptsGzip(request.headers)
    }
}

extension ResponseCache {
    /// `Accept-Encoding` names gzip without `q=0`.
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        guard let header = headers[.acceptEncoding] else { return false }
        return header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }
}

/// Gathers a response body into one buffer.
final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        // A body written in one piece is taken as it is, not copied.
        if self.buffer.readableBytes == 0 {
            self.buffer = buffer
        } else {
            self.buffer.writeImmutableBuffer(buffer)
        }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// The time a page is served, as its offline banner reads it.
enum RenderTime {
    static func now() -> String { Date().formatted(.iso8601) }
}
