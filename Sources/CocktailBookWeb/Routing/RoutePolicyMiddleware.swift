import CocktailBook
import CocktailBookApp
import Foundation
import HTTPTypes
import Hummingbird

/// Applies a group's ``RoutePolicy``: refuses whom it does not admit (a page sends a visitor
/// who must sign in to the sign-in page first), reads and checks a page's form against CSRF,
/// serves and keeps its answers through the response cache, and tells the renderer whether its
/// pages may be kept offline.
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
        let mustSignIn =
            (isPrivate && !policy.openWhenPrivate && context.viewer.role == nil)
            || (policy.role > .anyone && context.viewer.favoritesOwner == .nobody)
        if mustSignIn {
            // A page asked by someone not signed in: the sign-in page first, then back here. A
            // form that says why it needs someone (a heart): the sign-in page saying so, then
            // back to the page the form was on.
            guard policy.surface == .page else { throw AppError.signInRequired }
            let back: String
            var why = ""
            if request.method.isRead {
                back = request.uri.description
            } else if let reason = policy.signInReason {
                back = Self.sendingPage(request)
                why = "&why=" + reason
            } else {
                throw AppError.signInRequired
            }
            let next = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "%2F"
            return .redirect(to: "/login?next=" + next + why, type: .normal)
        }
        try admit(context.viewer)
        if let scope = context.tokenScope { try admit(scope, request) }
        if let exclusive = policy.oneAtATime, !request.method.isRead {
            guard exclusive.gate.enter() else {
                throw AppError(status: .conflict, code: "busy", message: exclusive.busy(context.strings))
            }
            defer { exclusive.gate.leave() }
            return try await applied(request, context: context, next: next)
        }
        return try await applied(request, context: context, next: next)
    }

    /// The form read and checked, then the route's answer through the cache or the idempotency
    /// keeper when the policy says so.
    private func applied(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        if policy.surface == .page, !request.method.isRead {
            if context.signedInWithToken { throw AppError.tokenOnPage }
            var request = request
            let form = try await SubmittedForm.read(&request, rule: policy.form, strings: context.strings)
            try CSRFToken.verify(form.fields[CSRFToken.fieldName], request: request)
            context.form = form
        }
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

    /// The page of this site a form was sent from (its `Referer`), else the start page.
    static func sendingPage(_ request: Request) -> String {
        guard let referer = request.headers[.referer], let url = URL(string: referer),
            url.host?.lowercased() == request.head.authority?.split(separator: ":").first?.lowercased()
        else { return "/" }
        return LocalPath.sanitized(url.path + (url.query.map { "?" + $0 } ?? ""))
    }

    /// Refuses an API token below what the route does (`403`): a `read` token writes nothing,
    /// and only an `admin` token reaches the admin routes.
    private func admit(_ scope: TokenScope, _ request: Request) throws {
        let needed: TokenScope = policy.role == .admin ? .admin : request.method.isRead ? .read : .write
        guard scope >= needed else {
            throw AppError(
                status: .forbidden, code: "token_scope",
                message:
                    "This API token may \(scope.rawValue) only; this needs a token with the \(needed.rawValue) scope.")
        }
    }

    /// Refuses a signed-in viewer below the route's role (`403`).
    private func admit(_ viewer: Viewer) throws {
        switch policy.role {
        case .anyone, .guest: return
        case .member:
            guard (viewer.role ?? .guest) >= .member else {
                throw AppError(
                    status: .forbidden, code: "forbidden",
                    message: "A guest account may browse the book and keep favorites, nothing else."
                ).said(by: "apperror_guest")
            }
        case .admin:
            guard viewer.isAdmin else {
                throw AppError(
                    status: .forbidden, code: "forbidden",
                    message: "Your account may not do this; it needs the admin role."
                ).said(by: "apperror_forbidden_role", ["role": Role.admin.rawValue])
            }
        }
    }
}

extension AppError {
    /// A page's form sent with an API token instead of a browser's session.
    static var tokenOnPage: AppError {
        AppError(
            status: .forbidden, code: "token_not_accepted",
            message: "API tokens work with the API only; sign in to use the book's forms."
        ).said(by: "apperror_token_not_accepted")
    }
}
