import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Hummingbird
import NIOCore

/// What the app's handlers need from a request context beyond Hummingbird's own.
protocol AppContext: RequestContext {
    /// This browser's CSRF token (see ``CSRFToken``): written into every form of the page and
    /// compared with the form field on submission.
    var csrfToken: String { get set }
    /// Who is asking (see ``IdentityMiddleware``).
    var viewer: Viewer { get set }
    /// The hash of the session cookie that signed the viewer in, if one did.
    var sessionHash: String? { get set }
    /// The client's address, for login throttling: the connection's, or behind a trusted
    /// reverse proxy the one it names (see ``ProxyTrust``, set by ``SecurityHeadersMiddleware``).
    var clientAddress: String { get set }
    /// Whether the request came over HTTPS (to a trusted proxy): cookies are then `Secure` and
    /// `Strict-Transport-Security` is sent.
    var isHTTPS: Bool { get set }
    /// The address of the connection's other end.
    var peerAddress: String { get }
    /// `http(s)://host[:port]` the book's absolute links start with: its public address
    /// (`--public-url`), else what the client reached (see ``CocktailDBImageBase/origin(of:fallbackHost:forwarded:)``).
    var origin: String { get set }
    /// A bearer token was given and is not valid (revoked, mistyped): the request is refused.
    var hasBadCredentials: Bool { get set }
    /// The viewer's settings for this request (see ``SettingsMiddleware``).
    var settings: Settings { get set }
    /// The language pages are written in: the setting, else the browser's.
    var language: Language { get set }
    /// Grams of alcohol in the standard drink pages count in: the setting, else the region's.
    var standardDrinkGrams: Int { get set }
    /// The route lets the service worker keep its pages for offline use (``RoutePolicy/offline``).
    var keepsOffline: Bool { get set }
    /// The page asked for, path and query (see ``SettingsMiddleware``): the settings link
    /// carries it, so Settings' Back returns there.
    var pagePath: String { get set }
    /// Why nobody could tell who is asking (the database does not answer), if so: the request
    /// is then refused with this, never answered as anonymous (see ``IdentityMiddleware``).
    var identityUnknown: AppError? { get set }
    /// What the API token that named the viewer may do; `nil` when no token did (pages' forms
    /// take none).
    var tokenScope: TokenScope? { get set }
    /// A page's form, read and checked by the route's middleware (``SubmittedForm``).
    var form: SubmittedForm? { get set }
    /// Whether the route asked for answers as a page or as the API (``RoutePolicy/Surface``).
    var surface: RoutePolicy.Surface { get set }
}

extension AppContext {
    /// The viewer was named by an API token.
    var signedInWithToken: Bool { tokenScope != nil }

    /// The interface's words in the viewer's language.
    var strings: UIStrings { UIStrings.of(language).countingStandardDrinks(of: standardDrinkGrams) }
}

extension AppContext {
    /// Whether the viewer keeps records of their own beyond favorites (``RoutePolicy/Role/member``):
    /// what a page offers them, never a check (the route's policy does that).
    var keepsPersonalRecords: Bool { (viewer.role ?? .guest) >= .member }
}

/// The request context of the app.
struct AppRequestContext: AppContext {
    var coreContext: CoreRequestContextStorage
    var csrfToken = ""
    var viewer = Viewer.anonymous(accountMode: true)
    var sessionHash: String?
    var hasBadCredentials = false
    var settings = Settings()
    var language = Language.english
    var standardDrinkGrams = 10
    var keepsOffline = false
    var pagePath = "/"
    var identityUnknown: AppError?
    var tokenScope: TokenScope?
    var form: SubmittedForm?
    var surface = RoutePolicy.Surface.page
    var clientAddress: String
    var isHTTPS = false
    var origin = "http://127.0.0.1"
    let peerAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        clientAddress = peerAddress
    }
}
