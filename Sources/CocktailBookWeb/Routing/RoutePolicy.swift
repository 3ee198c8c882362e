import CocktailBook
import HTTPTypes
import Hummingbird
import Synchronization

/// What a route says about itself where it is registered: who may call it, whether it is a page
/// or the API, what its forms may carry, whether a private book shows it to strangers, whether
/// its answers are kept (``ResponseCache``) and what the service worker keeps of it for offline
/// use (`X-Offline-Cache`). ``RoutePolicyMiddleware`` applies it; no handler checks who may
/// write or verifies a form's token, and nothing else in the app keeps lists of paths.
struct RoutePolicy: Sendable {
    /// Who may call a route; each admits those above it.
    enum Role: Int, Sendable, Comparable {
        /// Anyone the book lets browse.
        case anyone
        /// Someone with favorites of their own: any signed-in account, or the implicit owner of
        /// a book without accounts.
        case guest
        /// Someone who keeps records of their own (notes, lists, a bar) and writes recipes: a
        /// member or an admin.
        case member
        /// An admin (the implicit owner of a book without accounts is one).
        case admin

        static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What a route answers.
    enum Surface: Sendable {
        /// HTML pages and their forms: errors as pages, the sign-in page first for a visitor who
        /// must sign in, every write a form checked against CSRF and sent by a browser's session
        /// (never an API token).
        case page
        /// The JSON API: errors as JSON, `401` instead of the sign-in page, readable from other
        /// origins, sessions or API tokens alike.
        case api
    }

    var role: Role = .anyone
    var surface: Surface = .page
    /// Answered also to anonymous visitors of a `--private` book (signing in, assets, health).
    var openWhenPrivate = false
    /// `GET` answers depend only on what ``ResponseCache/Key`` holds and may be kept.
    var cached = false
    /// What the service worker keeps of its answers.
    var offline: Offline?
    /// Its POSTs take an `Idempotency-Key` (``IdempotencyMiddleware``): the API's writes and the
    /// forms of signed-in pages, which the offline queue sends again.
    var keepsIdempotentAnswers = false
    /// What the page's forms may carry (see ``SubmittedForm``).
    var form = FormRule()
    /// Other sites' pages may read its answers (`Access-Control-Allow-Origin: *`): the APIs and
    /// the drinks' pictures, which use no cookies and tell nothing of the visitor.
    var readableCrossOrigin = false
    /// Why a form of this route needs someone signed in, for the sign-in page (`why=`): someone
    /// who must sign in is sent there, and back to the page the form was on, rather than refused.
    var signInReason: String?
    /// Lets one request of the route run at a time, taken before a byte of its body is read; the
    /// next is refused at once (`409`) with the sentence given.
    var oneAtATime: Exclusive?

    /// A gate and the sentence that refuses a request while another holds it.
    struct Exclusive: Sendable {
        let gate: OneAtATime
        let busy: @Sendable (UIStrings) -> String
    }

    /// Whether API tokens are taken: by the API only. A page's forms come from a browser's
    /// session, so a leaked token never changes a password or makes itself a new token.
    var takesTokens: Bool { surface == .api }

    /// How the service worker keeps an answer, as `X-Offline-Cache` tells it.
    enum Offline: String, Sendable {
        /// Saved on each visit, served when the network fails (a page of a ready catalog only).
        case page
        /// A versioned file of the app: served from the cache first.
        case asset
        /// A drink's picture: served from the cache first, the oldest dropped beyond a limit.
        case picture
    }

    /// What a writing page route reads as its form.
    struct FormRule: Sendable {
        /// The most bytes of an `application/x-www-form-urlencoded` form.
        var fieldBytes = 16 * 1024
        /// A `multipart/form-data` upload, when the route takes one.
        var upload: Upload?
    }

    /// The bounds of an upload and the sentence that refuses a larger one.
    struct Upload: Sendable {
        var limits: MultipartForm.Limits
        var tooLarge: @Sendable (UIStrings) -> String
    }

    /// The book's pages: anyone, kept, saved for offline use.
    static let page = RoutePolicy(cached: true, offline: .page)
    /// Answered to anyone the book lets browse, made anew each time and never saved.
    static let anyone = RoutePolicy()
    /// Pages and forms of anyone signed in, guests included (favorites, the account page).
    static let guest = RoutePolicy(role: .guest, keepsIdempotentAnswers: true)
    /// Pages and forms of members: their lists, bar, notes and recipes.
    static let member = RoutePolicy(role: .member, keepsIdempotentAnswers: true)
    /// Whatever must answer to everyone, even in a private book: the sign-in page, assets,
    /// health checks.
    static let open = RoutePolicy(openWhenPrivate: true)
    /// Screens and actions of admins.
    static let admin = RoutePolicy(role: .admin, keepsIdempotentAnswers: true)
    /// Drinks' pictures: kept offline, readable from other sites.
    static let picture = RoutePolicy(offline: .picture, readableCrossOrigin: true)

    /// The JSON API for `role`: readable from other sites; its POSTs answered once per
    /// `Idempotency-Key` when they write.
    static func api(_ role: Role = .anyone, cached: Bool = false) -> RoutePolicy {
        RoutePolicy(
            role: role, surface: .api, cached: cached, keepsIdempotentAnswers: role >= .guest,
            readableCrossOrigin: true)
    }

    /// This policy for a route that takes `upload`.
    func uploading(_ upload: Upload, fieldBytes: Int = 16 * 1024) -> RoutePolicy {
        var policy = self
        policy.form = FormRule(fieldBytes: fieldBytes, upload: upload)
        return policy
    }
}

/// The routes of one group, with the group's policy applied to each and every path and method
/// written into the ``RouteTable`` (which answers `405` for the methods a path lacks).
struct Routes<Context: AppContext>: RouterMethods {
    let group: RouterGroup<Context>
    /// The group's path, as the table records it.
    let prefix: String
    let policy: RoutePolicy
    let table: RouteTable

    @discardableResult func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        table.record(prefix + "/" + path.description, method: method, policy: policy)
        group.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        Routes(group: group.add(middleware: middleware), prefix: prefix, policy: policy, table: table)
    }
}

/// Makes the groups every controller registers its routes in.
struct RouteBuilder<Context: AppContext> {
    let router: Router<Context>
    let table: RouteTable
    let isPrivate: Bool
    let cache: ResponseCacheMiddleware<Context>
    let idempotency: IdempotencyMiddleware<Context>

    /// A group under `path` whose routes follow `policy`. A group of the API also claims every
    /// path under its own, so that an unknown address there is answered as the API answers.
    func routes(_ path: String = "", _ policy: RoutePolicy) -> Routes<Context> {
        let group = router.group(RouterPath(path))
            .add(
                middleware: RoutePolicyMiddleware(
                    policy: policy, isPrivate: isPrivate, cache: cache, idempotency: idempotency))
        let prefix = path.isEmpty ? "" : "/" + path.split(separator: "/").joined(separator: "/")
        if !prefix.isEmpty { table.mount(prefix, policy: policy) }
        return Routes(group: group, prefix: prefix, policy: policy, table: table)
    }
}

extension HTTPRequest.Method {
    /// GET or HEAD: a request that reads, and is answered alike.
    var isRead: Bool { self == .get || self == .head }
}

/// One request at a time, taken and released without suspending so that `defer` can release it.
final class OneAtATime: Sendable {
    private let busy = Mutex(false)

    /// Takes the gate; `false` when a request already holds it.
    func enter() -> Bool {
        busy.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
    }

    /// Releases the gate.
    func leave() {
        busy.withLock { $0 = false }
    }
}
