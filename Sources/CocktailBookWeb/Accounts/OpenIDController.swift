import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Signing in through an OpenID Connect provider (`--oidc-issuer`): the authorization code flow
/// with `state`, `nonce` and PKCE (S256), kept for ten minutes in a cookie of this flow's own
/// path, so that any instance of the book can finish what another started.
///
/// A refused sign-in (a state that does not match, a token that fails a check, an account the
/// book does not have) answers a page that says why in one line, starts no session and does
/// not count toward the password throttle: the state, nonce and PKCE are the defence here.
struct OpenIDController<Context: AppContext>: Sendable {
    let provider: OpenIDProvider
    let signIn: OpenIDSignIn
    let renderer: PageRenderer
    let choices: SignInChoices
    /// States already used on this instance: a callback is answered once.
    private let used = UsedStates()

    static var cookieName: String { "cocktailbook_oidc" }
    /// How long a sign-in may take at the provider.
    static var lifetime: TimeInterval { 600 }

    init(provider: OpenIDProvider, signIn: OpenIDSignIn, renderer: PageRenderer, choices: SignInChoices) {
        self.provider = provider
        self.signIn = signIn
        self.renderer = renderer
        self.choices = choices
    }

    func addRoutes(to routes: RouteBuilder<Context>) {
        let open = routes.routes("auth/oidc", .open)
        open.get("login", use: start)
        open.get("callback", use: finish)
    }

    /// What the flow keeps in its cookie between the two requests.
    struct Pending: Codable {
        var state: String
        var nonce: String
        var verifier: String
        var next: String
        var startedAt: Date
    }

    @Sendable func start(request: Request, context: Context) async throws -> Response {
        let pending = Pending(
            state: Secrets.randomToken(), nonce: Secrets.randomToken(), verifier: Secrets.randomToken(),
            next: LocalPath.sanitized(FormQuery(request)["next"]), startedAt: Date())
        let url: URL
        do {
            url = try await provider.authorizationURL(
                state: pending.state, nonce: pending.nonce, verifier: pending.verifier)
        } catch {
            return refused(error.reason, status: .badGateway, context: context)
        }
        var response = Response.redirect(to: url.absoluteString, type: .found)
        let value = try JSONEncoder().encode(pending).base64URLEncoded
        response.headers[.setCookie] = Self.cookie(value, maxAge: Int(Self.lifetime), secure: context.isHTTPS)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func finish(request: Request, context: Context) async throws -> Response {
        let query = FormQuery(request)
        var response = try await answer(request, query: query, context: context)
        // The flow's cookie is spent whatever happened: a reload of this address starts nothing.
        response.headers.append(
            HTTPField(name: .setCookie, value: Self.cookie("", maxAge: 0, secure: context.isHTTPS)))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func answer(_ request: Request, query: FormQuery, context: Context) async throws -> Response {
        let strings = context.strings
        if let error = query["error"] {
            let said = query["error_description"].map { ": \($0.prefix(200))" } ?? ""
            return refused(strings("oidc_provider_refused", ["error": error.prefix(60) + said]), context: context)
        }
        guard let cookie = request.cookies[Self.cookieName]?.value,
            let data = Data(base64URLEncoded: cookie), let pending = try? JSONDecoder().decode(Pending.self, from: data)
        else { return refused(strings["oidc_not_started"], context: context) }
        guard let state = query["state"], Secrets.same(state, pending.state) else {
            return refused(strings["oidc_state_mismatch"], context: context)
        }
        guard Date().timeIntervalSince(pending.startedAt) < Self.lifetime else {
            return refused(strings["oidc_expired"], context: context)
        }
        guard used.claim(pending.state) else { return refused(strings["oidc_not_started"], context: context) }
        guard let code = query["code"], !code.isEmpty else {
            return refused(strings["oidc_no_code"], context: context)
        }
        let claims: IDTokenClaims
        do {
            claims = try await provider.signIn(code: code, verifier: pending.verifier, nonce: pending.nonce)
        } catch {
            return refused(error.reason, status: error.isUnreachable ? .badGateway : .badRequest, context: context)
        }
        let account: Account
        do {
            account = try await signIn.account(for: claims)
        } catch OpenIDSignIn.Refusal.noAccount {
            return refused(
                strings("oidc_no_account", ["provider": choices.providerName ?? ""]), status: .forbidden,
                context: context)
        } catch OpenIDSignIn.Refusal.notInGroups {
            return refused(strings["oidc_not_in_groups"], status: .forbidden, context: context)
        }
        // A new session at every sign-in, as with a password.
        if let old = context.sessionHash { try await signIn.accounts.endSession(hash: old) }
        let token = try await signIn.accounts.startSession(for: account)
        var response = Response.redirect(to: pending.next, type: .normal)
        response.headers[.setCookie] = SessionCookie.set(token, secure: context.isHTTPS)
        response.headers.append(
            HTTPField(name: .setCookie, value: SessionCookie.signedInThroughProvider(secure: context.isHTTPS)))
        return response
    }

    private func refused(_ reason: String, status: HTTPResponse.Status = .badRequest, context: Context) -> Response {
        var page = LoginPage(next: "/", viewer: context.viewer, choices: choices, strings: context.strings)
        page.message = context.strings("oidc_refused", ["reason": reason])
        return renderer.render(page, status: status, context: context)
    }

    static func cookie(_ value: String, maxAge: Int, secure: Bool) -> String {
        "\(cookieName)=\(value); Path=/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=\(maxAge)"
            + (secure ? "; Secure" : "")
    }
}

/// How people may sign in here, for the sign-in page: with a password, through a provider, or both.
struct SignInChoices: Sendable {
    /// The provider's name on its button; `nil` without one.
    var providerName: String?
    /// `false` with `--no-password-login`.
    var passwordLogin = true
}

/// The states of finished sign-ins, forgotten after the flow's lifetime.
final class UsedStates: Sendable {
    private let states = Mutex<[String: Date]>([:])

    /// `true` the first time `state` is claimed.
    func claim(_ state: String, now: Date = Date()) -> Bool {
        states.withLock { states in
            states = states.filter { now.timeIntervalSince($0.value) < 900 }
            return states.updateValue(now, forKey: state) == nil
        }
    }
}
