import CocktailBook
import HTTPTypes
import Hummingbird

/// What a route says about itself where it is registered: who may call it, whether a private
/// book shows it to strangers, whether its answers are kept (``ResponseCache``) and what the
/// service worker keeps of it for offline use (`X-Offline-Cache`). Nothing else in the app, the
/// service worker included, keeps lists of paths.
struct RoutePolicy: Sendable {
    /// Who may call a route.
    enum Audience: Sendable {
        /// Anyone the book lets browse.
        case anyone
        /// An admin (the implicit owner of a book without accounts is one).
        case admin
    }

    var audience: Audience = .anyone
    /// Answered also to anonymous visitors of a `--private` book (signing in, assets, health).
    var openWhenPrivate = false
    /// `GET` answers depend only on what ``ResponseCache/Key`` holds and may be kept.
    var cached = false
    /// What the service worker keeps of its answers.
    var offline: Offline?
    /// Its POSTs take an `Idempotency-Key` (``IdempotencyMiddleware``): the API's writes.
    var keepsIdempotentAnswers = false

    /// How the service worker keeps an answer, as `X-Offline-Cache` tells it.
    enum Offline: String, Sendable {
        /// Saved on each visit, served when the network fails (a page of a ready catalog only).
        case page
        /// A versioned file of the app: served from the cache first.
        case asset
        /// A drink's picture: served from the cache first, the oldest dropped beyond a limit.
        case picture
    }

    /// The book's pages: anyone, kept, saved for offline use.
    static let page = RoutePolicy(cached: true, offline: .page)
    /// Answered to anyone the book lets browse, made anew each time and never saved.
    static let anyone = RoutePolicy()
    /// JSON answers that only change with the catalog, the database and the day.
    static let api = RoutePolicy(cached: true)
    /// Whatever must answer to everyone, even in a private book: the sign-in page, assets,
    /// health checks.
    static let open = RoutePolicy(openWhenPrivate: true)
    /// Screens and actions of admins.
    static let admin = RoutePolicy(audience: .admin)
    /// The API's writes: anyone the book lets browse (each handler's owner decides the rest), a
    /// POST answered once per `Idempotency-Key`.
    static let apiWrites = RoutePolicy(keepsIdempotentAnswers: true)
}

/// Applies a group's ``RoutePolicy``: refuses whom it does not admit, serves and keeps its
/// answers through the response cache, and tells the renderer whether its pages may be kept
/// offline.
struct RoutePolicyMiddleware<Context: AppContext>: RouterMiddleware {
    let policy: RoutePolicy
    let isPrivate: Bool
    let cache: ResponseCacheMiddleware<Context>
    let idempotency: IdempotencyMiddleware<Context>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // Whoever is asking could not be told (the database does not answer): only what is open to
        // everyone answers, and nothing is answered as if the visitor were anonymous.
        if let unknown = context.identityUnknown, !policy.openWhenPrivate { throw unknown }
        if isPrivate, !policy.openWhenPrivate, context.viewer.role == nil {
            if request.uri.path.hasPrefix("/api/") || !request.method.isRead { throw AppError.signInRequired }
            let next = request.uri.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "%2F"
            return .redirect(to: "/login?next=" + next, type: .normal)
        }
        if policy.audience == .admin {
            // A page asked by someone not signed in: the sign-in page first, then back here.
            if context.viewer.role == nil, request.method.isRead, !request.uri.path.hasPrefix("/api/") {
                let next = request.uri.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
                return .redirect(to: "/login?next=" + (next ?? "%2F"), type: .normal)
            }
            try context.require(.admin)
        }
        var context = context
        // A page is kept only when the renderer says it is worth it (a ready catalog, no error).
        context.keepsOffline = policy.offline == .page
        var response: Response
        // HEAD takes the same path as GET (Hummingbird answers it with the GET handler's headers),
        // so that it says what GET would: the same ETag, encoding, Vary and length.
        if policy.cached, request.method.isRead {
            response = try await cache.handle(request, context: context, next: next)
        } else if policy.keepsIdempotentAnswers {
            response = try await idempotency.handle(request, context: context, next: next)
        } else {
            response = try await next(request, context)
        }
        if let offline = policy.offline, offline != .page, response.status == .ok {
            response.headers[.offlineCache] = offline.rawValue
        }
        return response
    }
}

/// The routes of one group, with the group's policy applied to each and every path and method
/// written into the ``RouteTable`` (which answers `405` for the methods a path lacks).
struct Routes<Context: AppContext>: RouterMethods {
    let group: RouterGroup<Context>
    /// The group's path, as the table records it.
    let prefix: String
    let table: RouteTable

    @discardableResult func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        table.record(prefix + "/" + path.description, method: method)
        group.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        Routes(group: group.add(middleware: middleware), prefix: prefix, table: table)
    }
}

/// Makes the groups every controller registers its routes in.
struct RouteBuilder<Context: AppContext> {
    let router: Router<Context>
    let table: RouteTable
    let isPrivate: Bool
    let cache: ResponseCacheMiddleware<Context>
    let idempotency: IdempotencyMiddleware<Context>

    /// A group under `path` whose routes follow `policy`.
    func routes(_ path: String = "", _ policy: RoutePolicy) -> Routes<Context> {
        let group = router.group(RouterPath(path))
            .add(
                middleware: RoutePolicyMiddleware(
                    policy: policy, isPrivate: isPrivate, cache: cache, idempotency: idempotency))
        let prefix = path.isEmpty ? "" : "/" + path.split(separator: "/").joined(separator: "/")
        return Routes(group: group, prefix: prefix, table: table)
    }
}

extension HTTPRequest.Method {
    /// GET or HEAD: a request that reads, and is answered alike.
    var isRead: Bool { self == .get || self == .head }
}
