import CocktailBook
import CocktailBookApp
import CocktailBookStore
import HTTPTypes
import Hummingbird

/// Decides who a request acts for, before anything else looks at it: an API token
/// (`Authorization: Bearer …`), else a session cookie, else the implicit owner of a book that has
/// no accounts and listens on loopback, else an anonymous visitor. It never refuses anything
/// itself (``AccessMiddleware`` and each route's ``RoutePolicy`` do), so that error pages know the viewer too.
///
/// When the database cannot say who it is (an outage), the request is not taken for an
/// anonymous one, nor a token for a bad one: ``AppContext/identityUnknown`` carries the reason,
/// and every route but those open to all (health checks, assets) answers `503`.
struct IdentityMiddleware<Context: AppContext>: RouterMiddleware {
    let accounts: Accounts
    /// Whether the server listens on a loopback address only.
    let isLoopback: Bool
    /// `--public-read-only`: nobody is the owner.
    let isReadOnly: Bool
    /// `--auth-header`: the header a signing-in proxy names the account in, and the proxies it
    /// is believed from (the header from anyone else is ignored).
    var authHeader: HTTPField.Name? = nil
    var headerProxies = ProxyTrust(isEnabled: false, proxies: [])

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        do {
            try await identify(request, &context)
        } catch {
            context.viewer = .anonymous(accountMode: true)
            context.identityUnknown = AppError.presenting(error)
        }
        return try await next(request, context)
    }

    private func identify(_ request: Request, _ context: inout Context) async throws(StoreError) {
        do {
            if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
                let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
                if let grant = try await accounts.grant(apiToken: token) {
                    context.viewer = .account(grant.account)
                    context.tokenScope = grant.scope
                } else {
                    context.hasBadCredentials = true
                }
                return
            }
            if let header = authHeader, headerProxies.trusts(context.peerAddress),
                let name = request.headers[header]?.trimmingCharacters(in: .whitespaces), !name.isEmpty
            {
                // The proxy has signed this person in: the account of that name, if the book
                // has one (else an anonymous visitor, whom the sign-in page tells to ask an admin).
                if let account = try await accounts.account(named: String(name.prefix(64))) {
                    context.viewer = .account(account)
                } else {
                    context.viewer = .anonymous(accountMode: true)
                }
                return
            }
            if let token = request.cookies[SessionCookie.name]?.value,
                let account = try await accounts.account(sessionToken: token)
            {
                context.viewer = .account(account)
                context.sessionHash = Accounts.digest(token)
                return
            }
            let hasAccounts = try await accounts.hasAccounts()
            // The owner of a book without accounts is whoever reaches its loopback address
            // directly; a proxy on this machine passes strangers on from loopback too.
            let isOwner = !hasAccounts && isLoopback && !isReadOnly && !ProxyTrust.wasForwarded(request.headers)
            context.viewer = isOwner ? .owner : .anonymous(accountMode: hasAccounts)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.unavailable(String(describing: error))
        }
    }
}

/// Refuses what nobody may do, whatever the route: a bad API token (`401`) and any write on a
/// read-only book (`403`). What each route admits is its own ``RoutePolicy``.
struct AccessMiddleware<Context: AppContext>: RouterMiddleware {
    let isReadOnly: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if context.hasBadCredentials, context.identityUnknown == nil {
            throw AppError(
                status: .unauthorized, code: "invalid_token",
                message: "The API token is not valid: it was revoked or mistyped.")
        }
        if isReadOnly, ![.get, .head, .options].contains(request.method) {
            throw AppError(
                status: .forbidden, code: "read_only",
                message: "This book is open read-only: nothing can be changed here."
            ).said(by: "apperror_read_only")
        }
        return try await next(request, context)
    }
}

/// The session cookie: `HttpOnly`, `SameSite=Lax`, `Secure` when the request came over HTTPS.
enum SessionCookie {
    static let name = "cocktailbook_session"
    /// Says that the session was started through the OpenID provider, so that signing out
    /// signs out there too (it holds no secret).
    static let providerName = "cocktailbook_via"

    static func set(_ token: String, secure: Bool) -> String {
        cookie(name, token, maxAge: Int(Accounts.sessionIdleLimit), secure: secure)
    }

    static func clear(secure: Bool) -> String { cookie(name, "", maxAge: 0, secure: secure) }

    static func signedInThroughProvider(secure: Bool) -> String {
        cookie(providerName, "oidc", maxAge: Int(Accounts.sessionIdleLimit), secure: secure)
    }

    static func clearProvider(secure: Bool) -> String { cookie(providerName, "", maxAge: 0, secure: secure) }

    private static func cookie(_ name: String, _ value: String, maxAge: Int, secure: Bool) -> String {
        "\(name)=\(value); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(maxAge)" + (secure ? "; Secure" : "")
    }
}
