import CocktailBookApp
import HTTPTypes
import Hummingbird

/// The outermost layer: every response, errors included, leaves with the security headers; a
/// browser without a CSRF cookie gets one; and `OPTIONS` (CORS preflight) is answered here,
/// allowing only reads from other origins.
struct SecurityHeadersMiddleware<Context: AppContext>: RouterMiddleware {
    /// The routes' methods, for `Allow`.
    let table: RouteTable
    /// How forwarded headers are read: who the client is and whether it came over HTTPS.
    var proxy = ProxyTrust(isEnabled: false)
    /// The book's public address (`--public-url`), which every absolute link uses when set.
    var publicOrigin: String?
    /// `host:port` where the server listens, for absolute links of a request without a usable
    /// `Host` header.
    var fallbackHost = "127.0.0.1"
    /// The pages' policy when a form may lead elsewhere: signing out through the OpenID
    /// provider redirects the sign-out form there (`form-action` holds for redirects too).
    var pagePolicyWithProvider: String? = nil

    /// The pages' policy, with the OpenID provider's origin among the forms' targets.
    static func pagePolicy(allowingFormsTo origin: String) -> String {
        pagePolicy.replacingOccurrences(of: "form-action 'self'", with: "form-action 'self' \(origin)")
    }

    /// Pages: our own script and style only, no framing, no plugins, forms to ourselves.
    static var pagePolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    /// Everything that is not a page (JSON, pictures, assets): nothing may run or frame it.
    static var resourcePolicy: String {
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        context.clientAddress = proxy.client(
            peer: context.peerAddress, forwardedFor: request.headers[HTTPField.Name("X-Forwarded-For")!])
        context.isHTTPS = proxy.arrivedOverHTTPS(
            peer: context.peerAddress, forwardedProto: request.headers[HTTPField.Name("X-Forwarded-Proto")!])
        context.origin =
            publicOrigin
            ?? CocktailDBImageBase.origin(
                of: request, fallbackHost: fallbackHost,
                forwarded: proxy.isEnabled && proxy.trusts(context.peerAddress))
        let existing = CSRFToken.fromCookie(of: request)
        context.csrfToken = existing ?? CSRFToken.generate()
        // What the route declares (``RoutePolicy``), looked up once for every layer within.
        let policy = table.policy(for: request.uri.path) ?? .anyone
        context.surface = policy.surface

        var response: Response
        if request.method == .options {
            response = preflight(request, policy: policy)
        } else {
            response = try await next(request, context)
        }
        if existing == nil, policy.surface == .page {
            response.headers.append(
                HTTPField(name: .setCookie, value: CSRFToken.cookie(context.csrfToken, secure: context.isHTTPS)))
        }
        if let pagePolicyWithProvider, response.headers[.contentSecurityPolicy] == nil,
            response.headers[.contentType]?.hasPrefix("text/html") == true
        {
            response.headers[.contentSecurityPolicy] = pagePolicyWithProvider
        }
        Self.addHeaders(to: &response, readableCrossOrigin: policy.readableCrossOrigin)
        // Only over HTTPS: a browser ignores it over plain http, and a household reaching the
        // server directly on the LAN by http must still be able to sign in.
        if context.isHTTPS, response.headers[.strictTransportSecurity] == nil {
            response.headers[.strictTransportSecurity] = "max-age=31536000"
        }
        return response
    }

    static func addHeaders(to response: inout Response, readableCrossOrigin: Bool) {
        let isPage = response.headers[.contentType]?.hasPrefix("text/html") == true
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers.append(isPage ? Fixed.pagePolicy : Fixed.resourcePolicy)
        }
        // Made once: a field's value is checked when it is made, and these never change.
        for field in Fixed.always where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        // Both JSON APIs may be read from any web page; they use no cookies, so nothing of the
        // visitor's leaks. Writes are never allowed cross-origin (see `preflight`).
        if readableCrossOrigin {
            response.headers[.accessControlAllowOrigin] = "*"
        }
    }

    /// `OPTIONS`: `204` naming what may be sent. Cross-origin pages may only read the APIs, so
    /// a preflight for a write gets no `Access-Control-Allow-Methods` that covers it.
    func preflight(_ request: Request, policy: RoutePolicy) -> Response {
        var response = Response(status: .noContent)
        response.headers[.allow] = table.allow(for: request.uri.path) ?? "GET, HEAD, POST, OPTIONS"
        if request.headers[.accessControlRequestMethod] != nil, policy.surface == .api {
            response.headers[.accessControlAllowMethods] = "GET, HEAD, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Accept, Authorization"
            response.headers[.accessControlMaxAge] = "600"
        }
        return response
    }
}

/// The security headers' fields, made once.
private enum Fixed {
    static let pagePolicy = HTTPField(
        name: .contentSecurityPolicy, value: SecurityHeadersMiddleware<AppRequestContext>.pagePolicy)
    static let resourcePolicy = HTTPField(
        name: .contentSecurityPolicy, value: SecurityHeadersMiddleware<AppRequestContext>.resourcePolicy)
    static let always: [HTTPField] = [
        HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        HTTPField(name: HTTPField.Name("X-Frame-Options")!, value: "DENY"),
        HTTPField(name: HTTPField.Name("Referrer-Policy")!, value: "same-origin"),
        HTTPField(name: HTTPField.Name("Cross-Origin-Opener-Policy")!, value: "same-origin"),
        HTTPField(
            name: HTTPField.Name("Permissions-Policy")!,
            value: "camera=(), microphone=(), geolocation=(), interest-cohort=()"),
    ]
}
