import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation
import HTTPTypes
import Hummingbird

/// Signing in and out, the account page, and `GET /api/v1/me`.
///
/// Sign-in is throttled per account name and per client address (``LoginThrottle``); the same
/// message answers an unknown name and a wrong password, and both cost one bcrypt check.
struct AccountController<Context: AppContext>: Sendable {
    let accounts: Accounts
    let renderer: PageRenderer
    /// Password sign-in, the OpenID provider's button, or both.
    var choices = SignInChoices()
    /// The OpenID provider, whose sign-out a session started there ends with.
    var provider: OpenIDProvider? = nil
    /// The book's public address, where the provider sends the person back after signing out.
    var publicOrigin: String? = nil
    let throttle = LoginThrottle()

    func addRoutes(to routes: RouteBuilder<Context>) {
        let open = routes.routes("", .open)
        open.get("/login") { request, context in
            var page = LoginPage(
                next: LocalPath.sanitized(FormQuery(request)["next"]), viewer: context.viewer, choices: choices,
                strings: context.strings)
            // Sent here by a heart: say why, and that the drink comes back after signing in.
            if FormQuery(request)["why"] == "favorite" { page.reason = context.strings["login_why_favorite"] }
            return renderer.render(page, context: context)
        }
        open.post("/login", use: signIn)
        routes.routes("", .anyone).post("/logout", use: signOut)
        let router = routes.routes("", .guest)
        router.get("/account", use: accountPage)
        router.post("/account/password", use: changePassword)
        router.post("/account/email", use: changeEmail)
        router.post("/account/tokens", use: newToken)
        router.post("/account/tokens/:id/revoke", use: revokeToken)
        router.post("/account/sessions/revoke-others", use: signOutOthers)
        routes.routes("api/v1", .api(.guest)).get("me") { _, context in
            try APIResponse.json(["name": context.viewer.name ?? "", "role": (context.viewer.role ?? .guest).rawValue])
        }
    }

