import CocktailBookApp
import Foundation
import Hummingbird

/// Cross-site request forgery protection for HTML forms, by the double-submit pattern: every
/// browser gets a random token in a `SameSite=Strict`, `HttpOnly` cookie, every form carries
/// the same token in a hidden `csrf` field, and a form submission whose field does not match
/// its cookie is refused. A page on another site can neither read the cookie nor our pages, so
/// it cannot forge the field. (The Origin check in ``RequestPolicyMiddleware`` is the second,
/// independent layer, and the only one for the JSON API, which takes no cookies.)
enum CSRFToken {
    /// The cookie's name.
    static let cookieName = "cocktailbook_csrf"
    /// The form field's name.
    static let fieldName = "csrf"

    /// A new token.
    static func generate() -> String {
        Secrets.randomToken()
    }

    /// The token this request's cookie carries, when it is well-formed.
    static func fromCookie(of request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, isWellFormed(value) else { return nil }
        return value
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The `Set-Cookie` value that gives a browser `token`.
    static func cookie(_ token: String, secure: Bool = false) -> String {
        "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// Refuses a form submission whose `csrf` field is not this browser's token, in constant
    /// time for equal lengths. ``RoutePolicyMiddleware`` calls it for every page's form.
    static func verify(_ field: String?, request: Request) throws {
        guard let cookie = fromCookie(of: request), let field, Secrets.same(field, cookie) else {
            throw AppError(
                status: .forbidden, code: "csrf_failed",
                message: "This form has expired or did not come from this site. Reload the page and try again."
            ).said(by: "apperror_csrf_failed")
        }
    }
}