    @Sendable func signIn(request: Request, context: Context) async throws -> Response {
        let form = try context.submittedForm().decode(SignInForm.self)
        let name = (form.username ?? "").trimmingCharacters(in: .whitespaces)
        let next = LocalPath.sanitized(form.next)
        guard choices.passwordLogin else {
            return renderer.render(
                LoginPage(
                    next: next, message: context.strings["login_password_off"], viewer: context.viewer,
                    choices: choices, strings: context.strings),
                status: .forbidden, context: context)
        }
        let keys = ["account:" + name.lowercased(), "client:" + context.clientAddress]
        let attempt: LoginThrottle.Attempt
        switch throttle.begin(keys) {
        case .go(let begun): attempt = begun
        case .wait(let wait):
            var response = renderer.render(
                LoginPage(
                    next: next, name: name,
                    message: context.strings(
                        "login_throttled", ["wait": context.strings.count("details_minutes", (wait + 59) / 60)]),
                    viewer: context.viewer, choices: choices, strings: context.strings),
                status: .tooManyRequests, context: context
            )
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let verified: Account?
        do {
            verified = try await accounts.verify(name: name, password: form.password ?? "")
        } catch {
            throttle.failed(attempt)
            throw error
        }
        guard let account = verified else {
            throttle.failed(attempt)
            return renderer.render(
                LoginPage(
                    next: next, name: name, message: context.strings["login_wrong"], viewer: context.viewer,
                    choices: choices, strings: context.strings),
                status: .unauthorized, context: context
            )
        }
        throttle.succeeded(attempt)
        // A new session at every sign-in: a session id planted before it is worth nothing after.
        if let old = context.sessionHash { try await accounts.endSession(hash: old) }
        let token = try await accounts.startSession(for: account)
        var response = Response.redirect(to: next, type: .normal)
        response.headers[.setCookie] = SessionCookie.set(token, secure: context.isHTTPS)
        return response
    }

    @Sendable func signOut(request: Request, context: Context) async throws -> Response {
        if let hash = context.sessionHash { try await accounts.endSession(hash: hash) }
        var response = Response.redirect(to: try await afterSignOut(request), type: .normal)
        response.headers[.setCookie] = SessionCookie.clear(secure: context.isHTTPS)
        response.headers.append(
            HTTPField(name: .setCookie, value: SessionCookie.clearProvider(secure: context.isHTTPS)))
        // What the browser kept of this account's pages goes with it; the service worker drops
        // its offline copies when the next page comes for someone else.
        response.headers[HTTPField.Name("Clear-Site-Data")!] = "\"cache\""
        return response
    }

    /// Where signing out leads: the provider's own sign-out when the session began there and the
    /// provider has one (it sends the person back to the book), else the book's first page.
    private func afterSignOut(_ request: Request) async throws -> String {
        guard let provider, let publicOrigin, request.cookies[SessionCookie.providerName]?.value == "oidc",
            let endpoint = try? await provider.discovery().endSessionEndpoint,
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return "/" }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "client_id", value: provider.settings.clientID),
                URLQueryItem(name: "post_logout_redirect_uri", value: publicOrigin + "/"),
            ]
        return components.url?.absoluteString ?? "/"
    }

    @Sendable func accountPage(request: Request, context: Context) async throws -> Response {
        guard case .account(let account) = context.viewer else {
            return renderer.render(AccountPage(owner: (), strings: context.strings), context: context)
        }
        let notice = AccountPage.notice(FormQuery(request)["done"], strings: context.strings)
        return await renderer.render(try page(for: account, notice: notice, strings: context.strings), context: context)
    }

    private func page(
        for account: Account, notice: String? = nil, newToken: String? = nil, message: String? = nil, strings: UIStrings
    ) async throws -> AccountPage {
        var page = await AccountPage(
            account: account, tokens: try await accounts.tokens(of: account.id),
            otherSessions: max(0, try await accounts.sessionCount(of: account.id) - 1),
            notice: notice, newToken: newToken, message: message, email: try await accounts.email(of: account.id),
            strings: strings
        )
        page.hasPassword = try await accounts.hasPassword(named: account.name)
        page.noPasswordText = strings(
            "account_no_password", ["command": "cocktailbook user passwd \(account.name) --password-stdin"])
        return page
    }

    @Sendable func changePassword(request: Request, context: Context) async throws -> Response {
        let (account, form) = try await signedIn(request, context, PasswordForm.self)
        guard try await accounts.verify(name: account.name, password: form.current ?? "") != nil else {
            return await renderer.render(
                try page(for: account, message: context.strings["account_wrong_password"], strings: context.strings),
                status: .badRequest, context: context)
        }
        do {
            try await accounts.changePassword(of: account.name, to: form.new ?? "", keeping: context.sessionHash)
        } catch let refusal as Accounts.Refusal {
            return await renderer.render(
                try page(for: account, message: refusal.message, strings: context.strings), status: .badRequest,
                context: context)
        }
        return .redirect(to: "/account?done=password", type: .normal)
    }

    /// The address an OpenID provider's verified e-mail links to (with `--oidc-link-verified-email`).
    @Sendable func changeEmail(request: Request, context: Context) async throws -> Response {
        let (account, form) = try await signedIn(request, context, EmailForm.self)
        do {
            try await accounts.setEmail(form.email, named: account.name)
        } catch let refusal as Accounts.Refusal {
            return await renderer.render(
                try page(for: account, message: refusal.message, strings: context.strings), status: .badRequest,
                context: context)
        } catch StoreError.emailTaken {
            return await renderer.render(
                try page(for: account, message: context.strings["account_email_taken"], strings: context.strings),
                status: .conflict, context: context)
        }
        return .redirect(to: "/account?done=email", type: .normal)
    }

    @Sendable func newToken(request: Request, context: Context) async throws -> Response {
        let (account, form) = try await signedIn(request, context, TokenForm.self)
        let label = form.label?.trimmingCharacters(in: .whitespaces).prefix(60).description
        let now = Date()
        guard let scope = TokenScope(rawValue: form.scope ?? TokenScope.write.rawValue) else {
            return await renderer.render(
                try page(
                    for: account, message: context.strings["account_token_scope_invalid"], strings: context.strings),
                status: .badRequest, context: context)
        }
        let lifetime = form.lifetime ?? "never"
        guard TokenLifetime.choices.contains(lifetime), let seconds = TokenLifetime.seconds(lifetime)
        else {
            return await renderer.render(
                try page(
                    for: account, message: context.strings["account_token_lifetime_invalid"], strings: context.strings),
                status: .badRequest, context: context)
        }
        let token: String
        do {
            token = try await accounts.issueToken(
                for: account.name, label: label?.isEmpty == false ? label : nil, scope: scope,
                expiresAt: seconds.map { now.addingTimeInterval($0) }, at: now)
        } catch let refusal as Accounts.Refusal {
            return await renderer.render(
                try page(for: account, message: refusal.message, strings: context.strings), status: .badRequest,
                context: context)
        }
        // Shown once, on this answer only; never stored in clear.
        return await renderer.render(
            try page(for: account, newToken: token, strings: context.strings), context: context)
    }

    @Sendable func revokeToken(request: Request, context: Context) async throws -> Response {
        let (account, _) = try await signedIn(request, context, NoFields.self)
        guard let id = Int64(try context.parameters.require("id")),
            try await accounts.revokeToken(id: id, of: account.id)
        else {
            throw AppError(status: .notFound, code: "not_found", message: "You have no such API token.")
        }
        return .redirect(to: "/account?done=revoked", type: .normal)
    }

    @Sendable func signOutOthers(request: Request, context: Context) async throws -> Response {
        let (account, _) = try await signedIn(request, context, NoFields.self)
        try await accounts.endSessions(of: account.id, keeping: context.sessionHash)
        return .redirect(to: "/account?done=sessions", type: .normal)
    }

    /// The signed-in account and its form; the owner of a book without accounts has none to change.
    private func signedIn<Form: PageForm>(_ request: Request, _ context: Context, _ type: Form.Type) async throws
        -> (Account, Form)
    {
        let form = try context.submittedForm().decode(Form.self)
        guard case .account(let account) = context.viewer else { throw AppError.signInRequired }
        return (account, form)
    }

    static func minutes(_ seconds: Int) -> String {
        let minutes = (seconds + 59) / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}

/// The account pages' forms.
struct SignInForm: PageForm {
    var username, password: String?
    /// The page to go back to once signed in (a path of this site).
    var next: String?
}
struct PasswordForm: PageForm { var current, new: String? }
struct EmailForm: PageForm { var email: String? }
struct TokenForm: PageForm {
    var label: String?
    var scope: String?
    var lifetime: String?
}
